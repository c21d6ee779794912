/**
 * @jest-environment node
 *
 * The whole buy-back over the production server (src/server/host/app.ts) with real sockets, a
 * real outbox and register: the owner's « Rachat » on the request's page in the inbox (behind the
 * studio's session, same-origin, version-checked), the seller's page at the link it shows, the
 * payment written to the register, /admin/registre/ and its CSV.
 */
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { SELLER_FORM, storeRequest } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"
import { loginCookie, startStudioServer, type StudioServer } from "../helpers/studio-server"

jest.setTimeout(60_000)
const LEADS_DIR = tempDir()
process.env.LEADS_DIR = LEADS_DIR
const REGISTER_DIR = tempDir("maxai-registre-")
const ID = "20261126-0900-K7Q2MX"
let studio: StudioServer
let cookie: string

beforeAll(async () => {
  await storeRequest(new Outbox(LEADS_DIR), ID)
  studio = await startStudioServer({ registerDir: REGISTER_DIR })
  cookie = await loginCookie(studio.base)
})
afterAll(() => studio.stop())

const owner = (address: string) => fetch(`${studio.base}/admin/${address}`, { headers: { Cookie: cookie } })
const send = (address: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${studio.base}${address}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: studio.base, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  })
const step = (name: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  send(`/admin/demandes/${ID}/${name}`, fields, { Cookie: cookie, ...headers })

/** The request's page in the inbox and the version its « Rachat » forms carry. */
async function requestPage(): Promise<{ html: string; version: string; sellerPath: string }> {
  const html = await (await owner(`demandes/${ID}`)).text()
  const version = /name="version" value="([^"]+)"><p class="hint">|<input type="hidden" name="version" value="([^"]+)">\n<(?:button|p)/.exec(html)
  const sellerUrl = /id="lien-vendeur" value="([^"]+)"/.exec(html)?.[1] ?? ""
  return { html, version: version?.[1] ?? version?.[2] ?? "", sellerPath: new URL(sellerUrl).pathname }
}

