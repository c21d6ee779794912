/**
 * @jest-environment node
 *
 * The chat's contact call (src/lib/contact-client.ts) against a real HTTP server on 127.0.0.1:
 * where it posts, what counts as sent, and a server that takes the request and never answers.
 * The server hands out real challenges (GET /api/challenge, src/server/proof-of-work/), so the
 * client really solves one and its proof passes the server's check.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"
import { sendChatContact } from "../src/lib/contact-client"
import { handleChallenge } from "../src/server/proof-of-work/challenge"
import { createProofOfWork } from "../src/server/proof-of-work/guard"

const contact = { name: "Paul", email: "paul@exemple.fr", conversation: [{ from: "user" as const, text: "Bonjour", at: "2026-11-23T21:00:00.000Z" }] }

let server: http.Server
let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void
const received: Array<{ url: string | undefined; body: string; at: number }> = []

const guard = createProofOfWork({ enabled: true, secret: null })

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/api/challenge") {
      void handleChallenge(req.method, guard).then((challenge) =>
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(challenge.body)),
      )
      return
    }
    let body = ""
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")))
    req.on("end", () => {
      received.push({ url: req.url, body, at: performance.now() })
      answer(req, res)
    })
  })
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  process.env.GATSBY_LEADS_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})

afterAll(async () => {
  delete process.env.GATSBY_LEADS_API_URL
  server.closeAllConnections()
  await new Promise((done) => server.close(done))
})

beforeEach(() => {
  received.length = 0
})

test("posts the contact as JSON to {GATSBY_LEADS_API_URL}/api/contact; only 201 counts as sent", async () => {
  answer = (_req, res) => res.writeHead(201, { "Content-Type": "application/json" }).end('{"id":"x","message":"Merci"}')
  expect(await sendChatContact(contact)).toEqual({ ok: true })
  expect(received.map(({ url }) => url)).toEqual(["/api/contact"])
  const { altcha, ...sent } = JSON.parse(received[0]!.body) as typeof contact & { altcha: string }
  expect(sent).toEqual(contact)
  // The proof the client solved is one the server accepts, once.
  expect(await guard.check(altcha)).toBeNull()
  expect(await guard.check(altcha)).toMatchObject({ status: 400, body: { error: "proof_of_work_replayed" } })
  answer = (_req, res) => res.writeHead(503, { "Content-Type": "application/json" }).end('{"error":"leads_unavailable","message":"…"}')
  expect(await sendChatContact(contact)).toEqual({ ok: false, reason: "refused" })
})

test("a server that takes the request and never answers ends in the error state once the timeout passes", async () => {
  answer = () => {}
  // The post's time; the proof has time enough to be solved first on a busy machine (it took over
  // 300 ms at load 16, and the post then never left).
  const timeoutMs = 500
  expect(await sendChatContact(contact, timeoutMs, 10_000)).toEqual({ ok: false, reason: "timeout" })
  expect(received).toHaveLength(1)
  // Given up once the post's time passed, counted from its arrival at the server.
  expect(performance.now() - received[0]!.at).toBeLessThan(timeoutMs + 2000)
})

test("a server that hands out no challenge: the contact is not sent and the chat is told it was refused", async () => {
  const base = process.env.GATSBY_LEADS_API_URL
  const other = http.createServer((_req, res) => res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":"not_found","message":"…"}'))
  await new Promise<void>((done) => other.listen(0, "127.0.0.1", done))
  process.env.GATSBY_LEADS_API_URL = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
  try {
    expect(await sendChatContact(contact)).toEqual({ ok: false, reason: "refused" })
  } finally {
    process.env.GATSBY_LEADS_API_URL = base
    await new Promise((done) => other.close(done))
  }
})

test("no server at all is a network failure, not a rejection", async () => {
  const closed = http.createServer()
  await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done))
  const { port } = closed.address() as AddressInfo
  await new Promise((done) => closed.close(done))
  const base = process.env.GATSBY_LEADS_API_URL
  process.env.GATSBY_LEADS_API_URL = `http://127.0.0.1:${port}`
  try {
    expect(await sendChatContact(contact)).toEqual({ ok: false, reason: "network" })
  } finally {
    process.env.GATSBY_LEADS_API_URL = base
  }
})
