/**
 * @jest-environment node
 *
 * Delivery failures as a real mail provider and a real webhook produce them: a full request
 * (4 photos of 9.5 MB) reaches an SMTP server limited to 25 MB; a message refused for good (552,
 * webhook 400) is marked failed with the reason after one attempt and shown by `npm run leads`;
 * a state that could not be written after the mail went out (disk full) sends no second mail.
 */
import { randomBytes } from "node:crypto"
import { readdirSync, readFileSync, statSync } from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import sharp from "sharp"
import { createLeadsService } from "../../src/server/leads/service"
import { attachmentsOf, smtpSettings, startSmtp, until } from "../helpers/smtp"
import { estimateForm, JPEG, post, startEstimateServer, testConfig, type EstimateServer } from "../helpers/estimate-server"
import { runScript } from "../helpers/run-script"

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

/**
 * A real JPEG as heavy as a camera's (9.5 MB), larger than the mail's 1600 px: random pixels at
 * quality 100 without chroma subsampling do not compress (about 2.8 MB per megapixel), so 1870 ×
 * 1870 px weigh that much for a fifth of the CPU a noisier, larger picture would cost to make and
 * to decode.
 */
async function heavyPhoto(): Promise<Buffer> {
  const edge = 1870
  const photo = await sharp(randomBytes(edge * edge * 3), { raw: { width: edge, height: edge, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: "4:4:4" })
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
    const config = testConfig({ smtp: smtpSettings(smtp.port), retryBaseMs: 20, retryMaxMs: 40 })
    server = await startEstimateServer(config)
    const answer = await post(server.url, estimateForm({ email: "claire@exemple.fr" }, [{ name: "a.jpg", bytes: JPEG }]))
    expect(answer.status).toBe(201)
    const id = answer.json.id!
    await until(() => deliveryState(server!, id).status !== "pending")
    expect(deliveryState(server, id)).toMatchObject({ status: "failed", attempts: 1, delivered: [], refused: ["email"] })
    expect(deliveryState(server, id).last_error).toMatch(/^email : le serveur SMTP a refusé le message : 552 .*politique du serveur/)
    // Several retry delays later, still one attempt; a restart finds nothing to resume and does not try again either.
    await new Promise((resolve) => setTimeout(resolve, 150))
    const started: string[] = []
    const restarted = createLeadsService(config, (line) => started.push(line))
    await restarted.ready
    expect(started).toEqual([`leads : demandes dans ${config.dir} (envoi par email)`])
    await new Promise((resolve) => setTimeout(resolve, 100))
    restarted.courier.stop()
    expect(smtp.attempts()).toBe(1)

    // `npm run leads -- --pending`: tsx's loader in one node process (its CLI would start a second one).
    const listed = await runScript("leads.ts", ["--pending"], { env: { LEADS_DIR: config.dir } })
    expect(listed.out).toMatch(new RegExp(`${id}\\s+estimation\\s+claire@exemple.fr\\s+1 photo\\(s\\)\\s+ÉCHEC \\(refusée, plus d'envoi\\) .*552`))
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
    server = await startEstimateServer(testConfig({ webhook: `http://127.0.0.1:${port}/leads`, retryBaseMs: 20, retryMaxMs: 40 }))
    const answer = await post(server.url, estimateForm({ email: "claire@exemple.fr" }, [{ name: "a.jpg", bytes: JPEG }]))
    await until(() => deliveryState(server!, answer.json.id!).status !== "pending")
    expect(deliveryState(server, answer.json.id!)).toMatchObject({
      status: "failed",
      attempts: 2,
      last_error: "webhook : le webhook a refusé la demande : HTTP 400",
    })
    // Several retry delays later, still two posts.
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(posts).toBe(2)
  } finally {
    await new Promise((resolve) => webhook.close(resolve))
  }
})

test("the disk full when the state is written after the mail went out: no second mail, the state is written later, no temporary file left", async () => {
  const smtp = await startSmtp()
  try {
    const config = testConfig({ smtp: smtpSettings(smtp.port), retryBaseMs: 20, retryMaxMs: 40 })
    server = await startEstimateServer(config)
    const writeState = jest.spyOn(server.service.outbox, "writeState")
    writeState.mockRejectedValueOnce(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }))
    const answer = await post(server.url, estimateForm({ email: "claire@exemple.fr" }, [{ name: "a.jpg", bytes: JPEG }]))
    expect(answer.status).toBe(201)
    await until(() => deliveryState(server!, answer.json.id!).status === "sent")
    expect(writeState).toHaveBeenCalledTimes(2)
    // A restart finds it sent: nothing to resume, and no mail goes out.
    const started: string[] = []
    const restarted = createLeadsService({ ...config, smtp: smtpSettings(smtp.port) }, (line) => started.push(line))
    await restarted.ready
    expect(started).toEqual([`leads : demandes dans ${config.dir} (envoi par email)`])
    await new Promise((resolve) => setTimeout(resolve, 100))
    restarted.courier.stop()
    expect(smtp.mails).toHaveLength(1)
    expect(filesUnder(config.dir).filter((name) => /\.(tmp|part)$/.test(name))).toEqual([])
  } finally {
    await smtp.close()
  }
})
