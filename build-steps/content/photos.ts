/**
 * The build's photo check (photo-verdict.ts decides), before gatsby-plugin-sharp sees the photo
 * (whose errors are English and come late, or end as a silent letter placeholder on the card):
 * the file read from disk and decoded to its last pixel by sharp.
 */
import { createHash } from "node:crypto"
import fs from "node:fs"
import sharp from "sharp"
import { MAX_PHOTO_PIXELS } from "../../src/contract/photos"
import { MAX_CONTENT_PHOTO_BYTES, photoVerdict, type PhotoRule } from "./photo-verdict"

/** Verdicts by file content, name and rule: develop revalidates on every save without redecoding. */
const cache = new Map<string, string | null>()

function inspect(file: string, shownAs: string, size: number, rule: PhotoRule): Promise<string | null> {
  return photoVerdict(
    {
      size,
      name: file,
      async head() {
        const handle = fs.openSync(file, "r")
        const head = Buffer.alloc(64)
        const read = fs.readSync(handle, head, 0, 64, 0)
        fs.closeSync(handle)
        return head.subarray(0, read)
      },
      async headerSize() {
        // metadata() reads the header only: a pixel bomb is refused before any decode. Unbounded
        // (sharp's default refuses a header over 268 megapixels), so even a larger one is named.
        const { width, height } = await sharp(file, { limitInputPixels: false }).metadata()
        return width && height ? { width, height } : null
      },
      async dimensions() {
        // Decoding every pixel is what finds a truncated file; metadata() only reads the header.
        // A few pixels out, as the visitors' photo check does (src/server/photos/check.ts): the
        // decoder still reads every block to the end (JPEG's shrink-on-load scales while decoding),
        // holds only the small image, and costs a sixth of the CPU stats() took (1 s for the
        // shipped content's 23 photos, at every build's check and in each jest file that checks).
        const image = sharp(file, { failOn: "truncated", limitInputPixels: MAX_PHOTO_PIXELS })
        const metadata = await image.metadata()
        await image.resize(8, 8, { fit: "inside" }).raw().toBuffer()
        return { width: metadata.width ?? 0, height: metadata.height ?? 0 }
      },
    },
    shownAs,
    rule,
  )
}

/** The French reason `file` cannot be used as a photo, or null when it can. */
export async function photoProblem(file: string, shownAs: string, rule: PhotoRule): Promise<string | null> {
  const size = fs.statSync(file).size
  if (size > MAX_CONTENT_PHOTO_BYTES) return inspect(file, shownAs, size, rule)
  const digest = createHash("sha1").update(fs.readFileSync(file)).digest("hex")
  const key = `${digest}:${file.toLowerCase().slice(file.lastIndexOf("."))}:${shownAs}:${rule.minWidth}x${rule.minHeight}`
  if (!cache.has(key)) cache.set(key, await inspect(file, shownAs, size, rule))
  return cache.get(key) ?? null
}
