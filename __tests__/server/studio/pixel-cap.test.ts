/**
 * @jest-environment node
 *
 * The pixel cap before decoding (build-steps/content/photo-verdict.ts): a 16000 × 16000 PNG of a
 * few hundred kB (a "pixel bomb": 256 megapixels once decoded) used to be accepted by the studio
 * after 27 s of checking, the saves behind it waiting. Its header now refuses it in French in
 * under a second, on the real server over real sockets; the header reader the studio's browser
 * uses gives the same sizes as sharp for real PNG, JPEG and WebP files.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import sharp from "sharp"
import { headerPixelSize } from "../../../build-steps/content/photo-verdict"
import { photoProblem } from "../../../build-steps/content/photos"
import { pixelBombPng } from "../../helpers/pixel-bomb"
import { studioAction, useLoggedInStudio } from "../../helpers/studio-server"

jest.setTimeout(60_000)
const session = useLoggedInStudio()

function upload(name: string, bytes: Buffer) {
  return studioAction(session, "persistMedia", {
    asset: { path: `content/images/items/${name}`, content: bytes.toString("base64"), encoding: "base64" },
    options: { commitMessage: "m" },
  })
}

test("a 16000 × 16000 PNG is refused in French in under a second, nothing written", async () => {
  const bomb = pixelBombPng(16000)
  expect(bomb.length).toBeLessThan(1024 * 1024)
  expect(await sharp(bomb).metadata()).toMatchObject({ width: 16000, height: 16000, format: "png" })
  // A first save checks the site's own photos once (the validator keeps its verdicts): not what is timed here.
  const first = await upload(
    "premiere.jpg",
    await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#864" } })
      .jpeg()
      .toBuffer(),
  )
  expect(first.status).toBe(200)
  const started = performance.now()
  const answer = await upload("bombe.png", bomb)
  const took = performance.now() - started
  const body = (await answer.json()) as { error: string }
  expect(answer.status).toBe(422)
  expect(body.error).toContain(
    "content/images/items/bombe.png est trop grande : 16000 × 16000 px, soit 256 mégapixels (maximum 50 mégapixels) ; réduisez-la, par exemple en l'exportant en JPEG de 2000 px de large",
  )
  expect(took).toBeLessThan(1000)
  expect(existsSync(join(session.studio.siteDir, "content", "images", "items", "bombe.png"))).toBe(false)
})

test("the build's check names the size of a bomb beyond sharp's own limit too (20000 × 20000 px)", async () => {
  const file = join(session.studio.dir, "enorme.png")
  writeFileSync(file, pixelBombPng(20000))
  expect(await photoProblem(file, "enorme.png", { minWidth: 1, minHeight: 1 })).toMatch(/^enorme\.png est trop grande : 20000 × 20000 px, soit 400 mégapixels/)
})

test("three pixel bombs sent together do not hold up the owner's price change: answered as soon as it is checked (the bombs wait for no turn)", async () => {
  const bomb = pixelBombPng(16000)
  const file = join(session.studio.siteDir, "content", "sold-items.json")
  const data = JSON.parse(readFileSync(file, "utf8")) as { items: Array<Record<string, unknown>> }
  data.items[0]!.price = 77
  const started = performance.now()
  const answers = await Promise.all([
    upload("bombe-1.png", bomb),
    upload("bombe-2.png", bomb),
    upload("bombe-3.png", bomb),
    studioAction(session, "persistEntry", {
      dataFiles: [{ slug: "sold-items", path: "content/sold-items.json", raw: JSON.stringify(data) }],
      assets: [],
      options: { commitMessage: "m" },
    }),
  ])
  expect(answers.map((answer) => answer.status)).toEqual([422, 422, 422, 200])
  expect(performance.now() - started).toBeLessThan(5000)
  expect((JSON.parse(readFileSync(file, "utf8")) as typeof data).items[0]!.price).toBe(77)
})

test("the browser's header reader gives sharp's sizes for PNG, JPEG (behind its EXIF) and WebP, and nothing for what it cannot read", async () => {
  const image = sharp({ create: { width: 1234, height: 567, channels: 3, background: "#468" } })
  const files = {
    png: await image.clone().png().toBuffer(),
    jpeg: await image
      .clone()
      .withMetadata({ exif: { IFD0: { Copyright: "x".repeat(20_000) } } })
      .jpeg()
      .toBuffer(),
    progressive: await image.clone().jpeg({ progressive: true }).toBuffer(),
    webp: await image.clone().webp().toBuffer(),
    lossless: await image.clone().webp({ lossless: true }).toBuffer(),
    alpha: await sharp({ create: { width: 1234, height: 567, channels: 4, background: "#4686" } })
      .webp()
      .toBuffer(),
  }
  for (const [name, bytes] of Object.entries(files)) expect([name, headerPixelSize(bytes)]).toEqual([name, { width: 1234, height: 567 }])
  expect(headerPixelSize(Buffer.from("pas une image"))).toBeNull()
  expect(headerPixelSize(files.jpeg.subarray(0, 1000))).toBeNull()
})
