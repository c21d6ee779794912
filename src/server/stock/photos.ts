/**
 * Each garment's photo, kept by the stock: the first photo of its garment in its request
 * (LEADS_DIR/<request>/, `leadGarments(lead)[item.index]`) is copied, reduced, into
 * STOCK_DIR/photos/ the first time the stock sees the item, so it outlives the request's erasure
 * after 3 years (src/server/leads/retention.ts). An item whose request has no photo, or is already
 * erased, is shown with a neutral placeholder (`PLACEHOLDER_SVG`).
 *
 * What must stay true: only a file its lead.json lists is read (never a name from an address);
 * each copy is written whole or not at all, mode 600; a photo that cannot be read is logged and the
 * placeholder shown, never an error page.
 */
import { access, mkdir, readFile } from "node:fs/promises"
import path from "node:path"
import sharp from "sharp"
import { leadGarments } from "../../contract/garments"
import type { StockItem } from "../../contract/stock"
import { writeFileAtomic } from "../files"
import { isLeadId } from "../leads/outbox"
import type { Lead } from "../leads/types"

/** The kept photo (for the item page and the site's gallery) and its thumbnail (the list). */
export const PHOTO_SIZES = { photo: { edge: 1600, quality: 85 }, vignette: { edge: 480, quality: 70 } } as const
export type PhotoSize = keyof typeof PHOTO_SIZES

/** The same bound as the inbox's reductions: a "pixel bomb" is refused, not decoded. */
const MAX_INPUT_PIXELS = 100_000_000

export const photoFile = (stockDir: string, number: number, size: PhotoSize) =>
  path.join(stockDir, "photos", `${number}${size === "vignette" ? "-vignette" : ""}.jpg`)

/** A grey frame with a coat hanger, for an item without a photo. */
export const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" role="img" aria-label="Pas de photo"><rect width="400" height="500" fill="#e5e7eb"/><path d="M200 170a22 22 0 1 1 22 22c-12 0-22 8-22 20v8l130 80H70l130-80" fill="none" stroke="#6b7280" stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/></svg>\n`

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  )

/** The request's photo of this garment, or null (no request any more, no photo for it). */
async function originalOf(leadsDir: string, item: StockItem): Promise<string | null> {
  if (!isLeadId(item.request)) return null
  const folder = path.join(leadsDir, item.request)
  let lead: Lead
  try {
    lead = JSON.parse(await readFile(path.join(folder, "lead.json"), "utf8")) as Lead
  } catch {
    return null
  }
  const names = leadGarments(lead)[item.garment.index]?.photos ?? []
  // A name is a file of that folder only: a lead.json naming "../x" reads nothing.
  for (const name of names) if (name === path.basename(name) && (await exists(path.join(folder, name)))) return path.join(folder, name)
  return null
}

async function keep(original: string, target: string, size: PhotoSize): Promise<void> {
  const { edge, quality } = PHOTO_SIZES[size]
  const bytes = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(edge, edge, { fit: "inside", withoutEnlargement: true })
    .jpeg({ quality, mozjpeg: true })
    .toBuffer()
  await writeFileAtomic(target, bytes, { mode: 0o600 })
}

/** Copies the photos of the items not kept yet whose request still holds one; returns the numbers that have a kept photo. */
export async function keepPhotos(stockDir: string, leadsDir: string | undefined, items: ReadonlyArray<StockItem>): Promise<Set<number>> {
  const kept = new Set<number>()
  for (const item of items) {
    if (await exists(photoFile(stockDir, item.number, "vignette"))) {
      kept.add(item.number)
      continue
    }
    if (!leadsDir) continue
    const original = await originalOf(leadsDir, item)
    if (!original) continue
    try {
      await mkdir(path.join(stockDir, "photos"), { recursive: true, mode: 0o700 })
      await keep(original, photoFile(stockDir, item.number, "photo"), "photo")
      await keep(original, photoFile(stockDir, item.number, "vignette"), "vignette")
      kept.add(item.number)
    } catch (error) {
      console.error(`stock : photo de l'article n° ${item.number} non copiée`, error)
    }
  }
  return kept
}
