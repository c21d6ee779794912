/**
 * The photos as they go into the mail: each re-encoded to a JPEG of at most MAIL_PHOTO_EDGE px
 * on its long side (EXIF orientation applied, metadata such as GPS dropped), so that a full
 * request makes a mail well under the 25 MB most SMTP servers accept. A request of more than 4
 * photos (several garments, up to 40) has them reduced further (SMALLER) from the start. The
 * originals stay untouched in the outbox (and go whole to the webhook).
 *
 * What must stay true: one attachment is at most MAIL_PHOTO_BYTES and all of them together at most
 * MAIL_ATTACHMENTS_BYTES, so a mail is at most about MAIL_MAX_BYTES (base64 adds a third) however
 * many photos the request holds; a photo sharp cannot read is attached as it is only when it fits,
 * and a photo that does not fit is not attached: the mail says where its original is.
 */
import path from "node:path"
import type Sharp from "sharp"
import { ESTIMATE_LIMITS } from "../../contract/estimate"
import type { Lead } from "./types"

export const MAIL_PHOTO_EDGE = 1600
/** Second try for a photo still over MAIL_PHOTO_BYTES at the first size (noise, fine patterns). */
const SMALLER = { edge: 1024, quality: 60 }
export const MAIL_PHOTO_BYTES = 3 * 1024 * 1024
/** All attachments together, before base64: four photos at their largest, the mail of a one-garment request. */
export const MAIL_ATTACHMENTS_BYTES = ESTIMATE_LIMITS.maxPhotos * MAIL_PHOTO_BYTES
/** Every attachment at its largest, base64-encoded, plus the text: the mail size docs/requests.md#mail-size states. */
export const MAIL_MAX_BYTES = Math.ceil((MAIL_ATTACHMENTS_BYTES * 4) / 3) + 64 * 1024
/** Decoding bound: a 100-megapixel image is already far beyond any phone photo (a "pixel bomb" is refused). */
const MAX_INPUT_PIXELS = 100_000_000

export type MailPhoto = { filename: string; contentType: string; content: Buffer } | { filename: string; contentType: string; path: string }

/**
 * sharp is native code: Gatsby compiles each function with webpack, which cannot bundle it (and
 * replaces an imported createRequire by undefined). It is loaded at run time from the server's
 * own node_modules (the working directory's) through process.getBuiltinModule, which webpack
 * leaves alone, and only when a mail is sent; where it cannot be loaded, a photo goes as it is if
 * it fits (see mailPhotos).
 */
function loadSharp(): typeof Sharp {
  const { createRequire } = process.getBuiltinModule("node:module")
  return createRequire(path.join(process.cwd(), "package.json"))("sharp") as typeof Sharp
}

async function reencode(file: string, edge: number, quality: number): Promise<Buffer> {
  return loadSharp()(file, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(edge, edge, { fit: "inside", withoutEnlargement: true })
    .jpeg({ quality })
    .toBuffer()
}

/**
 * The attachments (named photo-N.jpg, never the visitor's file name) and, for a photo that could
 * not be attached, a line for the mail's text.
 */
export async function mailPhotos(lead: Lead, dir: string): Promise<{ attachments: MailPhoto[]; notes: string[] }> {
  const attachments: MailPhoto[] = []
  const notes: string[] = []
  let attached = 0
  const first = lead.photos.length > ESTIMATE_LIMITS.maxPhotos ? SMALLER : { edge: MAIL_PHOTO_EDGE, quality: 80 }
  for (const [index, photo] of lead.photos.entries()) {
    const original = path.join(dir, photo.file)
    const fits = (bytes: number) => bytes <= MAIL_PHOTO_BYTES && attached + bytes <= MAIL_ATTACHMENTS_BYTES
    let reduced: Buffer | null = null
    try {
      reduced = await reencode(original, first.edge, first.quality)
      if (reduced.length > MAIL_PHOTO_BYTES) reduced = await reencode(original, SMALLER.edge, SMALLER.quality)
    } catch {
      // Unreadable for sharp: the original below, if it fits.
    }
    if (reduced && reduced.length <= MAIL_PHOTO_BYTES) {
      if (fits(reduced.length)) {
        attachments.push({ filename: `photo-${index + 1}.jpg`, contentType: "image/jpeg", content: reduced })
        attached += reduced.length
      } else notes.push(`Photo ${index + 1} non jointe (le mail serait trop lourd) : original dans ${original}`)
    } else if (fits(photo.size)) {
      attachments.push({ filename: photo.file, contentType: photo.type, path: original })
      attached += photo.size
    } else notes.push(`Photo ${index + 1} non jointe (${reduced ? "trop lourde même réduite" : "illisible pour la réduction"}) : original dans ${original}`)
  }
  return { attachments, notes }
}
