/**
 * Whether a content photo can be used, decided by what it contains, not by its name: the one
 * rule the build (photos.ts, with sharp) and the studio's browser check (src/admin-rules/, with
 * createImageBitmap) both apply, so they give the same French reason.
 *
 * Accepted: JPEG, PNG, WebP, AVIF whose extension says the same. Refused with a French reason:
 * HEIC (iPhone: most browsers cannot show it), GIF (the site shows photos, not animations, and
 * sharp keeps only the first frame), anything else, heavier than MAX_CONTENT_PHOTO_BYTES, larger
 * than MAX_PHOTO_PIXELS by its header (judged before anything is decoded), smaller than
 * the schema's `photo` minimum, or that does not decode to the end (truncated copy).
 */
import { MAX_PHOTO_PIXELS, sniffImageKind, type ImageKind } from "../../src/contract/photos"

/** A phone's JPEG is 2-5 MB; 10 MB leaves room for a big PNG and refuses raw camera files. */
export const MAX_CONTENT_PHOTO_BYTES = 10 * 1024 * 1024

/** The schema keyword `"photo": { "minWidth": 600, "minHeight": 600 }` on an image path field. */
export type PhotoRule = { minWidth: number; minHeight: number }

/** What the verdict needs of a photo, read lazily: a photo too heavy is never opened. */
export type PhotoFile = {
  readonly size: number
  /** Its name or path: the extension is read from it. */
  readonly name: string
  /** Its first bytes (64 are enough for every signature). */
  head(): Promise<Uint8Array>
  /** Its size in pixels as its header says, nothing decoded; null when the header cannot tell. */
  headerSize(): Promise<{ width: number; height: number } | null>
  /** Its size in pixels once decoded to the end; throws when it cannot be. */
  dimensions(): Promise<{ width: number; height: number }>
}

const EXTENSIONS: Record<string, ImageKind> = { ".jpg": "jpeg", ".jpeg": "jpeg", ".png": "png", ".webp": "webp", ".avif": "avif" }
const KIND_NAMES: Record<ImageKind, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP", avif: "AVIF", gif: "GIF", heic: "HEIC" }
const KIND_EXTENSION: Record<ImageKind, string> = { jpeg: ".jpg", png: ".png", webp: ".webp", avif: ".avif", gif: ".gif", heic: ".heic" }

export const HEIC_HINT =
  "photo HEIC (format des iPhone) que les navigateurs n'affichent pas : convertissez-la en JPEG (sur Mac : Aperçu › Fichier › Exporter › JPEG ; sur l'iPhone : Réglages › Appareil photo › Formats › « Le plus compatible »)"

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} Mo`
}

/** `.jpg` of `images/items/a.JPG`, "" without one (as Node's path.extname). */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf("/") + 1)
  const dot = base.lastIndexOf(".")
  return dot > 0 ? base.slice(dot).toLowerCase() : ""
}

/** The French reason `photo` cannot be used (named `shownAs` to the owner), or null when it can. */
export async function photoVerdict(photo: PhotoFile, shownAs: string, rule: PhotoRule): Promise<string | null> {
  if (photo.size > MAX_CONTENT_PHOTO_BYTES) {
    return `${shownAs} est trop lourde : ${megabytes(photo.size)} (maximum ${megabytes(MAX_CONTENT_PHOTO_BYTES)}) ; réduisez-la, par exemple en l'exportant en JPEG de 2000 px de large`
  }
  const kind = sniffImageKind(await photo.head())
  if (kind === "heic") return `${shownAs} : ${HEIC_HINT}`
  if (kind === "gif") return `${shownAs} est un GIF : le site n'affiche que des photos JPEG, PNG, WebP ou AVIF ; exportez-la en JPEG`
  if (kind === null) {
    return `${shownAs} n'est pas une image (ni JPEG, ni PNG, ni WebP, ni AVIF) : le fichier est vide, abîmé ou a été renommé`
  }
  const extension = extensionOf(photo.name)
  if (EXTENSIONS[extension] !== kind) {
    return `${shownAs} contient une image ${KIND_NAMES[kind]} mais son nom finit par « ${extension || "(rien)"} » : renommez-la en ${KIND_EXTENSION[kind]} (et corrigez le chemin)`
  }
  const announced = await photo.headerSize().catch(() => null)
  if (announced && announced.width * announced.height > MAX_PHOTO_PIXELS) return pixelsVerdict(announced, shownAs)
  let size: { width: number; height: number }
  try {
    size = await photo.dimensions()
  } catch {
    return `${shownAs} est illisible ou incomplète (copie interrompue ?) : réenregistrez la photo et déposez-la de nouveau`
  }
  return sizeVerdict(size, shownAs, rule)
}

/** The French reason a photo of `size` pixels is too large to be opened. */
export function pixelsVerdict(size: { width: number; height: number }, shownAs: string): string {
  const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} mégapixels`
  return `${shownAs} est trop grande : ${size.width} × ${size.height} px, soit ${megapixels(size.width * size.height)} (maximum ${megapixels(MAX_PHOTO_PIXELS)}) ; réduisez-la, par exemple en l'exportant en JPEG de 2000 px de large`
}

/** Bytes enough for a JPEG's frame header behind its EXIF and colour profile, read in the browser. */
export const HEADER_BYTES = 256 * 1024

const u16be = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!
const u24le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)
const tag = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4))

/**
 * The size a PNG, JPEG or WebP says it has, from its first bytes (HEADER_BYTES), or null when
 * they do not say (AVIF, a JPEG whose frame header comes later, a broken file). Pure: the
 * studio's browser reads it before any decode, which for a pixel bomb would take the tab down.
 */
export function headerPixelSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length >= 24 && bytes[0] === 0x89 && tag(bytes, 12) === "IHDR") {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    return { width: view.getUint32(16), height: view.getUint32(20) }
  }
  if (bytes.length >= 30 && tag(bytes, 0) === "RIFF" && tag(bytes, 8) === "WEBP") {
    const chunk = tag(bytes, 12)
    if (chunk === "VP8X") return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 }
    if (chunk === "VP8 ") return { width: (bytes[26]! | (bytes[27]! << 8)) & 0x3fff, height: (bytes[28]! | (bytes[29]! << 8)) & 0x3fff }
    if (chunk === "VP8L") {
      const [b0, b1, b2, b3] = [bytes[21]!, bytes[22]!, bytes[23]!, bytes[24]!]
      return { width: 1 + (((b1 & 0x3f) << 8) | b0), height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)) }
    }
    return null
  }
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null
  // JPEG: segment after segment until a frame header (SOF0…SOF15 but DHT, JPG, DAC).
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1]!
    if (marker === 0xff) {
      at += 1
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      at += 2
      continue
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: u16be(bytes, at + 7), height: u16be(bytes, at + 5) }
    }
    at += 2 + u16be(bytes, at + 2)
  }
  return null
}

/** The French reason a photo of `size` pixels is too small for `rule`, or null when it is not. */
export function sizeVerdict(size: { width: number; height: number }, shownAs: string, rule: PhotoRule): string | null {
  if (size.width < rule.minWidth || size.height < rule.minHeight) {
    return `${shownAs} est trop petite : ${size.width} × ${size.height} px (au moins ${rule.minWidth} × ${rule.minHeight} px)`
  }
  return null
}
