/**
 * @jest-environment node
 *
 * Delivery from the outbox to a real SMTP server started in-process (smtp-server): the mail
 * has the subject, the shop as sender, the visitor as Reply-To and the photos attached; while
 * the SMTP server is down the request waits and is delivered when it is back; a process stopped
 * between the write and the send delivers after restart.
 */
import { readFileSync } from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import { receiveContact } from "../../src/server/contact/receive"
import { createLeadsService } from "../../src/server/leads/service"
import sharp from "sharp"
import { attachmentsOf, header, mailBody, smtpSettings, startSmtp, until } from "../helpers/smtp"
import { estimateForm, JPEG, PNG, post, PROOF_OFF, startEstimateServer, testConfig, type EstimateServer } from "../helpers/estimate-server"

const deliveryState = (server: EstimateServer, id: string) => JSON.parse(readFileSync(path.join(server.service.settings.dir, id, "delivery.json"), "utf8"))

let server: EstimateServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

test("the mail reaches the team with the subject, the visitor as Reply-To only, both photos attached as photo-N.jpg and its own Message-ID", async () => {
  const smtp = await startSmtp()
  try {
    server = await startEstimateServer(testConfig({ smtp: smtpSettings(smtp.port) }))
    const answer = await post(
      server.url,
      estimateForm({ email: "claire@exemple.fr", description: "Pull Ralph Lauren" }, [
        { name: "face.jpg", bytes: JPEG },
        { name: "étiquette.png", bytes: PNG, type: "image/png" },
      ]),
    )
    expect(answer.status).toBe(201)
    await until(() => smtp.mails.length === 1)
    const [mail] = smtp.mails
    expect(mail!.from).toBe("site@maxai.example")
    expect(mail!.to).toEqual(["equipe@maxai.example"])
    expect(header(mail!.raw, "Subject")).toBe(`Demande d'estimation ${answer.json.id} — claire@exemple.fr`)
    expect(header(mail!.raw, "Reply-To")).toBe("claire@exemple.fr")
    expect(header(mail!.raw, "From")).toBe("Site maxAi <site@maxai.example>")
    // Attachments are named by their place, never by the visitor's file name, and carry the photo re-encoded as JPEG.
    expect(mail!.raw).toContain("filename=photo-1.jpg")
    expect(mail!.raw).toContain("filename=photo-2.jpg")
    expect(mail!.raw).not.toMatch(/face|tiquette/)
    const attachments = attachmentsOf(mail!.raw)
    expect(attachments).toHaveLength(2)
    for (const bytes of attachments) expect((await sharp(bytes).metadata()).format).toBe("jpeg")
    expect(header(mail!.raw, "Message-ID")).toBe(`<${answer.json.id}@maxai.example>`)
    expect(header(mail!.raw, "X-Lead-Id")).toBe(answer.json.id)
    await until(() => deliveryState(server!, answer.json.id!).status === "sent")
    expect(deliveryState(server, answer.json.id!)).toMatchObject({ status: "sent", attempts: 1, delivered: ["email"] })
  } finally {
    await smtp.close()
  }
})

test("with the SMTP server down the request waits in the outbox, then is delivered once it is back", async () => {
  // Reserve a port, then free it: nothing listens there while the request arrives.
  const probe = await startSmtp()
  const port = probe.port
  await probe.close()
  server = await startEstimateServer(testConfig({ smtp: smtpSettings(port) }))
  const answer = await post(server.url, estimateForm({ email: "claire@exemple.fr" }, [{ name: "a.jpg", bytes: JPEG }]))
  expect(answer.status).toBe(201)
  await until(() => deliveryState(server!, answer.json.id!).attempts >= 1)
  expect(deliveryState(server, answer.json.id!)).toMatchObject({ status: "pending", delivered: [] })
  expect(deliveryState(server, answer.json.id!).last_error).toMatch(/^email : /)

  const smtp = await startSmtp({ port })
  try {
    await until(() => smtp.mails.length === 1)
    expect(header(smtp.mails[0]!.raw, "Subject")).toContain(`Demande d'estimation ${answer.json.id}`)
    await until(() => deliveryState(server!, answer.json.id!).status === "sent")
  } finally {
    await smtp.close()
  }
})

