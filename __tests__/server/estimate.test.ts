/**
 * @jest-environment node
 *
 * POST /api/estimate over real HTTP: each bad request gets its status and French message and
 * leaves nothing in the outbox; a good one is on disk (lead.json + photos) before the 201. How its
 * photos are checked (decoded, a pixel bomb refused, a few at a time) is in estimate-photos.test.ts.
 */
import { readFileSync } from "node:fs"
import net from "node:net"
import path from "node:path"
import { estimateForm, JPEG, JPEG_2, PNG, post, PROOF_OFF, testConfig, useEstimateServer } from "../helpers/estimate-server"

const { server, restart, storedIds, incoming } = useEstimateServer()

const goodFields = { email: "claire@exemple.fr", description: "Polo Lacoste taille M, très bon état" }

test("a request with two photos is answered 201 with its number only once it is in the outbox with its photos", async () => {
  const answer = await post(
    server().url,
    estimateForm(goodFields, [
      { name: "face.jpg", bytes: JPEG },
      { name: "dos.png", bytes: PNG, type: "image/png" },
    ]),
  )
  expect(answer.status).toBe(201)
  expect(answer.json.id).toMatch(/^\d{8}-\d{4}-[2-9A-Z]{6}$/)
  expect(answer.json.message).toBe(`Demande n° ${answer.json.id} enregistrée : notre proposition ferme vous arrivera par e-mail.`)
  expect(storedIds()).toEqual([answer.json.id])
  const dir = path.join(server().service.settings.dir, answer.json.id!)
  const lead = JSON.parse(readFileSync(path.join(dir, "lead.json"), "utf8"))
  expect(lead).toMatchObject({ kind: "estimate", email: "claire@exemple.fr", description: goodFields.description })
  expect(lead.photos).toEqual([
    { file: "photo-1.jpg", name: "face.jpg", type: "image/jpeg", size: JPEG.length },
    { file: "photo-2.png", name: "dos.png", type: "image/png", size: PNG.length },
  ])
  expect(readFileSync(path.join(dir, "photo-1.jpg")).equals(JPEG)).toBe(true)
  expect(readFileSync(path.join(dir, "photo-2.png")).equals(PNG)).toBe(true)
  // No delivery configured: it waits in the outbox for `npm run leads`.
  expect(JSON.parse(readFileSync(path.join(dir, "delivery.json"), "utf8"))).toMatchObject({ status: "pending", attempts: 0 })
  expect(incoming()).toEqual([])
})

const TEXT_AS_JPEG = { name: "photo.jpg", bytes: Buffer.from("ceci n'est pas une photo\n"), type: "image/jpeg" }
const HEIC = {
  name: "IMG_0001.HEIC",
  bytes: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"), Buffer.alloc(200)]),
}

