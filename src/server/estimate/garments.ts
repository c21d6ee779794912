/**
 * The garments of an estimate form, as the server read it (pure): which field belongs to which
 * garment. Garment N's text fields are `garments[N][brand]`… and its photos files under `photos[N]`
 * (src/contract/estimate.ts); the fields of a form written before several garments existed
 * (`brand`, `description`, `photos`, without an index) are garment 0's, an indexed value winning.
 *
 * What must stay true: a garment keeps its index (its place in the form: « Article N » is index
 * N + 1 in every message); a garment sent entirely blank (no text, no photo) is not one; an index
 * at or above MAX_GARMENTS is reported, never silently dropped.
 */
import { ESTIMATE_FIELDS, GARMENT_TEXT_FIELDS, MAX_GARMENTS, type GarmentTextField } from "../../contract/estimate"

const TEXT_FIELD = /^garments\[(\d{1,6})\]\[([a-z]+)\]$/
const PHOTO_FIELD = /^photos(?:\[(\d{1,6})\])?$/

/** One garment's raw values as posted, before any rule. */
export type PostedGarment<Photo> = { index: number; text: Partial<Record<GarmentTextField, string>>; photos: Photo[] }

export type GroupedGarments<Photo> = { ok: true; garments: Array<PostedGarment<Photo>> } | { ok: false; reason: "too-many-garments" }

const isTextField = (name: string): name is GarmentTextField => (GARMENT_TEXT_FIELDS as readonly string[]).includes(name)

/** The photo field's garment index (0 for the legacy `photos`), or null when the field carries no photo of ours. */
export function photoFieldIndex(field: string): number | null {
  const match = PHOTO_FIELD.exec(field)
  if (!match) return null
  return match[1] === undefined ? 0 : Number(match[1])
}

/** The form's fields and photos grouped by garment, in index order, blank garments left out. */
export function groupGarments<Photo extends { field: string }>(fields: Readonly<Record<string, string>>, photos: readonly Photo[]): GroupedGarments<Photo> {
  const byIndex = new Map<number, PostedGarment<Photo>>()
  const garment = (index: number) => {
    let found = byIndex.get(index)
    if (!found) byIndex.set(index, (found = { index, text: {}, photos: [] }))
    return found
  }
  let outOfRange = false
  for (const [name, value] of Object.entries(fields)) {
    const match = TEXT_FIELD.exec(name)
    if (!match || !isTextField(match[2]!)) continue
    const index = Number(match[1])
    if (index >= MAX_GARMENTS) outOfRange ||= value.trim() !== ""
    else garment(index).text[match[2]] = value
  }
  // The single-garment form's fields, where garment 0 did not send its own.
  for (const field of GARMENT_TEXT_FIELDS) {
    const legacy = fields[ESTIMATE_FIELDS[field]]
    if (legacy !== undefined && garment(0).text[field] === undefined) garment(0).text[field] = legacy
  }
  for (const photo of photos) {
    const index = photoFieldIndex(photo.field)
    if (index === null) continue
    if (index >= MAX_GARMENTS) outOfRange = true
    else garment(index).photos.push(photo)
  }
  if (outOfRange) return { ok: false, reason: "too-many-garments" }
  const garments = [...byIndex.values()]
    .filter((posted) => posted.photos.length > 0 || Object.values(posted.text).some((value) => value.trim() !== ""))
    .sort((a, b) => a.index - b.index)
  return { ok: true, garments }
}
