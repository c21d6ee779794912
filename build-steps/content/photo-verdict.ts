/**
 * Whether a content photo can be used, decided by what it contains, not by its name: the one
 * rule the build (photos.ts, with sharp) and the studio's browser check (src/admin-rules/, with
 * createImageBitmap) both apply, so they give the same French reason.
 *
 * Accepted: JPEG, PNG, WebP, AVIF whose extension says the same. Refused with a French reason:
 * HEIC (iPhone: most browsers cannot show it), GIF (the site shows photos, not animations, and
 * sharp keeps only the first frame), anything else, heavier than MAX_CONTENT_PHOTO_BYTES, smaller
 * than the schema's `photo` minimum, or that does not decode to the end (truncated copy).
 */
import { sniffImageKind, type ImageKind } from "../../src/contract/photos"

/** A phone's JPEG is 2-5 MB; 10 MB leaves room for a big PNG and refuses raw camera files. */
export const MAX_CONTENT_PHOTO_BYTES = 10 * 1024 * 1024

/**
 * A phone's photo is 12-48 megapixels; 50 refuses a "pixel bomb" (16000 × 16000 px in a 746 kB
 * PNG took 27 s to check) from its header, before anything is decoded.
 */
export const MAX_CONTENT_PHOTO_PIXELS = 50_000_000

/** The schema keyword `"photo": { "minWidth": 600, "minHeight": 600 }` on an image path field. */
export type PhotoRule = { minWidth: number; minHeight: number }

/** What the verdict needs of a photo, read lazily: a photo too heavy is never opened. */
export type PhotoFile = {
  readonly size: number
  /** Its name or path: the extension is read from it. */
  readonly name: string
  /** Its first bytes (64 are enough for every signature). */
  head(): Promise<Uint8Array>
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
  let size: { width: number; height: number }
  try {
    size = await photo.dimensions()
  } catch {
    return `${shownAs} est illisible ou incomplète (copie interrompue ?) : réenregistrez la photo et déposez-la de nouveau`
  }
  return sizeVerdict(size, shownAs, rule)
}

/** The French reason a photo of `size` pixels is too small for `rule`, or null when it is not. */
export function sizeVerdict(size: { width: number; height: number }, shownAs: string, rule: PhotoRule): string | null {
  if (size.width < rule.minWidth || size.height < rule.minHeight) {
    return `${shownAs} est trop petite : ${size.width} × ${size.height} px (au moins ${rule.minWidth} × ${rule.minHeight} px)`
  }
  return null
}
