/**
 * @jest-environment node
 *
 * The team's mail of a request of many garments (issue 46: up to 40 photos) stays within the size
 * SMTP servers accept: its photos are reduced further from the start, all of them together weigh
 * at most MAIL_ATTACHMENTS_BYTES, and each photo left out is named with where its original is.
 */
import { writeFileSync } from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { MAIL_ATTACHMENTS_BYTES, mailPhotos } from "../../src/server/leads/mail-photos"
import type { Lead } from "../../src/server/leads/types"
import { tempDir } from "../helpers/estimate-server"

jest.setTimeout(60_000)

test("40 photos of noise (the worst case for JPEG): the attachments stay under the budget, the others are named", async () => {
  const dir = tempDir()
  const bytes = await sharp({ create: { width: 1100, height: 1100, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 90 } } })
    .jpeg({ quality: 95 })
    .toBuffer()
  const photos = Array.from({ length: 40 }, (_, index) => {
    const file = `photo-${index + 1}.jpg`
    writeFileSync(path.join(dir, file), bytes)
    return { file, name: file, type: "image/jpeg", size: bytes.length }
  })
  const lead: Lead = { id: "20261128-1100-K7Q2MX", kind: "estimate", created_at: "2026-11-28T11:00:00.000Z", email: "claire@exemple.fr", photos }

  const { attachments, notes } = await mailPhotos(lead, dir)
  const weight = attachments.reduce((sum, attachment) => sum + ("content" in attachment ? attachment.content.length : 0), 0)
  expect(weight).toBeLessThanOrEqual(MAIL_ATTACHMENTS_BYTES)
  expect(attachments.length).toBeGreaterThan(4)
  expect(notes.length).toBeGreaterThan(0)
  expect(attachments.length + notes.length).toBe(40)
  expect(notes[0]).toBe(
    `Photo ${attachments.length + 1} non jointe (le mail serait trop lourd) : original dans ${path.join(dir, `photo-${attachments.length + 1}.jpg`)}`,
  )
  // Reduced from the start: the long side at most 1024 px.
  const first = attachments[0]!
  expect("content" in first && (await sharp(first.content).metadata()).width).toBeLessThanOrEqual(1024)
})
