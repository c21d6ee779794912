/**
 * Which photos the estimate form accepts. A file's name and declared type are chosen by
 * whoever sent it (a renamed .txt is "image/jpeg" to the browser), so the first bytes decide.
 */

/** HEIC is recognised only to explain its refusal: most browsers cannot show it. */
export type ImageKind = "jpeg" | "png" | "webp" | "gif" | "avif" | "heic"

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024

/**
 * The most pixels (width × height, read from the file's header before any decode) a photo may
 * have, for estimate photos and studio photos alike: 50 megapixels is above a phone's ordinary
 * photo (12 to 50 MP), while a small file announcing 16000 × 16000 (256 MP) is a "pixel bomb"
 * whose decoding would take the server's memory and time. Checked by src/server/photos/check.ts.
 */
export const MAX_PHOTO_PIXELS = 50_000_000

/** Enough for every signature below, including the ftyp brand list of AVIF/HEIC files. */
const HEAD_BYTES = 64

const AVIF_BRANDS = new Set(["avif", "avis"])
// HEIF family as written by phones (iPhone: heic/mif1), plus sequences and generic HEIF brands.
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"])

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length))
}

function startsWith(bytes: Uint8Array, signature: ReadonlyArray<number>, offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte)
}

/** The brands of an ISO-BMFF `ftyp` box (major brand first), or null when there is none. */
function ftypBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 12 || ascii(bytes, 4, 4) !== "ftyp") return null
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0)
  const end = Math.min(boxSize || bytes.length, bytes.length)
  const brands = [ascii(bytes, 8, 4)]
  // Bytes 12-15 are the minor version; compatible brands follow, 4 bytes each.
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, 4))
  return brands
}

/** The image format named by a file's first bytes, or null when they are not a known image. */
export function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg"
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png"
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif"
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp"
  const brands = ftypBrands(bytes)
  if (brands) {
    // AVIF files often list mif1 too, so AVIF wins over the generic HEIF brands.
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return "avif"
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return "heic"
  }
  return null
}

/**
 * The first `length` bytes of a file. Blob#arrayBuffer is missing in older engines (and in
 * jsdom), FileReader works everywhere.
 */
export function readHead(file: Blob, length = HEAD_BYTES): Promise<Uint8Array> {
  const head = file.slice(0, length)
  if (typeof head.arrayBuffer === "function") return head.arrayBuffer().then((buffer) => new Uint8Array(buffer))
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => reject(reader.error)
    reader.readAsArrayBuffer(head)
  })
}

export type PhotoRejection = "not-image" | "heic" | "too-large"
export type PhotoCheck = { ok: true; kind: ImageKind } | { ok: false; reason: PhotoRejection }

/** A HEIC photo whose brand we do not know still announces itself by type or extension. */
function looksLikeHeic(file: File): boolean {
  return /^image\/hei[cf](-sequence)?$/i.test(file.type) || /\.hei[cf]$/i.test(file.name)
}

/** Whether a file can be sent as a photo, and if not, why (the visitor is told in plain words). */
export async function checkPhoto(file: File): Promise<PhotoCheck> {
  let kind: ImageKind | null
  try {
    kind = sniffImageKind(await readHead(file))
  } catch {
    // An unreadable file (moved or deleted since it was picked) cannot be sent either.
    kind = null
  }
  if (kind === "heic" || (kind === null && looksLikeHeic(file))) return { ok: false, reason: "heic" }
  if (kind === null) return { ok: false, reason: "not-image" }
  if (file.size > MAX_PHOTO_BYTES) return { ok: false, reason: "too-large" }
  return { ok: true, kind }
}
