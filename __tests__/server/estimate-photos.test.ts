/**
 * @jest-environment node
 *
 * POST /api/estimate's photos over real HTTP (issue 38): each photo is decoded and checked before
 * anything keeps it, a pixel bomb refused from its header, a few checks at a time and the others
 * waiting their turn. The form's other rules are in estimate.test.ts.
 */
import { readFileSync } from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { REFUSALS } from "../../src/server/estimate/rules"
import { createSlots, PHOTO_CHECKS_AT_ONCE, photoCheckSlots } from "../../src/server/photos/slots"
import { pixelBombPng } from "../helpers/pixel-bomb"
import { estimateForm, JPEG, PNG, post, useEstimateServer } from "../helpers/estimate-server"

const { server, storedIds, incoming } = useEstimateServer()

const goodFields = { email: "claire@exemple.fr", description: "Polo Lacoste taille M, très bon état" }

describe("photos are checked before anything keeps them (issue 38)", () => {
  /** A real 16000 × 16000 PNG (256 megapixels) of one colour, well under a megabyte on disk. */
  let pixelBomb: Buffer
  beforeAll(() => {
    pixelBomb = pixelBombPng(16000)
  })

  test("a 16000 × 16000 PNG is refused from its header in under a second, in French, and nothing is kept", async () => {
    expect(pixelBomb.length).toBeLessThan(1024 * 1024)
    expect(await sharp(pixelBomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: "png", width: 16000, height: 16000 })
    const started = performance.now()
    const answer = await post(
      server().url,
      estimateForm(goodFields, [
        { name: "a.jpg", bytes: JPEG },
        { name: "plan.png", bytes: pixelBomb, type: "image/png" },
      ]),
    )
    expect(performance.now() - started).toBeLessThan(1000)
    expect(answer.status).toBe(413)
    expect(answer.json).toEqual({
      error: "photo_too_many_pixels",
      message: "La photo « plan.png » mesure 16000 × 16000 pixels : 50 millions de pixels au maximum. Envoyez une version plus petite.",
    })
    expect(storedIds()).toEqual([])
    expect(incoming()).toEqual([])
  })

  const gifThenScript = Buffer.concat([Buffer.from("GIF89a\x01\x00\x01\x00\x80\x00\x00", "latin1"), Buffer.from("<script>alert(document.cookie)</script>")])
  test.each([
    [
      "a GIF header followed by a script",
      { name: "chat.gif", bytes: gifThenScript, type: "image/gif" },
      400,
      "not_an_image",
      "« chat.gif » n'est pas une photo. Envoyez une image JPEG, PNG, WebP, GIF ou AVIF.",
    ],
    [
      "a JPEG cut in half",
      { name: "coupée.jpg", bytes: JPEG.subarray(0, JPEG.length / 2) },
      400,
      "unreadable_photo",
      "La photo « coupée.jpg » est illisible ou incomplète. Choisissez-la de nouveau ou envoyez-en une autre.",
    ],
  ])("%s is refused in French and nothing is kept", async (_case, photo, status, code, message) => {
    const answer = await post(server().url, estimateForm(goodFields, [{ name: "a.jpg", bytes: JPEG }, photo]))
    expect(answer.status).toBe(status)
    expect(answer.json).toEqual({ error: code, message })
    expect(storedIds()).toEqual([])
    expect(incoming()).toEqual([])
  })

  test("a PNG named .jpg is the PNG it is: decoded, kept as photo-1.png", async () => {
    const answer = await post(server().url, estimateForm(goodFields, [{ name: "capture.jpg", bytes: PNG }]))
    expect(answer.status).toBe(201)
    const lead = JSON.parse(readFileSync(path.join(server().service.settings.dir, answer.json.id!, "lead.json"), "utf8"))
    expect(lead.photos).toEqual([{ file: "photo-1.png", name: "capture.jpg", type: "image/png", size: PNG.length }])
  })

  test("while other requests' photos are being checked, a request waits its turn, then is stored", async () => {
    const slots = photoCheckSlots()
    const held = await Promise.all(Array.from({ length: PHOTO_CHECKS_AT_ONCE }, () => slots.take()))
    const sent = post(server().url, estimateForm(goodFields, [{ name: "a.jpg", bytes: JPEG }]))
    for (let tries = 0; tries < 100 && slots.waiting === 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(slots.waiting).toBe(1)
    expect(storedIds()).toEqual([])
    for (const release of held) release!()
    const answer = await sent
    expect(answer.status).toBe(201)
    expect(storedIds()).toEqual([answer.json.id])
    expect(slots.busy).toBe(0)
  })
})

test("photo-check turns: given in order, each once; a request that waited too long gets none, and the 503 says when to come back", async () => {
  const slots = createSlots(1)
  const first = await slots.take()
  expect(first).not.toBeNull()
  expect(await slots.take(50)).toBeNull()
  const second = slots.take(5000)
  const third = slots.take(5000)
  first!()
  first!()
  expect(slots.busy).toBe(1)
  const secondRelease = await second
  expect(slots.waiting).toBe(1)
  secondRelease!()
  ;(await third)!()
  expect(slots.busy).toBe(0)
  const busy = REFUSALS.busy(20)
  expect(busy.status).toBe(503)
  expect(busy.headers).toMatchObject({ "Retry-After": "20" })
  expect(busy.body).toEqual({
    error: "photos_busy",
    message: "Beaucoup de photos arrivent en même temps. Votre demande n'a pas été envoyée : réessayez dans 20 secondes.",
  })
})
