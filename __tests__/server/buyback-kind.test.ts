/**
 * @jest-environment node
 *
 * A chat contact has no buy-back (issue 49): the owner's steps posted on its page in the inbox
 * answer 404 and write nothing, no record, no offer mailed to a chat visitor; its page shows no
 * « Rachat ». Over the production server, a real outbox and register.
 */
import { existsSync, readdirSync } from "node:fs"
import path from "node:path"
import { Outbox } from "../../src/server/leads/outbox"
import { tempDir } from "../helpers/estimate-server"
import { loginCookie, startStudioServer, type StudioServer } from "../helpers/studio-server"

jest.setTimeout(60_000)
const LEADS_DIR = tempDir()
process.env.LEADS_DIR = LEADS_DIR
const ID = "20261126-1000-C4AT7Q"
const CREATED_AT = "2026-11-26T10:00:00.000Z"
let studio: StudioServer
let cookie: string

beforeAll(async () => {
  await new Outbox(LEADS_DIR).add({
    id: ID,
    kind: "chat",
    created_at: CREATED_AT,
    email: "visiteur@exemple.fr",
    name: "Visiteur",
    photos: [],
    conversation: [{ from: "user", text: "Bonjour", at: "2026-11-26T10:00:00.000Z" }],
  })
  studio = await startStudioServer({ registerDir: tempDir("maxai-registre-") })
  cookie = await loginCookie(studio.base)
})
afterAll(() => studio.stop())

test.each(["proposition", "reception", "paiement"])("« %s » on a chat contact: 404, nothing written", async (step) => {
  const answer = await fetch(`${studio.base}/admin/demandes/${ID}/${step}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: studio.base, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
    // The version a new record would carry (its request's date): the one a step on an estimate request would be sent with.
    body: new URLSearchParams({ montant: "30", valable: "2099-12-31", message: "Bonjour", version: CREATED_AT }).toString(),
  })
  expect(answer.status).toBe(404)
  const folder = path.join(LEADS_DIR, ID)
  expect(existsSync(path.join(folder, "buyback.json"))).toBe(false)
  expect(existsSync(path.join(folder, "letters")) ? readdirSync(path.join(folder, "letters")) : []).toEqual([])
  const page = await (await fetch(`${studio.base}/admin/demandes/${ID}`, { headers: { Cookie: cookie } })).text()
  expect(page).not.toContain("Faire une proposition")
})
