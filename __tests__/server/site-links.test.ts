/**
 * @jest-environment node
 *
 * Links from the site's configured address, never from the request's Host (issue 49): with
 * `Host: evil.example`, the inbox's seller link and the mails the owner's offer and the seller's
 * acceptance write all point to content/site.json › seo.url; on this computer (127.0.0.1), the
 * address used, as before. The production server, real sockets (node:http, which sends the Host
 * given), a real outbox and register.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { request } from "node:http"
import path from "node:path"
import { Outbox } from "../../src/server/leads/outbox"
import { offerForm, SELLER_FORM, storeRequest } from "../helpers/buyback"
import { ROOT, tempDir } from "../helpers/estimate-server"
import { loginCookie, startStudioServer, type StudioServer } from "../helpers/studio-server"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date): a Thursday morning in November 2026, as its fixtures.
clockAt("2026-11-26T10:00:00Z")

jest.setTimeout(60_000)
const LEADS_DIR = tempDir()
process.env.LEADS_DIR = LEADS_DIR
const ID = "20261126-0900-K7Q2MX"
const SITE = (JSON.parse(readFileSync(path.join(ROOT, "content/site.json"), "utf8")) as { seo: { url: string } }).seo.url
const FORGED = "evil.example"
let studio: StudioServer
let cookie: string

beforeAll(async () => {
  await storeRequest(new Outbox(LEADS_DIR), ID)
  studio = await startStudioServer({ registerDir: tempDir("maxai-registre-") })
  cookie = await loginCookie(studio.base)
})
afterAll(() => studio.stop())

/** One request with the Host given (fetch sends its own). */
function send(address: string, host: string, { method = "GET", form }: { method?: string; form?: Record<string, string> } = {}) {
  const { port } = new URL(studio.base)
  const body = form ? new URLSearchParams(form).toString() : undefined
  return new Promise<{ status: number; text: string; location?: string }>((resolve, reject) => {
    const sent = request(
      {
        host: "127.0.0.1",
        port,
        path: address,
        method,
        headers: {
          Host: host,
          Cookie: cookie,
          "Sec-Fetch-Site": "same-origin",
          ...(body ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) } : {}),
        },
      },
      (answer) => {
        let text = ""
        answer.setEncoding("utf8").on("data", (chunk: string) => (text += chunk))
        answer.on("end", () => resolve({ status: answer.statusCode ?? 0, text, location: answer.headers.location }))
      },
    )
    sent.on("error", reject)
    sent.end(body)
  })
}

const sellerLink = (html: string) => /id="lien-vendeur" value="([^"]+)"/.exec(html)?.[1] ?? ""
const letters = () => {
  const folder = path.join(LEADS_DIR, ID, "letters")
  return existsSync(folder) ? readdirSync(folder).map((name) => readFileSync(path.join(folder, name), "utf8")) : []
}
const record = () => JSON.parse(readFileSync(path.join(LEADS_DIR, ID, "buyback.json"), "utf8")) as { token: string; updated_at: string; terms?: number }

test("a forged Host: the inbox's seller link and every mail the steps write name the configured site", async () => {
  const page = await send(`/admin/demandes/${ID}`, FORGED)
  expect(page.status).toBe(200)
  const { token } = record()
  expect(sellerLink(page.text)).toBe(`${SITE}/suivi/${token}/`)
  expect(page.text).not.toContain(FORGED)

  const offer = { ...offerForm(["35,50"], "2099-12-31", "Très bel état."), version: record().updated_at }
  expect((await send(`/admin/demandes/${ID}/proposition`, FORGED, { method: "POST", form: offer })).status).toBe(303)
  const acceptance = { ...SELLER_FORM, version: String(record().terms ?? 0) }
  expect((await send(`/suivi/${token}/accepter`, FORGED, { method: "POST", form: acceptance })).status).toBe(303)
  const written = letters()
  // The offer's mail to the seller (their page) and the acceptance's to the team (the inbox's page).
  expect(written.length).toBeGreaterThanOrEqual(2)
  for (const letter of written) {
    expect(letter).not.toContain(FORGED)
    expect(letter).toContain(`${SITE}/`)
  }
  expect(written.filter((letter) => letter.includes(`${SITE}/suivi/${token}/`)).length).toBeGreaterThanOrEqual(1)
})

test("on this computer, the address used: development and the tests' servers keep their links", async () => {
  const { host } = new URL(studio.base)
  const page = await send(`/admin/demandes/${ID}`, host)
  expect(sellerLink(page.text)).toBe(`${studio.base}/suivi/${record().token}/`)
})
