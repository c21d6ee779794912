/**
 * Checks a content photo by what it contains, not by its name, before gatsby-plugin-sharp sees
 * it (whose errors are English and come late, or end as a silent letter placeholder on the card).
 *
 * Accepted: JPEG, PNG, WebP, AVIF whose extension says the same. Refused with a French reason:
 * HEIC (iPhone: most browsers cannot show it), GIF (the site shows photos, not animations, and
 * sharp keeps only the first frame), anything else, heavier than MAX_CONTENT_PHOTO_BYTES, smaller
 * than the schema's `photo` minimum, or that does not decode to the end (truncated copy).
 */
import { createHash } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { sniffImageKind, type ImageKind } from "../../src/contract/photos"

/** A phone's JPEG is 2-5 MB; 10 MB leaves room for a big PNG and refuses raw camera files. */
export const MAX_CONTENT_PHOTO_BYTES = 10 * 1024 * 1024

/** The schema keyword `"photo": { "minWidth": 600, "minHeight": 600 }` on an image path field. */
export type PhotoRule = { minWidth: number; minHeight: number }

const EXTENSIONS: Record<string, ImageKind> = { ".jpg": "jpeg", ".jpeg": "jpeg", ".png": "png", ".webp": "webp", ".avif": "avif" }
const KIND_NAMES: Record<ImageKind, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP", avif: "AVIF", gif: "GIF", heic: "HEIC" }
const KIND_EXTENSION: Record<ImageKind, string> = { jpeg: ".jpg", png: ".png", webp: ".webp", avif: ".avif", gif: ".gif", heic: ".heic" }

export const HEIC_HINT =
  "photo HEIC (format des iPhone) que les navigateurs n'affichent pas : convertissez-la en JPEG (sur Mac : Aperçu › Fichier › Exporter › JPEG ; sur l'iPhone : Réglages › Appareil photo › Formats › « Le plus compatible »)"

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} Mo`
}

/** Verdicts by file content, name and rule: develop revalidates on every save without redecoding. */
const cache = new Map<string, string | null>()

/** The French reason `file` cannot be used as a photo, or null when it can. */
export async function photoProblem(file: string, shownAs: string, rule: PhotoRule): Promise<string | null> {
  const size = fs.statSync(file).size
  if (size > MAX_CONTENT_PHOTO_BYTES) return inspect(file, shownAs, size, rule)
  const digest = createHash("sha1").update(fs.readFileSync(file)).digest("hex")
  const key = `${digest}:${file.toLowerCase().slice(file.lastIndexOf("."))}:${shownAs}:${rule.minWidth}x${rule.minHeight}`
  if (!cache.has(key)) cache.set(key, await inspect(file, shownAs, size, rule))
  return cache.get(key) ?? null
}

async function inspect(file: string, shownAs: string, size: number, rule: PhotoRule): Promise<string | null> {
  if (size > MAX_CONTENT_PHOTO_BYTES) {
    return `${shownAs} est trop lourde : ${megabytes(size)} (maximum ${megabytes(MAX_CONTENT_PHOTO_BYTES)}) ; réduisez-la, par exemple en l'exportant en JPEG de 2000 px de large`
  }
  const handle = fs.openSync(file, "r")
  const head = Buffer.alloc(64)
  const read = fs.readSync(handle, head, 0, 64, 0)
  fs.closeSync(handle)
  const kind = sniffImageKind(head.subarray(0, read))
  if (kind === "heic") return `${shownAs} : ${HEIC_HINT}`
  if (kind === "gif") return `${shownAs} est un GIF : le site n'affiche que des photos JPEG, PNG, WebP ou AVIF ; exportez-la en JPEG`
  if (kind === null) {
    return `${shownAs} n'est pas une image (ni JPEG, ni PNG, ni WebP, ni AVIF) : le fichier est vide, abîmé ou a été renommé`
  }
  const extension = path.extname(file).toLowerCase()
  if (EXTENSIONS[extension] !== kind) {
    return `${shownAs} contient une image ${KIND_NAMES[kind]} mais son nom finit par « ${extension || "(rien)"} » : renommez-la en ${KIND_EXTENSION[kind]} (et corrigez le chemin)`
  }
  let width = 0
  let height = 0
  try {
    // Decoding every pixel is what finds a truncated file; metadata() only reads the header.
    const image = sharp(file, { failOn: "truncated" })
    const metadata = await image.metadata()
    width = metadata.width ?? 0
    height = metadata.height ?? 0
    await image.stats()
  } catch {
    return `${shownAs} est illisible ou incomplète (copie interrompue ?) : réenregistrez la photo et déposez-la de nouveau`
  }
  if (width < rule.minWidth || height < rule.minHeight) {
    return `${shownAs} est trop petite : ${width} × ${height} px (au moins ${rule.minWidth} × ${rule.minHeight} px)`
  }
  return null
}
