/**
 * The photos as the inbox shows them: a list does not download four 10 MB originals per request.
 * Each original is reduced once with sharp (EXIF orientation applied, metadata dropped) to a WebP
 * thumbnail for the list or a preview for the request's page, kept beside it in the request's
 * folder (so « Supprimer » and retention erase it with the rest) and read from there afterwards.
 *
 * What must stay true: only a photo the request lists is read (the caller passes it from
 * lead.json, never a name from the address), and a reduced copy is written whole or not at all.
 */
import { readFile } from "node:fs/promises"
import path from "node:path"
import sharp from "sharp"
import { writeFileAtomic } from "../files"
import type { LeadPhoto } from "../leads/types"

export const REDUCED = {
  /** Square thumbnails of the list: 64 CSS px, sharp on a 2× phone screen and a bit more. */
  vignettes: { prefix: "vignette", edge: 160, fit: "cover", quality: 60 },
  /** The request's page: wide enough for a desktop column, a few hundred kB at most. */
  apercus: { prefix: "apercu", edge: 1200, fit: "inside", quality: 75 },
} as const

export type ReducedSize = keyof typeof REDUCED

export const isReducedSize = (name: string): name is ReducedSize => Object.hasOwn(REDUCED, name)

/** The same bound as the mail's re-encoding: a "pixel bomb" is refused, not decoded. */
const MAX_INPUT_PIXELS = 100_000_000

/** Reductions under way, so two pages asking for the same one at once run sharp once. */
const running = new Map<string, Promise<Buffer>>()

async function reduce(original: string, target: string, size: ReducedSize): Promise<Buffer> {
  const { edge, fit, quality } = REDUCED[size]
  const reduced = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(edge, edge, { fit, withoutEnlargement: true })
    .webp({ quality })
    .toBuffer()
  // A copy that cannot be kept (disk full, the request erased meanwhile) is still shown this once.
  await writeFileAtomic(target, reduced).catch(() => undefined)
  return reduced
}

/** The WebP bytes of `photo` (of the request in `dir`) at `size`: the kept copy, else made now. */
export async function reducedPhoto(dir: string, photo: LeadPhoto, size: ReducedSize): Promise<Buffer> {
  const target = path.join(dir, `${REDUCED[size].prefix}-${path.parse(photo.file).name}.webp`)
  try {
    return await readFile(target)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
  }
  const current = running.get(target)
  if (current) return current
  const made = reduce(path.join(dir, photo.file), target, size).finally(() => running.delete(target))
  running.set(target, made)
  return made
}
