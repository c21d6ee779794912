/**
 * A photo picked in the studio's media library is judged before Decap takes it. Decap's
 * media_processing (static/admin/config.yml) then scales every photo to the field's size, so a
 * photo smaller than the build's minimum would arrive enlarged, blurred, and the build would
 * accept it. The photo as picked must meet the minimum the open entry's schema sets (its `photo`
 * keyword; one minimum per content file, see git-reader.ts); otherwise the studio says why in
 * French, with the build's sentence, and the photo is not added.
 *
 * A photo larger than MAX_PHOTO_PIXELS by its header is refused the same way before the
 * browser decodes it (a "pixel bomb" would freeze the tab, then be refused by the server anyway).
 *
 * It listens to the file input's `change` before Decap (capture, on the window, registered before
 * touch.js), holds the event while the photos decode, and hands Decap a new `change` with the
 * photos that passed.
 */
import { MAX_PHOTO_PIXELS, readHead } from "../contract/photos"
import { HEADER_BYTES, headerPixelSize, pixelsVerdict, sizeVerdict, type PhotoRule } from "../../build-steps/content/photo-verdict"
import { CONTENT_FILES, type ContentFile } from "../../build-steps/content/rules"
import { blobPhoto } from "./git-reader"

/** The content file of the entry open in the studio (`#/collections/listes/entries/sold-items`), or null. */
export function openEntry(hash: string): ContentFile | null {
  const name = /^#\/collections\/[^/]+\/entries\/([^/?]+)/.exec(hash)?.[1]
  return (CONTENT_FILES as readonly string[]).includes(name ?? "") ? (name as ContentFile) : null
}

/** The first `photo` minimum a schema sets, or null when it sets none. */
export function photoRuleIn(schema: unknown): PhotoRule | null {
  if (typeof schema !== "object" || schema === null) return null
  const photo = (schema as { photo?: unknown }).photo
  if (typeof photo === "object" && photo !== null && "minWidth" in photo && "minHeight" in photo) return photo as PhotoRule
  for (const value of Object.values(schema)) {
    const rule = photoRuleIn(value)
    if (rule) return rule
  }
  return null
}

/** Its size once decoded (as the studio's save check reads it), or null if it cannot be decoded here. */
async function decodedSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    return await blobPhoto(file, file.name).dimensions()
  } catch {
    // Not an image this browser decodes (HEIC…): Decap and the server's rules say what is wrong with it.
    return null
  }
}

export function guardPickedPhotos(win: Window, schemas: Record<ContentFile, unknown>): void {
  const passed = new WeakSet<Event>()
  win.addEventListener(
    "change",
    (event) => {
      const input = event.target
      if (passed.has(event) || !(input instanceof HTMLInputElement) || input.type !== "file" || !input.files?.length) return
      const entry = openEntry(win.location.hash)
      const rule = entry ? photoRuleIn(schemas[entry]) : null
      if (!rule) return
      event.stopImmediatePropagation()
      const files = [...input.files]
      void Promise.all(
        files.map(async (file) => {
          const shownAs = `La photo « ${file.name} »`
          const announced = await readHead(file, HEADER_BYTES).then(headerPixelSize, () => null)
          if (announced && announced.width * announced.height > MAX_PHOTO_PIXELS) return { file, refusal: pixelsVerdict(announced, shownAs), small: false }
          const size = await decodedSize(file)
          return { file, refusal: size && sizeVerdict(size, shownAs, rule), small: true }
        }),
      ).then((judged) => {
        const refusals = judged.flatMap(({ refusal }) => (refusal ? [refusal] : []))
        const kept = judged.filter(({ refusal }) => !refusal).map(({ file }) => file)
        if (refusals.length > 0) {
          const blurred = judged.some(({ refusal, small }) => refusal && small)
          win.alert(`${refusals.join("\n")}${blurred ? "\n\nAgrandie, elle serait floue sur le site : choisissez l'original ou une photo plus grande." : ""}`)
        }
        const transfer = new DataTransfer()
        for (const file of kept) transfer.items.add(file)
        input.files = transfer.files
        if (kept.length === 0) return
        const again = new Event("change", { bubbles: true })
        passed.add(again)
        input.dispatchEvent(again)
      })
    },
    true,
  )
}