test("a server stopped between the write and the send delivers the request after its restart", async () => {
  // First process: no delivery configured when it stops, the request is only on disk.
  const config = testConfig()
  server = await startEstimateServer(config)
  const answer = await post(server.url, estimateForm({ email: "claire@exemple.fr" }, [{ name: "a.jpg", bytes: JPEG }]))
  expect(answer.status).toBe(201)
  await server.close()
  server = undefined

  const smtp = await startSmtp()
  try {
    // The restart: a new service over the same LEADS_DIR replays what is pending.
    const restarted = createLeadsService({ ...config, smtp: smtpSettings(smtp.port) }, () => undefined)
    await restarted.ready
    await until(() => smtp.mails.length === 1)
    expect(header(smtp.mails[0]!.raw, "Subject")).toContain(`Demande d'estimation ${answer.json.id}`)
    await until(() => JSON.parse(readFileSync(path.join(config.dir, answer.json.id!, "delivery.json"), "utf8")).status === "sent")
    // A third start finds nothing left to send.
    const again = createLeadsService({ ...config, smtp: smtpSettings(smtp.port) }, () => undefined)
    await again.ready
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(smtp.mails).toHaveLength(1)
    restarted.courier.stop()
    again.courier.stop()
  } finally {
    await smtp.close()
  }
})

test("a webhook down while the mail went out is retried alone: one mail, then the JSON with the photo once it answers", async () => {
  const smtp = await startSmtp()
  const bodies: Array<{ id: string; email: string; photos: Array<{ name: string; content_base64: string }> }> = []
  let webhookUp = false
  const webhook = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      if (!webhookUp) return res.writeHead(502).end()
      bodies.push(JSON.parse(Buffer.concat(chunks).toString("utf8")))
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve))
  try {
    const { port } = webhook.address() as AddressInfo
    server = await startEstimateServer(testConfig({ smtp: smtpSettings(smtp.port), webhook: `http://127.0.0.1:${port}/leads` }))
    const answer = await post(server.url, estimateForm({ email: "claire@exemple.fr" }, [{ name: "a.jpg", bytes: JPEG }]))
    await until(() => deliveryState(server!, answer.json.id!).attempts >= 1)
    expect(deliveryState(server, answer.json.id!)).toMatchObject({
      status: "pending",
      delivered: ["email"],
      last_error: "webhook : le webhook a répondu HTTP 502",
    })
    webhookUp = true
    await until(() => deliveryState(server!, answer.json.id!).status === "sent")
    expect(smtp.mails).toHaveLength(1)
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatchObject({ id: answer.json.id, email: "claire@exemple.fr" })
    expect(Buffer.from(bodies[0]!.photos[0]!.content_base64, "base64").equals(JPEG)).toBe(true)
  } finally {
    await smtp.close()
    await new Promise((resolve) => webhook.close(resolve))
  }
})

test("names reach neither the outbox nor the mail with a bidi override; a page dressed as a JPEG is refused, never mailed", async () => {
  const smtp = await startSmtp()
  try {
    server = await startEstimateServer(testConfig({ smtp: smtpSettings(smtp.port) }))
    const disguised = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<html><script>alert(1)</script></html>")])
    const refused = await post(server.url, estimateForm({ email: "claire@exemple.fr" }, [{ name: "facture\u202Elmth.jpg", bytes: disguised }]))
    expect(refused.status).toBe(400)
    expect(refused.json.message).toBe("« facturelmth.jpg » n'est pas une photo. Envoyez une image JPEG, PNG, WebP, GIF ou AVIF.")
    const answer = await post(server.url, estimateForm({ email: "claire@exemple.fr" }, [{ name: "facture\u202Elmth.jpg", bytes: JPEG }]))
    expect(answer.status).toBe(201)
    const stored = JSON.parse(readFileSync(path.join(server.service.settings.dir, answer.json.id!, "lead.json"), "utf8"))
    expect(stored.photos).toEqual([{ file: "photo-1.jpg", name: "facturelmth.jpg", type: "image/jpeg", size: JPEG.length }])

    const contact = await receiveContact(
      { method: "POST", contentType: "application/json", body: JSON.stringify({ name: "Paul\u202Egpj.exe\u2066", email: "paul@exemple.fr" }) },
      server.service,
      PROOF_OFF,
    )
    expect(contact.status).toBe(201)
    const contactId = (contact.body as { id: string }).id
    expect(JSON.parse(readFileSync(path.join(server.service.settings.dir, contactId, "lead.json"), "utf8")).name).toBe("Paulgpj.exe")
    await until(() => smtp.mails.length === 2)
    const estimateMail = smtp.mails.find((mail) => header(mail.raw, "X-Lead-Id") === answer.json.id)
    const contactMail = smtp.mails.find((mail) => header(mail.raw, "X-Lead-Id") === contactId)
    expect(estimateMail!.raw).toContain("filename=photo-1.jpg")
    expect(estimateMail!.raw).not.toContain("facture")
    expect(mailBody(contactMail!.raw)).toContain("Nom : Paulgpj.exe")
    for (const mail of smtp.mails) expect(mailBody(mail.raw)).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/)
  } finally {
    await smtp.close()
  }
})