test.each([
  ["no email", { description: "x" }, [{ name: "a.jpg", bytes: JPEG }], 400, "email_required", "Le champ « email » est obligatoire."],
  [
    "an address that is not one",
    { email: "claire@gmail" },
    [{ name: "a.jpg", bytes: JPEG }],
    400,
    "invalid_email",
    "L'adresse email ne semble pas valide (exemple : vous@exemple.fr).",
  ],
  [
    "a line break in the email (header injection)",
    { email: "claire@exemple.fr\r\nBcc: tous@exemple.fr" },
    [{ name: "a.jpg", bytes: JPEG }],
    400,
    "line_break_refused",
    "Le champ « email » ne doit pas contenir de retour à la ligne.",
  ],
  [
    "a description of 2001 characters",
    { email: "claire@exemple.fr", description: "é".repeat(2001) },
    [{ name: "a.jpg", bytes: JPEG }],
    400,
    "description_too_long",
    "La description ne doit pas dépasser 2000 caractères.",
  ],
  ["no photo", goodFields, [], 400, "photos_required", "Ajoutez au moins une photo de l'article."],
  [
    "a 5th photo",
    goodFields,
    Array.from({ length: 5 }, (_, index) => ({ name: `p${index}.jpg`, bytes: JPEG_2 })),
    400,
    "too_many_photos",
    "4 photos au maximum par article.",
  ],
  [
    "a text file named .jpg",
    goodFields,
    [{ name: "a.jpg", bytes: JPEG }, TEXT_AS_JPEG],
    400,
    "not_an_image",
    "« photo.jpg » n'est pas une photo. Envoyez une image JPEG, PNG, WebP, GIF ou AVIF.",
  ],
  ["a HEIC photo", goodFields, [HEIC], 400, "heic_not_accepted", "« IMG_0001.HEIC » est au format HEIC, non accepté. Envoyez-la en JPEG."],
  [
    "a photo over 10 MB",
    goodFields,
    [{ name: "grande.jpg", bytes: Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)]) }],
    413,
    "photo_too_large",
    "La photo « grande.jpg » dépasse 10 Mo. Envoyez une version plus légère.",
  ],
])("%s → its status and French message, nothing kept", async (_case, fields, photos, status, code, message) => {
  const answer = await post(server().url, estimateForm(fields as Record<string, string>, photos))
  expect(answer.status).toBe(status)
  expect(answer.json).toEqual({ error: code, message })
  expect(storedIds()).toEqual([])
  expect(incoming()).toEqual([])
})

test("a file name carrying CR/LF (RFC 5987 encoded) is refused before it can reach a mail header", async () => {
  const boundary = "----maxai"
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nclaire@exemple.fr\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename*=UTF-8''a%0D%0ABcc%3A%20x.jpg\r\nContent-Type: image/jpeg\r\n\r\n`),
    JPEG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const answer = await post(server().url, body as unknown as string, { "Content-Type": `multipart/form-data; boundary=${boundary}` })
  expect(answer.status).toBe(400)
  expect(answer.json).toEqual({ error: "line_break_refused", message: "Le champ « photos » ne doit pas contenir de retour à la ligne." })
})

test("refusals decided from the headers alone: 405 with Allow, 415 (413 from Content-Length: next test)", async () => {
  const get = await fetch(server().url)
  expect(get.status).toBe(405)
  expect(get.headers.get("allow")).toBe("POST")
  const json = await post(server().url, JSON.stringify({ email: "claire@exemple.fr" }), { "Content-Type": "application/json" })
  expect(json.status).toBe(415)
  expect(json.json.message).toBe("Envoyez le formulaire en multipart/form-data (champs email, description et photos).")
})

test("a body over 80 MB of photos announced by Content-Length is refused before it is read, and the connection closes", async () => {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(new URL(server().url).port), "127.0.0.1", () => {
      socket.write(`POST /api/estimate HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${81 * 1024 * 1024}\r\n\r\n`)
    })
    let text = ""
    socket.on("data", (chunk) => (text += chunk.toString()))
    socket.on("close", () => resolve(text))
    socket.on("error", reject)
  })
  expect(answer).toMatch(/^HTTP\/1.1 413/)
  expect(answer).toContain("La demande est trop volumineuse")
})

test("the hidden honeypot field gets a 201 like a person, and nothing is kept", async () => {
  const answer = await post(server().url, estimateForm({ ...goodFields, website: "http://spam.example" }, [{ name: "a.jpg", bytes: JPEG }]))
  expect(answer.status).toBe(201)
  expect(storedIds()).toEqual([])
  expect(incoming()).toEqual([])
})

test("a visitor cut off mid-upload leaves no request, no temp file, and the server keeps answering", async () => {
  const boundary = "cut"
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect(Number(new URL(server().url).port), "127.0.0.1", () => {
      socket.write(`POST /api/estimate HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n`)
      socket.write(`--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nclaire@exemple.fr\r\n`)
      socket.write(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`)
      socket.write(JPEG, () => setTimeout(() => socket.destroy(), 100))
    })
    socket.on("close", () => resolve())
    socket.on("error", reject)
  })
  // The staging folder goes once the server has noticed the cut.
  for (let tries = 0; tries < 50 && incoming().length > 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20))
  expect(incoming()).toEqual([])
  expect(storedIds()).toEqual([])
  const next = await post(server().url, estimateForm(goodFields, [{ name: "a.jpg", bytes: JPEG }]))
  expect(next.status).toBe(201)
})

