/**
 * @jest-environment node
 *
 * Delivery failures as a real mail provider and a real webhook produce them: a full request
 * (4 photos of 9.5 MB) reaches an SMTP server limited to 25 MB; a message refused for good (552,
 * webhook 400) is marked failed with the reason after one attempt and shown by `npm run leads`;
 * a state that could not be written after the mail went out (disk full) sends no second mail.
 */
import { spawnSync } from "node:child_process"
import { readdirSync, readFileSync, statSync } from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import sharp from "sharp"
import { createLeadsService } from "../../src/server/leads/service"
import { attachmentsOf, smtpSettings, startSmtp, until } from "../helpers/smtp"
import { estimateForm, JPEG, post, ROOT, startEstimateServer, testConfig, type EstimateServer } from "../helpers/estimate-server"

const MB = 1024 * 1024

const deliveryState = (server: EstimateServer, id: string) => JSON.parse(readFileSync(path.join(server.service.settings.dir, id, "delivery.json"), "utf8"))

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => statSync(path.join(dir, name)).isFile())
}

let server: EstimateServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** A real camera-sized JPEG of 9.5 MB: noise compresses badly, so it is as heavy as it looks. */
async function heavyPhoto(): Promise<Buffer> {
  const photo = await sharp({
    create: { width: 2700, height: 2700, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: "gaussian", mean: 128, sigma: 80 } },
  })
    .jpeg({ quality: 100 })
    .toBuffer()
  expect(photo.length).toBeGreaterThan(9.5 * MB)
  expect(photo.length).toBeLessThan(10 * MB)
  return photo
}

test("a full request (4 × 9.5 MB photos) reaches an SMTP server that refuses mails over 25 MB; the originals stay in the outbox", async () => {
  const photo = await heavyPhoto()
  const smtp = await startSmtp({ sizeLimit: 25 * MB })
  try {
    server = await startEstimateServer(testConfig({ smtp: smtpSettings(smtp.port) }))
    const photos = [1, 2, 3, 4].map((n) => ({ name: `IMG_${n}.jpg`, bytes: photo }))
    const answer = await post(server.url, estimateForm({ email: "claire@exemple.fr" }, photos))
    expect(answer.status).toBe(201)
    await until(() => deliveryState(server!, answer.json.id!).status !== "pending", 30_000)
    expect(deliveryState(server, answer.json.id!)).toMatchObject({ status: "sent", attempts: 1 })
    expect(smtp.mails).toHaveLength(1)
    expect(smtp.mails[0]!.raw.length).toBeLessThan(25 * MB)
    const attachments = attachmentsOf(smtp.mails[0]!.raw)
    expect(attachments).toHaveLength(4)
    for (const bytes of attachments) expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 1600, height: 1600 })
    const stored = path.join(server.service.settings.dir, answer.json.id!)
    for (const n of [1, 2, 3, 4]) expect(readFileSync(path.join(stored, `photo-${n}.jpg`)).equals(photo)).toBe(true)
  } finally {
    await smtp.close()
  }
}, 60_000)

test("a mail refused for good (552) is marked failed with the reason after one attempt, and npm run leads says so", async () => {
  const smtp = await startSmtp({ refuse: { code: 552, message: "5.3.4 Message refusé par la politique du serveur" } })
  try {
    const config = testConfig({ smtp: smtpSettings(smtp.port), retryBaseMs: 50, retryMaxMs: 100 })
    server = await startEstimateServer(config)
    const answer = await post(server.url, estimateForm({ email: "claire@exemple.fr" }, [{ name: "a.jpg", bytes: JPEG }]))
    expect(answer.status).toBe(201)
    const id = answer.json.id!
    await until(() => deliveryState(server!, id).status !== "pending")
    expect(deliveryState(server, id)).toMatchObject({ status: "failed", attempts: 1, delivered: [], refused: ["email"] })
    expect(deliveryState(server, id).last_error).toMatch(/^email : le serveur SMTP a refusé le message : 552 .*politique du serveur/)
    // Several retry delays later, still one attempt; a restart does not try again either.
    await new Promise((resolve) => setTimeout(resolve, 400))
    const restarted = createLeadsService(config, () => undefined)
    await restarted.ready
    await new Promise((resolve) => setTimeout(resolve, 200))
    restarted.courier.stop()
    expect(smtp.attempts()).toBe(1)

    const listed = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), [path.join(ROOT, "scripts/leads.ts"), "--pending"], {
      env: { ...process.env, LEADS_DIR: config.dir },
      encoding: "utf8",
    })
    expect(listed.stdout).toMatch(new RegExp(`${id}\\s+estimation\\s+claire@exemple.fr\\s+1 photo\\(s\\)\\s+ÉCHEC \\(refusée, plus d'envoi\\) .*552`))
  } finally {
    await smtp.close()
  }
}, 30_000)

test("a webhook answering 400 is not resent and the request is failed; 503 would be retried", async () => {
  const statuses = [503, 400]
  let posts = 0
  const webhook = http.createServer((req, res) => {
    req.resume()
    req.on("end", () => res.writeHead(statuses[posts++] ?? 204).end())
  })
  await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve))
  try {
    const { port } = webhook.address() as AddressInfo
    server = await startEstimateServer(testConfig({ webhook: `http://127.0.0.1:${port}/leads`, retryBaseMs: 50, retryMaxMs: 100 }))
    const answer = await post(server.url, estimateForm({ email: "claire@exemple.fr" }, [{ name: "a.jpg", bytes: JPEG }]))
    await until(() => deliveryState(server!, answer.json.id!).status !== "pending")
    expect(deliveryState(server, answer.json.id!)).toMatchObject({
      status: "failed",
      attempts: 2,
      last_error: "webhook : le webhook a refusé la demande : HTTP 400",
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(posts).toBe(2)
  } finally {
    await new Promise((resolve) => webhook.close(resolve))
  }
})

test("the disk full when the state is written after the mail went out: no second mail, the state is written later, no temporary file left", async () => {
  const smtp = await startSmtp()
  try {
    const config = testConfig({ smtp: smtpSettings(smtp.port) })
    server = await startEstimateServer(config)
    const writeState = jest.spyOn(server.service.outbox, "writeState")
    writeState.mockRejectedValueOnce(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }))
    const answer = await post(server.url, estimateForm({ email: "claire@exemple.fr" }, [{ name: "a.jpg", bytes: JPEG }]))
    expect(answer.status).toBe(201)
    await until(() => deliveryState(server!, answer.json.id!).status === "sent")
    expect(writeState).toHaveBeenCalledTimes(2)
    // A restart finds it sent.
    const restarted = createLeadsService({ ...config, smtp: smtpSettings(smtp.port) }, () => undefined)
    await restarted.ready
    await new Promise((resolve) => setTimeout(resolve, 300))
    restarted.courier.stop()
    expect(smtp.mails).toHaveLength(1)
    expect(filesUnder(config.dir).filter((name) => /\.(tmp|part)$/.test(name))).toEqual([])
  } finally {
    await smtp.close()
  }
})
