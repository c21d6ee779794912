/** Test files built from real signatures, plus the jsdom gaps a photo form needs filled. */
import { act } from "@testing-library/react"

export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])
const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0])
const HEIC_BYTES = new Uint8Array([0, 0, 0, 0x18, ...Array.from("ftypheic\0\0\0\0mif1heic", (char) => char.charCodeAt(0))])

export function fakeFile(name: string, type: string, head: Uint8Array<ArrayBuffer>, size = head.length): File {
  const padding = size > head.length ? [new Uint8Array(size - head.length)] : []
  return new File([head, ...padding], name, { type })
}

export const FILES = {
  jpegBytes: JPEG_BYTES,
  png: (name = "polo.png") => fakeFile(name, "image/png", PNG_BYTES),
  jpeg: (name = "chemise.jpg", size?: number) => fakeFile(name, "image/jpeg", JPEG_BYTES, size),
  /** A text file renamed photo.jpg: the browser calls it image/jpeg. */
  fakeJpeg: (name = "photo.jpg") => new File(["ceci n'est pas une photo"], name, { type: "image/jpeg" }),
  heic: (name = "IMG_0001.HEIC") => fakeFile(name, "image/heic", HEIC_BYTES),
}

const { setImmediate: realSetImmediate } = jest.requireActual<typeof import("node:timers")>("node:timers")

/**
 * Lets file checks finish. jsdom's FileReader answers on Node's real setImmediate, which
 * fake timers never run, so wait a few real turns of the event loop.
 */
export async function settleFileReads(): Promise<void> {
  await act(async () => {
    for (let turn = 0; turn < 4; turn += 1) await new Promise((resolve) => realSetImmediate(resolve))
  })
}

/** jsdom has no object URLs: each call returns a distinct fake URL, revocations are recorded. */
export function stubObjectUrls() {
  let count = 0
  const createObjectURL = jest.fn(() => `blob:http://localhost/photo-${++count}`)
  const revokeObjectURL = jest.fn()
  Object.defineProperty(URL, "createObjectURL", { configurable: true, writable: true, value: createObjectURL })
  Object.defineProperty(URL, "revokeObjectURL", { configurable: true, writable: true, value: revokeObjectURL })
  return { createObjectURL, revokeObjectURL }
}
