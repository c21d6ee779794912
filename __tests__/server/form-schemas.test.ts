/**
 * @jest-environment node
 *
 * One schema per form and for every address's parameters (src/server/http/form-schema.ts, issue
 * 59): a field the form does not have, a field sent twice, a text over the cap is a forged post,
 * refused before any step reads it and before anything is stored; each parameter of an address
 * is one text, a list is refused 400 in French, never a 500. The steps' own French messages for
 * what a person types wrong stay theirs (buyback-machine.test.ts, crafted-values.test.ts).
 */
import { leadGarments } from "../../src/contract/garments"
import { FIELD_CAP } from "../../src/server/http/form-schema"
import { newBuyback } from "../../src/server/buyback/machine"
import { accept, makeOffer } from "../../src/server/buyback/offer-steps"
import { checkPayment } from "../../src/server/buyback/payment-steps"
import type { Lead } from "../../src/server/leads/types"
import { Register } from "../../src/server/register/register"
import { offerForm, purchase, SELLER_FORM } from "../helpers/buyback"
import { clockAt } from "../helpers/clock"
import { tempDir } from "../helpers/estimate-server"
import { loginCookie, startStudioServer, type StudioServer } from "../helpers/studio-server"

clockAt("2026-11-26T10:00:00Z")
const NOW = new Date("2026-11-26T10:00:00Z")
const LEAD: Lead = { id: "20261126-0900-K7Q2MX", kind: "estimate", created_at: "2026-11-26T09:00:00.000Z", email: "claire@exemple.fr", photos: [] }
const FORGED = "Formulaire illisible : rechargez la page et recommencez."

function offered() {
  const outcome = makeOffer(newBuyback(LEAD.created_at), offerForm(["20"]), NOW, leadGarments(LEAD))
  if (!outcome.ok) throw new Error("proposition refusée")
  return outcome.buyback
}

test.each([
  ["a field the form does not have", { role: "admin" }],
  ["a field sent twice", { nom: ["Martin", "Durand"] }],
  ["a text over the cap", { adresse: "x".repeat(FIELD_CAP + 1) }],
])("the seller's acceptance with %s is a forged post: 400 « Formulaire illisible », nothing accepted", (_case, extra) => {
  const buyback = offered()
  const outcome = accept(buyback, { ...SELLER_FORM, version: String(buyback.terms), ...extra }, NOW)
  expect(outcome).toMatchObject({ ok: false, status: 400, error: FORGED })
  // The same form without it is accepted: the schema refuses only what no page posts.
  expect(accept(buyback, { ...SELLER_FORM, version: String(buyback.terms) }, NOW)).toMatchObject({ ok: true })
})

test("the payment's form with a field of another form is a forged post", () => {
  expect(checkPayment(offered(), { montant: "20", mode: "virement", date: "2026-11-26", piece_type: "cni" }, NOW)).toMatchObject({
    ok: false,
    status: 400,
    error: FORGED,
  })
})

describe("on the real server", () => {
  let studio: StudioServer
  let cookie: string
  const REGISTER_DIR = tempDir("maxai-registre-")
  process.env.LEADS_DIR = tempDir()

  beforeAll(async () => {
    await new Register(REGISTER_DIR).append(purchase("20261120-0900-AAAAAA"))
    studio = await startStudioServer({ registerDir: REGISTER_DIR, stock: { dir: `${tempDir("maxai-stock-")}/stock`, vatRateHundredths: 2000 } })
    cookie = await loginCookie(studio.base)
  })
  afterAll(() => studio.stop())

  const post = (address: string, fields: Record<string, string | string[]>, headers: Record<string, string> = { Cookie: cookie }) => {
    const body = new URLSearchParams()
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
    return fetch(`${studio.base}${address}`, {
      method: "POST",
      redirect: "manual",
      headers: { ...headers, Accept: "text/html", Origin: studio.base, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    })
  }
  const plain = async (answer: Response) => (await answer.text()).replace(/&#39;/g, "'").replace(/[\u00a0\u202f]/g, " ")

  test("a stock form with another form's field, or a field twice, is refused 400 in French and changes nothing", async () => {
    const page = await plain(await fetch(`${studio.base}/admin/stock/1`, { headers: { Cookie: cookie, Accept: "text/html" } }))
    const version = /name="version" value="(\d+)"/.exec(page)?.[1] ?? ""
    const forged: Record<string, string | string[]>[] = [
      { motif: "don", version, prix: "10" },
      { motif: ["don", "perte"], version },
    ]
    for (const fields of forged) {
      const refused = await post("/admin/stock/1/retrait", fields)
      expect(refused.status).toBe(400)
      expect(await plain(refused)).toContain(FORGED)
    }
    expect(await plain(await fetch(`${studio.base}/admin/stock/1`, { headers: { Cookie: cookie, Accept: "text/html" } }))).toContain("En stock")
    expect((await post("/admin/stock/1/retrait", { motif: "don", version })).status).toBe(303)
  })

  test("the register's correction and the login form refuse a field they do not have", async () => {
    const correction = await post("/admin/registre/rectifier/1", { nom: "Martin", version: "1", pirate: "1" })
    expect(correction.status).toBe(400)
    const login = await post("/admin/login", { email: "a@exemple.fr", password: "x", admin: "1" }, {})
    expect(login.status).toBe(400)
    expect(await plain(login)).toContain(FORGED)
  })

  test("an address's parameter sent twice is 400 in French, a page and JSON; one sent once is read; `q[a]` is only a name", async () => {
    const twice = await fetch(`${studio.base}/admin/registre/?q=martin&q=durand`, { headers: { Cookie: cookie, Accept: "text/html" } })
    expect(twice.status).toBe(400)
    expect(await plain(twice)).toContain("Adresse illisible")
    const json = await fetch(`${studio.base}/admin/demandes/?statut=new&statut=paid`, { headers: { Cookie: cookie, Accept: "application/json" } })
    expect(json.status).toBe(400)
    expect(await json.json()).toMatchObject({ error: "invalid_query" })
    expect((await fetch(`${studio.base}/suivi/${"a".repeat(32)}/?fait=a&fait=b`, { headers: { Accept: "text/html" } })).status).toBe(400)
    expect((await fetch(`${studio.base}/admin/registre/?q=martin`, { headers: { Cookie: cookie, Accept: "text/html" } })).status).toBe(200)
    expect((await fetch(`${studio.base}/admin/stock/?statut[a]=1`, { headers: { Cookie: cookie, Accept: "text/html" } })).status).toBe(200)
    // The site's own files read no parameter: a visitor's link with one twice still opens the page.
    expect((await fetch(`${studio.base}/?utm_source=a&utm_source=b`, { headers: { Accept: "text/html" } })).status).toBe(200)
  })
})
