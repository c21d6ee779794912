/**
 * @jest-environment node
 *
 * Parallel large estimate uploads (issue 38): the server, in a process of its own
 * (__tests__/helpers/upload-memory-server.ts), receives several requests of four near-10 MB
 * photos at once, each photo a real 12-megapixel JPEG that it decodes at intake. Its memory
 * while they arrive stays well under what they weigh (each upload streams to disk, a few
 * decodes run at a time: src/server/photos/slots.ts), and after them, once garbage is
 * collected, it comes back near its level before them: nothing keeps a reference to an upload.
 * One request of 10 garments of 4 photos (issue 46, the 80 MB a request may weigh) stays under
 * half its weight too.
 */
import { fork, type ChildProcess } from "node:child_process"
import { readFileSync } from "node:fs"
import { request } from "node:http"
import path from "node:path"
import sharp from "sharp"
import { estimateForm, JPEG, ROOT } from "../helpers/estimate-server"

jest.setTimeout(120_000)

const MB = 1024 * 1024
const PARALLEL = 6
const PHOTOS = 4
/** Just under the 10 MB a photo may weigh. */
const PHOTO_BYTES = 9.5 * MB
/** What the server may hold on to after the uploads, once garbage is collected (libvips' caches, the allocator's spare pages). */
const SETTLED_BOUND_MB = 64
/** What it may hold while they arrive: a fraction of the PARALLEL × 38 MB they weigh. */
const PEAK_BOUND_MB = 160

let server: ChildProcess
let url: string

const message = <T>(): Promise<T> => new Promise((resolve) => server.once("message", (value) => resolve(value as T)))
const settledRssMb = async () => {
  server.send("rss")
  return (await message<{ rss: number }>()).rss / MB
}
/** The server's resident memory now, from /proc: read while it works, without asking it. */
const rssNowMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))![1]) / 1024

beforeAll(async () => {
  server = fork(path.join(ROOT, "__tests__/helpers/upload-memory-server.ts"), [], { cwd: ROOT, execArgv: ["--expose-gc", "--import", "tsx"] })
  url = (await message<{ url: string }>()).url
})
afterAll(async () => {
  server.send("stop")
  await new Promise((resolve) => server.once("exit", resolve))
})

test("parallel uploads of four near-10 MB photos: memory under their weight while they arrive, back near its level after", async () => {
  // A phone's 12-megapixel photo, padded to the size limit (a JPEG ends at its end marker: the
  // decoder reads every pixel, the padding only travels and is stored).
  const photo12mp = await sharp(JPEG).resize(3000, 4000, { fit: "fill" }).jpeg({ quality: 95 }).toBuffer()
  const photo = Buffer.concat([photo12mp, Buffer.alloc(PHOTO_BYTES - photo12mp.length, 7)])
  // The multipart body a browser sends, encoded once and sent as it is by every visitor: each
  // request is one the server must read, decode and store, the test's side only writes the bytes.
  const form = new Request(url, {
    method: "POST",
    body: estimateForm(
      { email: "visiteur@exemple.fr" },
      Array.from({ length: PHOTOS }, (_, number) => ({ name: `photo-${number + 1}.jpg`, bytes: photo })),
    ),
  })
  const body = Buffer.from(await form.arrayBuffer())
  const send = () =>
    new Promise<number>((resolve, reject) => {
      const sent = request(url, { method: "POST", headers: { "Content-Type": form.headers.get("content-type")!, "Content-Length": body.length } }, (answer) => {
        answer.resume()
        answer.on("end", () => resolve(answer.statusCode ?? 0))
      })
      sent.on("error", reject)
      sent.end(body)
    })

  // The level: after one request, so the first decode's one-time setup (libvips' threads) is in it.
  expect(await send()).toBe(201)
  const level = await settledRssMb()
  let peak = rssNowMb()
  const sampler = setInterval(() => (peak = Math.max(peak, rssNowMb())), 20)
  try {
    for (let round = 0; round < 2; round += 1) {
      const statuses = await Promise.all(Array.from({ length: PARALLEL }, send))
      expect(statuses).toEqual(Array.from({ length: PARALLEL }, () => 201))
    }
  } finally {
    clearInterval(sampler)
  }
  const after = await settledRssMb()
  // The figures are printed only when a bound is passed (npm test stays quiet).
  const figures = `RSS du serveur : ${level.toFixed(0)} Mo au repos, ${peak.toFixed(0)} Mo au plus fort, ${after.toFixed(0)} Mo après`
  const held = peak - level < PEAK_BOUND_MB && after - level < SETTLED_BOUND_MB
  expect(held ? "bornes tenues" : figures).toBe("bornes tenues")
})

test("one request of 10 garments of 4 photos (80 MB, each a 12-megapixel JPEG): memory under its weight while it arrives and is checked", async () => {
  const garments = 10
  // Each photo as large as 80 MB of photos allows, framing aside.
  const photoBytes = Math.floor((80 * MB - 64 * 1024) / (garments * PHOTOS))
  const photo12mp = await sharp(JPEG).resize(3000, 4000, { fit: "fill" }).jpeg({ quality: 60 }).toBuffer()
  expect(photo12mp.length).toBeLessThan(photoBytes)
  const photo = Buffer.concat([photo12mp, Buffer.alloc(photoBytes - photo12mp.length, 7)])
  const form = new FormData()
  form.append("email", "visiteur@exemple.fr")
  for (let garment = 0; garment < garments; garment += 1) {
    for (let number = 1; number <= PHOTOS; number += 1)
      form.append(`photos[${garment}]`, new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `article-${garment + 1}-${number}.jpg`)
  }
  // Encoded once: its boundary and its bytes go together.
  const encoded = new Request(url, { method: "POST", body: form })
  const type = encoded.headers.get("content-type")!
  const body = Buffer.from(await encoded.arrayBuffer())
  const level = await settledRssMb()
  let peak = rssNowMb()
  const sampler = setInterval(() => (peak = Math.max(peak, rssNowMb())), 20)
  let status = 0
  try {
    status = await new Promise<number>((resolve, reject) => {
      const sent = request(url, { method: "POST", headers: { "Content-Type": type, "Content-Length": body.length } }, (answer) => {
        answer.resume()
        answer.on("end", () => resolve(answer.statusCode ?? 0))
      })
      sent.on("error", reject)
      sent.end(body)
    })
  } finally {
    clearInterval(sampler)
  }
  expect(status).toBe(201)
  const figures = `RSS du serveur : ${level.toFixed(0)} Mo au repos, ${peak.toFixed(0)} Mo au plus fort pour ${(body.length / MB).toFixed(0)} Mo envoyés`
  // Half its weight at most: the photos stream to disk and are checked one at a time.
  expect(peak - level < body.length / MB / 2 ? "bornes tenues" : figures).toBe("bornes tenues")
})