test("garbage instead of multipart is a 400 in French, not a crash", async () => {
  const answer = await post(server().url, "pas du multipart du tout", { "Content-Type": "multipart/form-data; boundary=zzz" })
  expect(answer.status).toBe(400)
  expect(answer.json).toEqual({ error: "invalid_body", message: "Le formulaire reçu est illisible ou incomplet. Réessayez." })
})

test("too many requests from one address → 429 with Retry-After", async () => {
  await restart(testConfig(), { limit: 2, windowMs: 60_000 })
  const send = () => post(server().url, estimateForm(goodFields, [{ name: "a.jpg", bytes: JPEG }]))
  expect((await send()).status).toBe(201)
  expect((await send()).status).toBe(201)
  const third = await send()
  expect(third.status).toBe(429)
  expect(third.json.message).toBe("Trop de demandes envoyées depuis votre connexion. Réessayez dans quelques minutes.")
  expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0)
  expect(storedIds()).toHaveLength(2)
  // Over its limit, a client announcing 40 MB is answered from its headers: none of the body is awaited.
  const answer = await new Promise<string>((resolve, reject) => {
    let text = ""
    const socket = net.connect(Number(new URL(server().url).port), "127.0.0.1", () => {
      socket.write(`POST /api/estimate HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${40 * 1024 * 1024}\r\n\r\n`)
    })
    const deadline = setTimeout(() => socket.destroy(), 3000)
    socket.on("data", (chunk) => {
      text += chunk.toString()
      clearTimeout(deadline)
      socket.destroy()
    })
    socket.on("close", () => resolve(text))
    socket.on("error", reject)
  })
  expect(answer).toMatch(/^HTTP\/1\.1 429 /)
  expect(answer).toContain("Trop de demandes envoyées depuis votre connexion.")
})

test("without a lasting disk and without a delivery channel, the answer is 503 and nothing is claimed sent", async () => {
  await restart(testConfig({ storage: "ephemeral" }))
  const answer = await post(server().url, estimateForm(goodFields, [{ name: "a.jpg", bytes: JPEG }]))
  expect(answer.status).toBe(503)
  expect(answer.json.message).toBe("Le service de demandes est momentanément indisponible. Votre demande n'a pas été envoyée : réessayez plus tard.")
})

test("under gatsby develop (body already parsed by its multer) the same rules apply and the request is stored", async () => {
  const { receiveEstimate } = await import("../../src/server/estimate/receive")
  const { fromMulter } = await import("../../src/server/estimate/develop")
  const send = async (files: Array<{ name: string; bytes: Buffer }>) => {
    const parsed = await fromMulter({
      body: goodFields,
      files: files.map((file) => ({ fieldname: "photos", originalname: file.name, mimetype: "image/jpeg", buffer: file.bytes, size: file.bytes.length })),
    })
    try {
      return await receiveEstimate({ method: "POST", body: parsed?.body }, server().service, PROOF_OFF)
    } finally {
      await parsed?.cleanup()
    }
  }
  const stored = await send([{ name: "a.jpg", bytes: JPEG }])
  expect(stored.status).toBe(201)
  expect(storedIds()).toEqual([(stored.body as { id: string }).id])
  const refused = await send([{ name: "photo.jpg", bytes: Buffer.from("texte") }])
  expect(refused).toMatchObject({ status: 400, body: { error: "not_an_image" } })
})
