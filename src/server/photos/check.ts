/**
 * A photo file checked on the server before anything keeps it (`checkPhotoFile`), in two steps:
 * 1. its width and height read from its header only (sharp's metadata decodes no pixel), so a
 *    small file announcing more than MAX_PHOTO_PIXELS (src/contract/photos.ts) is refused in
 *    milliseconds, never decoded;
 * 2. the whole image decoded, bounded by the same pixel limit, off the event loop (sharp runs in
 *    libvips' threads), so a file that is not the image its first bytes claim (a GIF header
 *    followed by a script, a truncated JPEG) is refused.
 *
 * Shared by whoever receives photos: the estimate form uses `checkPhotoFile`; a caller that only
 * needs the header's verdict (the studio's photo checks) uses `photoSize` and `overPixelLimit`.
 * What must stay true: no decode starts before the header said the size is within the limit, and
 * a decode keeps nothing (it reduces the image to a few pixels and drops them), so checking costs
 * no lasting memory.
 */
import path from "node:path"
import type Sharp from "sharp"
import { MAX_PHOTO_PIXELS } from "../../contract/photos"

export { MAX_PHOTO_PIXELS }

/**
 * sharp is native code: Gatsby compiles each function with webpack, which cannot bundle it (and
 * replaces an imported createRequire by undefined). It is loaded at run time from the server's
 * own node_modules (the working directory's) through process.getBuiltinModule, which webpack
 * leaves alone (the same way as src/server/leads/mail-photos.ts), once per bundle.
 *
 * libvips' operation cache is turned off for the process (one native module, shared by every
 * bundle and the host): each photo is checked once and never decoded again, so the cache only
 * kept the results of eighty decodes after a burst of uploads (about 20 MB more at the upload
 * bench's peak); the inbox keeps its reduced copies on disk, not there.
 */
let sharpModule: typeof Sharp | null = null
function loadSharp(): typeof Sharp {
  if (sharpModule) return sharpModule
  const { createRequire } = process.getBuiltinModule("node:module")
  sharpModule = createRequire(path.join(process.cwd(), "package.json"))("sharp") as typeof Sharp
  sharpModule.cache(false)
  return sharpModule
}

export type PhotoSize = { readonly width: number; readonly height: number }

/** The width and height a file's header announces, or null when sharp cannot read its header. Reads no pixel. */
export async function photoSize(file: string | Buffer): Promise<PhotoSize | null> {
  try {
    // limitInputPixels: false, so the header of a too large image is still read and its size named.
    const { width, height } = await loadSharp()(file, { limitInputPixels: false }).metadata()
    return width && height ? { width, height } : null
  } catch {
    return null
  }
}

export const overPixelLimit = ({ width, height }: PhotoSize): boolean => width * height > MAX_PHOTO_PIXELS

/** not-image: no image header at all; too-many-pixels: over MAX_PHOTO_PIXELS; unreadable: its pixels do not decode (cut short, corrupt). */
export type PhotoVerdict = { ok: true } | { ok: false; reason: "not-image" | "unreadable" } | { ok: false; reason: "too-many-pixels"; size: PhotoSize }

/**
 * The header first (the pixel limit), then the decode: a photo passes only if both agree. One
 * sharp instance for both, bounded by MAX_PHOTO_PIXELS: its header read refuses a larger image
 * itself (then `photoSize` reads the header again, unbounded, only to name its size).
 */
export async function checkPhotoFile(file: string): Promise<PhotoVerdict> {
  const image = loadSharp()(file, { limitInputPixels: MAX_PHOTO_PIXELS, sequentialRead: true, failOn: "warning" })
  let size: PhotoSize
  try {
    const { width, height } = await image.metadata()
    if (!width || !height) return { ok: false, reason: "not-image" }
    size = { width, height }
  } catch {
    const announced = await photoSize(file)
    if (announced && overPixelLimit(announced)) return { ok: false, reason: "too-many-pixels", size: announced }
    return { ok: false, reason: announced ? "unreadable" : "not-image" }
  }
  if (overPixelLimit(size)) return { ok: false, reason: "too-many-pixels", size }
  try {
    // A few pixels out: JPEG's shrink-on-load still reads every block, so a missing end is found.
    await image.resize(8, 8, { fit: "inside" }).raw().toBuffer()
    return { ok: true }
  } catch {
    return { ok: false, reason: "unreadable" }
  }
}
