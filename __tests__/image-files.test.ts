import { checkPhoto, MAX_PHOTO_BYTES, readHead, sniffImageKind } from "../src/contract/photos"
import { fakeFile, FILES } from "./helpers/photos"

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? Array.from(part, (char) => char.charCodeAt(0)) : part)))

/** An ISO-BMFF file start: box size, "ftyp", major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => bytes([0, 0, 0, 16 + 4 * compatible.length], "ftyp", major, [0, 0, 0, 0], ...compatible)

describe("sniffImageKind: the first bytes decide, not the name", () => {
  it.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"), "jpeg"],
    ["PNG", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "IHDR"), "png"],
    ["GIF87a", bytes("GIF87a", [1, 0]), "gif"],
    ["GIF89a", bytes("GIF89a", [1, 0]), "gif"],
    ["WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "webp"],
    ["AVIF (avif brand)", ftyp("avif", "mif1", "miaf"), "avif"],
    ["AVIF sequence (avis brand)", ftyp("avis", "msf1", "avif"), "avif"],
    ["AVIF named only in compatible brands", ftyp("mif1", "avif", "miaf"), "avif"],
    ["iPhone HEIC", ftyp("heic", "mif1", "heic"), "heic"],
    ["generic HEIF", ftyp("mif1", "heic"), "heic"],
    ["HEIF sequence", ftyp("hevc", "msf1"), "heic"],
  ] as const)("recognises %s", (_label, head, kind) => {
    expect(sniffImageKind(head)).toBe(kind)
  })

  it.each([
    ["text", bytes("ceci n'est pas une photo")],
    ["PDF", bytes("%PDF-1.7")],
    ["a RIFF file that is not WebP (WAV)", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["an MP4 video", ftyp("isom", "iso2", "mp41")],
    ["a truncated PNG signature", bytes([0x89, 0x50, 0x4e, 0x47])],
    ["an empty file", bytes()],
  ])("rejects %s", (_label, head) => {
    expect(sniffImageKind(head)).toBeNull()
  })

  it("only reads compatible brands inside the ftyp box", () => {
    // Box size 16: no compatible brands; "avif" after the box belongs to another box.
    expect(sniffImageKind(bytes([0, 0, 0, 16], "ftyp", "isom", [0, 0, 0, 0], "avif"))).toBeNull()
  })
})

describe("readHead", () => {
  it("reads the first bytes with FileReader where Blob#arrayBuffer is missing (jsdom)", async () => {
    expect(typeof new Blob([]).arrayBuffer).toBe("undefined")
    const head = await readHead(new Blob([bytes([1, 2, 3, 4, 5, 6])]), 4)
    expect(Array.from(head)).toEqual([1, 2, 3, 4])
  })

  it("uses Blob#arrayBuffer where the browser has it", async () => {
    const blob = new Blob([bytes([9, 8, 7])])
    const arrayBuffer = jest.fn(() => Promise.resolve(bytes([9, 8]).buffer))
    const slice = jest.spyOn(blob, "slice").mockReturnValue(Object.assign(new Blob([]), { arrayBuffer }))
    expect(Array.from(await readHead(blob, 2))).toEqual([9, 8])
    expect(slice).toHaveBeenCalledWith(0, 2)
    expect(arrayBuffer).toHaveBeenCalled()
  })
})

describe("checkPhoto", () => {
  it("accepts real images whatever their name", async () => {
    await expect(checkPhoto(FILES.png())).resolves.toEqual({ ok: true, kind: "png" })
    await expect(checkPhoto(fakeFile("IMG_0042.dat", "", FILES.jpegBytes))).resolves.toEqual({ ok: true, kind: "jpeg" })
  })

  it("refuses a text file renamed photo.jpg", async () => {
    await expect(checkPhoto(FILES.fakeJpeg())).resolves.toEqual({ ok: false, reason: "not-image" })
  })

  it("refuses HEIC, recognised by its bytes or, failing that, by its type or extension", async () => {
    await expect(checkPhoto(FILES.heic())).resolves.toEqual({ ok: false, reason: "heic" })
    await expect(checkPhoto(fakeFile("IMG_0001.HEIC", "", bytes("????")))).resolves.toEqual({ ok: false, reason: "heic" })
    await expect(checkPhoto(fakeFile("scan", "image/heif", bytes("????")))).resolves.toEqual({ ok: false, reason: "heic" })
  })

  it("refuses images over 10 MB and accepts exactly 10 MB", async () => {
    await expect(checkPhoto(FILES.jpeg("grosse.jpg", MAX_PHOTO_BYTES + 1))).resolves.toEqual({ ok: false, reason: "too-large" })
    await expect(checkPhoto(FILES.jpeg("juste.jpg", MAX_PHOTO_BYTES))).resolves.toEqual({ ok: true, kind: "jpeg" })
  })
})