test("offer, acceptance, reception and payment: each step on its page, refusals keeping what was typed, the purchase in the register", async () => {
  // The owner's steps need the session and the site's own page.
  expect((await send(`/admin/demandes/${ID}/proposition`, { montant: "30" })).status).toBe(401)
  expect((await step("proposition", { montant: "30" }, { "Sec-Fetch-Site": "cross-site", Origin: "https://ailleurs.example" })).status).toBe(403)

  let page = await requestPage()
  expect(page.html).toContain("Faire une proposition")
  expect(page.html).toMatch(/id="proposition-montant"[^>]*value="\d+"/)
  expect(page.sellerPath).toMatch(/^\/suivi\/[0-9a-f]{32}\/$/)
  expect((await fetch(`${studio.base}${page.sellerPath}`)).status).toBe(200)

  const wrong = await step("proposition", { montant: "35,5x", valable: "2099-12-31", message: "Bonjour !", version: page.version })
  expect(wrong.status).toBe(400)
  const wrongHtml = await wrong.text()
  expect(wrongHtml).toContain('value="35,5x"')
  expect(wrongHtml).toContain(">Bonjour !</textarea>")
  expect(wrongHtml).toContain("n&#39;est pas un montant")

  const sent = await step("proposition", { montant: "35,50", valable: "2099-12-31", message: "Très bel état.", version: page.version })
  expect(sent.status).toBe(303)
  // A second tab still on the old page cannot overwrite it, and keeps what it typed.
  const stale = await step("proposition", { montant: "20", valable: "2099-12-31", message: "autre onglet", version: page.version })
  expect(stale.status).toBe(409)
  expect(await stale.text()).toContain(">autre onglet</textarea>")

  const seller = await (await fetch(`${studio.base}${page.sellerPath}`)).text()
  expect(seller).toContain("35,50\u00a0€")
  expect(seller).toContain("Très bel état.")
  expect((await send(`${page.sellerPath}accepter`, SELLER_FORM)).status).toBe(303)

  page = await requestPage()
  expect(page.html).toContain("Réception du colis")
  expect(page.html).toContain("IBAN FR76 •••• 0189")
  expect(page.html).not.toContain("FR76 3000 6000 0112 3456 7890 189")
  // Paying before the reception is refused.
  const early = await step("paiement", { montant: "35,50", mode: "virement", date: "2026-11-27", version: page.version })
  expect(early.status).toBe(409)
  expect(await early.text()).toContain("Paiement impossible : enregistrez d&#39;abord la réception du colis.".replace(" :", "\u00a0:"))

  expect((await step("reception", { verdict: "conforme", description: "Polo blanc M, accroc au col", version: page.version })).status).toBe(303)
  page = await requestPage()
  expect(page.html).toContain('IBAN du vendeur : <strong class="iban">FR76 3000 6000 0112 3456 7890 189</strong>'.replace(" :", "\u00a0:"))
  const cash = await step("paiement", { montant: "1 200", mode: "especes", date: "2026-11-27", version: page.version })
  expect(cash.status).toBe(400)
  const cashHtml = await cash.text()
  expect(cashHtml).toContain("Espèces refusées au-delà de 1\u202f000\u00a0€")
  expect(cashHtml).toContain('value="1 200"')
  expect(await new Register(REGISTER_DIR).count()).toBe(0)

  const paid = await step("paiement", { montant: "35,50", mode: "virement", date: "2026-11-27", version: page.version })
  expect(paid.status).toBe(303)
  expect(paid.headers.get("location")).toBe(`/admin/demandes/${ID}?rachat=paiement#rachat`)
  page = await requestPage()
  expect(await (await owner(`demandes/${ID}?rachat=paiement`)).text()).toContain("Paiement enregistré et inscrit au registre.")
  expect(page.html).toContain('<a href="/admin/registre/#n1">registre n° 1</a>')
  expect(await (await fetch(`${studio.base}${page.sellerPath}`)).text()).toContain("35,50\u00a0€ payés le 27 novembre 2026 (Virement sur FR76 •••• 0189)")

  const register = await owner("registre/")
  expect(register.status).toBe(200)
  expect(register.headers.get("cache-control")).toBe("private, no-store")
  const registerHtml = await register.text()
  expect(registerHtml).toContain('<tr id="n1">')
  expect(registerHtml).toContain("Martin Claire")
  expect(registerHtml).toContain("Carte nationale d&#39;identité n° X4RTBPFW4")
  expect(registerHtml).toContain("Registre intact\u00a0: 1 entrée")
  const csv = await (await owner("registre/registre.csv")).text()
  expect(csv.split("\r\n")[1]).toMatch(
    /^1;.*;20261126-0900-K7Q2MX;particulier;Martin;Claire;"3 rue des Lilas, 69003 Lyon";"Carte nationale d'identité";X4RTBPFW4;2021-03-02;Préfecture du Rhône;Polo;Lacoste;;;;Très bon état;"Polo blanc M, accroc au col";"achat à un particulier, demande n° 20261126-0900-K7Q2MX";"35,50";Virement;2026-11-27;/,
  )
  // Nothing in the register without the session.
  expect((await fetch(`${studio.base}/admin/registre/registre.csv`)).status).toBe(401)
})

test("a forged owner post (a field twice, too many fields) is a 400/413 in French, never a 500", async () => {
  const twice = await fetch(`${studio.base}/admin/demandes/${ID}/reception`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: studio.base, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: "verdict=conforme&verdict=refuse&description=x",
  })
  expect(twice.status).toBe(400)
  const many = await step("reception", Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`f${index}`, "1"])), { Accept: "application/json" })
  expect(many.status).toBe(413)
  expect(await many.json()).toEqual({ code: "invalid_form", error: expect.stringContaining("Formulaire illisible ou trop long") })
})
