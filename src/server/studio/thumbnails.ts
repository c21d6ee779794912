/**
 * The studio's media library by names and thumbnails (docs/studio.md#the-media-library-by-thumbnails): Decap's proxy protocol
 * sends every photo of a folder whole, in base64, for each `getMedia`; with fifteen phone photos
 * that was 195 MB in one answer and a server three times its size. Here `getMedia` lists names,
 * sizes and a thumbnail address (backend.ts), the browser's wrapper (src/admin-rules/checked-backend.ts)
 * shows those, and an original travels only when one is asked for (`getMediaFile`).
 *
 * What must stay true: a thumbnail is made by sharp on libuv's threads (never the event loop),
 * MAX_RUNNING at a time whatever the number of requests, from a photo whose header says at most
 * MAX_PHOTO_PIXELS; the kept thumbnails take at most KEPT_BYTES, the least recently asked
 * dropped first; a photo changed on disk (size or time) gets a new one.
 */
import fs from "node:fs"
import sharp from "sharp"
import { MAX_PHOTO_PIXELS } from "../../contract/photos"

/** Longest side of a thumbnail: a library card or the preview's photo on a 2× screen. */
export const THUMBNAIL_EDGE = 600
const QUALITY = 70
/** Two at once: this machine's cores; a library of 200 photos asks for 200 at once. */
const MAX_RUNNING = 2
/** About 400 thumbnails of 40 kB. */
const KEPT_BYTES = 16 * 1024 * 1024

const kept = new Map<string, Buffer>()
let keptBytes = 0
const running = new Map<string, Promise<Buffer>>()
let active = 0
const waiting: Array<() => void> = []

/** Which version of `file` a thumbnail shows: a changed photo gets another key (and address). */
export function versionOf(stat: fs.Stats): string {
  return `${stat.size.toString(36)}-${Math.round(stat.mtimeMs).toString(36)}`
}

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (active >= MAX_RUNNING) await new Promise<void>((go) => waiting.push(go))
  active += 1
  try {
    return await work()
  } finally {
    active -= 1
    waiting.shift()?.()
  }
}

function keep(key: string, bytes: Buffer): void {
  kept.set(key, bytes)
  keptBytes += bytes.length
  for (const [oldKey, old] of kept) {
    if (keptBytes <= KEPT_BYTES) break
    kept.delete(oldKey)
    keptBytes -= old.length
  }
}

function make(file: string): Promise<Buffer> {
  return inTurn(() =>
    sharp(file, { limitInputPixels: MAX_PHOTO_PIXELS })
      .rotate()
      .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: QUALITY })
      .toBuffer(),
  )
}

/** The WebP thumbnail of `file` (absolute, already confined): kept, being made, or made now. */
export async function thumbnailOf(file: string): Promise<Buffer> {
  const key = `${file}\n${versionOf(fs.statSync(file))}`
  const known = kept.get(key)
  if (known) {
    kept.delete(key)
    kept.set(key, known)
    return known
  }
  const current = running.get(key)
  if (current) return current
  const made = make(file)
    .then((bytes) => {
      keep(key, bytes)
      return bytes
    })
    .finally(() => running.delete(key))
  running.set(key, made)
  return made
}
