/**
 * Photos named after what they show (docs/studio.md#names): Decap sends a photo chosen in an entry
 * together with that entry's save, under the phone's name (`img_4521.jpg`). Before the save is
 * checked, each such photo that a list item of the saved files names is renamed after that item
 * (`lacoste-polo-classique-blanc.jpg`: brand and title, or name) and every reference to it in the
 * same save is rewritten, so the files and the photos on disk always agree.
 *
 * Decap keeps the old name in the open editor and sends the photo again with each later save of
 * that entry: a photo whose bytes are already on disk in its folder keeps the name it has there,
 * so those saves rewrite the same reference to the same file and never make a second copy.
 *
 * Every other new photo gets a safe name (`safeFileName`: lowercase letters, digits, `-`, `_`,
 * `.`, accents folded, no leading dot): a newline, a right-to-left override (U+202E) or a hidden
 * `.name` in a phone's file name is never written nor committed; the references are rewritten
 * the same way and a folded name never overwrites another photo.
 */
import { createHash } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import type { Change } from "./save"

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Photo = { file: string; bytes: Buffer }

/** The fields that name an item, in the order they are read. */
const NAMING_FIELDS = ["brand", "title", "name"]
const MAX_NAME_LENGTH = 80

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex")

/** "Lacoste", "Polo L.12.12 blanc" → "lacoste-polo-l-12-12-blanc": lowercase ASCII words and hyphens. */
export function photoSlug(words: ReadonlyArray<string>): string {
  const slug = words
    .join(" ")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
  return slug.length <= MAX_NAME_LENGTH ? slug : slug.slice(0, MAX_NAME_LENGTH).replace(/-[^-]*$/, "")
}

/**
 * "Été 2024 (1).JPG" → "ete-2024-1.jpg", ".cache.png" → "cache.png", "a\u202Egpj.png" → "a-gpj.png":
 * what is left of a file's name once only lowercase ASCII letters, digits, `-`, `_` and `.` remain.
 */
export function safeFileName(name: string): string {
  const dot = name.lastIndexOf(".")
  const extension =
    dot > 0
      ? name
          .slice(dot)
          .toLowerCase()
          .replace(/[^a-z0-9.]/g, "")
      : ""
  const stem = (dot > 0 ? name.slice(0, dot) : name)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, "-")
    .replace(/^[-_.]+|[-_.]+$/g, "")
    .slice(0, MAX_NAME_LENGTH)
  return `${stem || "photo"}${extension}`
}

function isObject(value: Json): value is { [key: string]: Json } {
  return value !== null && typeof value === "object" && !Array.isArray(value)
}

/** The first object in `value` with a field equal to `reference` (the item that shows the photo). */
function ownerOf(value: Json, reference: string): { [key: string]: Json } | null {
  if (Array.isArray(value)) {
    for (const child of value) {
      const found = ownerOf(child, reference)
      if (found) return found
    }
    return null
  }
  if (!isObject(value)) return null
  if (Object.values(value).includes(reference)) return value
  return ownerOf(Object.values(value), reference)
}

/** `value` with every string equal to a key of `renamed` replaced by its new reference. */
function rewrite(value: Json, renamed: ReadonlyMap<string, string>): Json {
  if (typeof value === "string") return renamed.get(value) ?? value
  if (Array.isArray(value)) return value.map((child) => rewrite(child, renamed))
  if (!isObject(value)) return value
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, rewrite(child, renamed)]))
}

/** A photo of `folder` (not written by this save) with exactly these bytes, if there is one. */
function sameBytesOnDisk(folder: string, bytes: Buffer, taken: ReadonlySet<string>): string | null {
  if (!fs.existsSync(folder)) return null
  const digest = sha(bytes)
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name)
    if (!entry.isFile() || taken.has(file) || fs.statSync(file).size !== bytes.length) continue
    if (sha(fs.readFileSync(file)) === digest) return file
  }
  return null
}

/** `<folder>/<slug><ext>`, or `<slug>-2<ext>`, … : the first name neither on disk nor taken by this save. */
function freeName(folder: string, slug: string, extension: string, taken: ReadonlySet<string>): string {
  for (let copy = 1; ; copy += 1) {
    const file = path.join(folder, `${slug}${copy === 1 ? "" : `-${copy}`}${extension}`)
    if (!taken.has(file) && !fs.existsSync(file)) return file
  }
}

function parsed(raw: string): Json | undefined {
  try {
    return JSON.parse(raw) as Json
  } catch {
    return undefined // save.ts refuses it with its own French line
  }
}

/**
 * The change with its photos renamed after the items that show them and the references in its
 * content files rewritten; `contentDir` is the absolute content/ folder references start from.
 */
export function namePhotosAfterItems(contentDir: string, change: Change): Change {
  const data = (change.data ?? []).map((entry) => ({ ...entry, value: parsed(entry.raw) }))
  const reference = (file: string) => path.relative(contentDir, file).split(path.sep).join("/")
  const renamed = new Map<string, string>()
  const taken = new Set<string>()
  const photos: Photo[] = []
  for (const photo of change.photos ?? []) {
    const owner = data.map(({ value }) => (value === undefined ? null : ownerOf(value, reference(photo.file)))).find((found) => found !== null)
    const words = NAMING_FIELDS.map((field) => owner?.[field]).filter((word): word is string => typeof word === "string" && word.trim() !== "")
    const slug = photoSlug(words)
    const safe = safeFileName(path.basename(photo.file))
    if ((!owner || slug === "") && safe === path.basename(photo.file)) {
      photos.push(photo)
      continue
    }
    const folder = path.dirname(photo.file)
    const existing = sameBytesOnDisk(folder, photo.bytes, taken)
    const file =
      existing ??
      (owner && slug !== ""
        ? freeName(folder, slug, path.extname(photo.file).toLowerCase(), taken)
        : freeName(folder, path.parse(safe).name, path.extname(safe), taken))
    taken.add(file)
    renamed.set(reference(photo.file), reference(file))
    // A photo already on disk is not written again: the save only points to it.
    if (!existing) photos.push({ file, bytes: photo.bytes })
  }
  if (renamed.size === 0) return change
  // Each file keeps its `base` (save.ts merges against it): only its text is rewritten.
  const rewritten = data.map(({ value, ...entry }) => ({ ...entry, raw: value === undefined ? entry.raw : JSON.stringify(rewrite(value, renamed), null, 2) }))
  return { ...change, data: rewritten, photos, renamed }
}
