/**
 * @jest-environment node
 *
 * POST /api/contact: the chat's "Mes infos" and the conversation land in the outbox (kind "chat").
 */
import { receiveContact } from "../../src/server/contact/receive"
import { createLeadsService } from "../../src/server/leads/service"
import { PROOF_OFF, testConfig } from "../helpers/estimate-server"

const service = createLeadsService(testConfig(), () => undefined)
const conversation = [
  { from: "bot", text: "Bonjour, je suis maxAi.", at: "2026-11-23T21:00:00.000Z" },
  { from: "user", text: "Vous rachetez les polos ?", at: "2026-11-23T21:00:10.000Z" },
]
const send = (body: unknown, contentType = "application/json") =>
  receiveContact({ method: "POST", contentType, body: typeof body === "string" ? body : JSON.stringify(body) }, service, PROOF_OFF)

afterAll(() => service.courier.stop())

test("a contact with its conversation is stored as a chat request, answered 201", async () => {
  const answer = await send({ name: "Paul", email: "paul@exemple.fr", conversation })
  expect(answer.status).toBe(201)
  const { id } = answer.body as { id: string }
  const { lead, state } = await service.outbox.read(id)
  expect(lead).toMatchObject({ kind: "chat", name: "Paul", email: "paul@exemple.fr", photos: [], conversation })
  expect(state.status).toBe("pending")
})

test.each([
  ["no email", { name: "Paul", conversation }, 400, "invalid_email"],
  ["a name carrying CR/LF (header injection)", { name: "Paul\r\nBcc: x@y.fr", email: "paul@exemple.fr" }, 400, "line_break_refused"],
  ["an email carrying CR/LF", { email: "paul@exemple.fr\nBcc: x@y.fr" }, 400, "invalid_email"],
  ["a malformed conversation", { email: "paul@exemple.fr", conversation: [{ from: "admin", text: "x", at: "hier" }] }, 400, "invalid_conversation"],
])("%s → refused in French", async (_case, body, status, code) => {
  const answer = await send(body)
  expect(answer.status).toBe(status)
  expect(answer.body).toMatchObject({ error: code, message: expect.stringMatching(/^[A-ZÀ-Ü]/) })
})

test("not JSON → 415, unreadable JSON → 400, other methods → 405 with Allow", async () => {
  expect((await send("email=paul", "application/x-www-form-urlencoded")).status).toBe(415)
  expect(await send("{", "application/json")).toMatchObject({
    status: 400,
    body: { error: "invalid_json", message: "Le corps de la requête n'est pas du JSON valide." },
  })
  expect(await receiveContact({ method: "GET", contentType: undefined, body: "" }, service, PROOF_OFF)).toMatchObject({
    status: 405,
    headers: { Allow: "POST" },
  })
})
