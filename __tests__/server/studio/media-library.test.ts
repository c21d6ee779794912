/**
 * @jest-environment node
 *
 * The studio's media library by names and thumbnails (src/server/studio/thumbnails.ts), on the
 * real server over real sockets, with 200 real phone-sized photos in content/images/items: one
 * `getMedia` used to send every photo whole in base64 (195 MB for fifteen phone photos) and
 * triple the server's memory. Now it lists names, sizes and thumbnail addresses, each thumbnail
 * is a small WebP, the original comes one at a time with `getMediaFile`, and the server's memory
 * stays within a bound the old answer alone would break.
 */
import { copyFileSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import sharp from "sharp"
import { THUMBNAIL_EDGE } from "../../../src/server/studio/thumbnails"
import { studioAction, useLoggedInStudio } from "../../helpers/studio-server"

jest.setTimeout(120_000)
const session = useLoggedInStudio()

const PHOTOS = 200
const FOLDER = "content/images/items"
/**
 * What the server may grow by while listing the library or making a page of thumbnails (measured:
 * under 1 MB and about 90 MB); the old `getMedia` of these 200 photos alone grew it by about 1 GB.
 */
const RSS_BOUND = 200 * 1024 * 1024
/** A page of the library: Decap's grid draws the cards in view, not all 200. */
const PAGE = 48

let photoBytes = 0

beforeAll(async () => {
  // A phone-like photo: 1600 × 1200, noisy so that JPEG cannot shrink it to nothing (~0.6 MB).
  // Fine grain (sigma 12) at a phone's quality (90): a thumbnail of it takes a quarter less CPU
  // than one of the coarse grain at 80 used before (which made 0.9 MB photos).
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8a6", noise: { type: "gaussian", mean: 128, sigma: 12 } } })
    .jpeg({ quality: 90 })
    .toBuffer()
  photoBytes = photo.length
  const first = join(session.studio.siteDir, FOLDER, "telephone-000.jpg")
  writeFileSync(first, photo)
  for (let index = 1; index < PHOTOS; index += 1) copyFileSync(first, join(session.studio.siteDir, FOLDER, `telephone-${String(index).padStart(3, "0")}.jpg`))
})

async function call(action: string, params: Record<string, unknown>) {
  const answer = await studioAction(session, action, params)
  return { status: answer.status, text: await answer.text() }
}

type Listed = { id: string; name: string; path: string; size: number; url: string; content?: unknown }

/** The highest RSS seen while `work` runs, sampled every 10 ms. */
async function peakRss(work: () => Promise<void>): Promise<number> {
  let peak = process.memoryUsage().rss
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 10)
  try {
    await work()
  } finally {
    clearInterval(sampler)
  }
  return Math.max(peak, process.memoryUsage().rss)
}

test("200 phone photos: getMedia lists them in well under a second, without their bytes, and the memory stays flat", async () => {
  expect(photoBytes).toBeGreaterThan(500_000)
  global.gc?.()
  const before = process.memoryUsage().rss
  let listed: Listed[] = []
  let answerLength = 0
  let took = 0
  const peak = await peakRss(async () => {
    const started = performance.now()
    const answer = await call("getMedia", { mediaFolder: FOLDER })
    took = performance.now() - started
    expect(answer.status).toBe(200)
    answerLength = answer.text.length
    listed = JSON.parse(answer.text) as Listed[]
  })
  expect(peak - before).toBeLessThan(RSS_BOUND)
  expect(listed.filter((photo) => photo.name.startsWith("telephone-"))).toHaveLength(PHOTOS)
  expect(took).toBeLessThan(1000)
  // 200 names and addresses, not 200 × 0.6 MB of base64.
  expect(answerLength).toBeLessThan(100_000)
  const first = listed.find((photo) => photo.name === "telephone-000.jpg")!
  expect(first).toEqual({
    id: expect.any(String),
    name: "telephone-000.jpg",
    path: `${FOLDER}/telephone-000.jpg`,
    size: photoBytes,
    url: expect.stringMatching(/^\/admin\/api\/v1\/vignette\?path=/),
  })
})

test("a page of thumbnails: small WebPs behind the session, made without the memory growing past the bound", async () => {
  const listed = JSON.parse((await call("getMedia", { mediaFolder: FOLDER })).text) as Listed[]
  const photos = listed.filter((photo) => photo.name.startsWith("telephone-")).slice(0, PAGE)
  global.gc?.()
  const before = process.memoryUsage().rss
  const sizes: number[] = []
  // As a library page asks for them: many at once (the server makes two at a time).
  const peak = await peakRss(async () => {
    const queue = [...photos]
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        for (let photo = queue.shift(); photo; photo = queue.shift()) {
          const answer = await fetch(`${session.studio.base}${photo.url}`, { headers: { Cookie: session.cookie } })
          expect([photo.name, answer.status, answer.headers.get("content-type")]).toEqual([photo.name, 200, "image/webp"])
          sizes.push((await answer.arrayBuffer()).byteLength)
        }
      }),
    )
  })
  expect(sizes).toHaveLength(PAGE)
  expect(Math.max(...sizes)).toBeLessThan(photoBytes / 4)
  expect(peak - before).toBeLessThan(RSS_BOUND)
  const thumbnail = await fetch(`${session.studio.base}${photos[0]!.url}`, { headers: { Cookie: session.cookie } })
  const { width, height, format } = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()
  expect({ width, height, format }).toEqual({ width: THUMBNAIL_EDGE, height: (THUMBNAIL_EDGE * 1200) / 1600, format: "webp" })
  expect((await fetch(`${session.studio.base}${photos[0]!.url}`)).status).toBe(401)
  const outside = await fetch(`${session.studio.base}/admin/api/v1/vignette?path=content/site.json`, { headers: { Cookie: session.cookie } })
  expect(outside.status).toBe(400)
})

test("the original is sent on demand, one photo at a time, with the id the library lists", async () => {
  const listed = JSON.parse((await call("getMedia", { mediaFolder: FOLDER })).text) as Listed[]
  const first = listed.find((photo) => photo.name === "telephone-007.jpg")!
  const answer = await call("getMediaFile", { path: first.path })
  expect(answer.status).toBe(200)
  const file = JSON.parse(answer.text) as { id: string; content: string; encoding: string }
  expect(file.id).toBe(first.id)
  expect(Buffer.from(file.content, "base64").equals(readFileSync(join(session.studio.siteDir, first.path)))).toBe(true)
})
