/**
 * @jest-environment node
 *
 * The whole buy-back of a two-garment request over the production server (src/server/host/app.ts)
 * with real sockets, a real outbox and register: the owner's « Rachat » on the request's page in
 * the inbox (behind the studio's session, same-origin, version-checked), one price per garment,
 * the seller's page at the link it shows, the reception per garment, the payment of the garments
 * kept written to the register one entry each, /admin/registre/ and its CSV; « Payée » never set
 * by hand; an expired offer shown « Expirée » and renewed in one step.
 */
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { shopDay } from "../../src/server/shop-time"
import { receptionForm, SELLER_FORM, storeRequest, TWO_GARMENTS } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"
import { loginCookie, startStudioServer, type StudioServer } from "../helpers/studio-server"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date): a Thursday morning in November 2026, as its fixtures.
clockAt("2026-11-26T10:00:00Z")

jest.setTimeout(60_000)
const LEADS_DIR = tempDir()
process.env.LEADS_DIR = LEADS_DIR
const REGISTER_DIR = tempDir("maxai-registre-")
const ID = "20261126-0900-K7Q2MX"
const EXPIRING = "20261126-0900-EXPIRE"
let studio: StudioServer
let cookie: string
const TODAY = shopDay(new Date())

beforeAll(async () => {
  const outbox = new Outbox(LEADS_DIR)
  await storeRequest(outbox, ID, undefined, undefined, TWO_GARMENTS)
  await storeRequest(outbox, EXPIRING, undefined, "autre@exemple.fr")
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
const step = (name: string, fields: Record<string, string>, headers: Record<string, string> = {}, id = ID) =>
  send(`/admin/demandes/${id}/${name}`, fields, { Cookie: cookie, ...headers })

/** The request's page in the inbox, the version its « Rachat » forms carry, the seller's page and the version of the prices it shows. */
async function requestPage(id = ID): Promise<{ html: string; version: string; sellerPath: string; terms: string }> {
  const html = await (await owner(`demandes/${id}`)).text()
  const version = /<form class="step"[\s\S]*?<input type="hidden" name="version" value="([^"]+)">/.exec(html)?.[1] ?? ""
  const sellerUrl = /id="lien-vendeur" value="([^"]+)"/.exec(html)?.[1] ?? ""
  const sellerPath = new URL(sellerUrl).pathname
  const seller = await (await fetch(`${studio.base}${sellerPath}`)).text()
  const terms = /<input type="hidden" name="version" value="(\d+)">/.exec(seller)?.[1] ?? ""
  return { html, version, sellerPath, terms }
}

test("two garments: a price each, the lot accepted, one kept and one refused at reception, the total paid → one register line", async () => {
  // The owner's steps need the session and the site's own page.
  expect((await send(`/admin/demandes/${ID}/proposition`, { montant_0: "30" })).status).toBe(401)
  expect((await step("proposition", { montant_0: "30" }, { "Sec-Fetch-Site": "cross-site", Origin: "https://ailleurs.example" })).status).toBe(403)

  let page = await requestPage()
  expect(page.html).toContain("Faire une proposition")
  expect(page.html).toMatch(/<label for="proposition-montant_0">Lacoste · Polo · Très bon état · Montant proposé \(€\)<\/label>/)
  expect(page.html).toMatch(/<label for="proposition-montant_1">Ralph Lauren · Pull · Bon état · Montant proposé \(€\)<\/label>/)
  expect(page.sellerPath).toMatch(/^\/suivi\/[0-9a-f]{32}\/$/)

  const wrong = await step("proposition", { montant_0: "20", montant_1: "35,5x", valable: "2099-12-31", message: "Bonjour !", version: page.version })
  expect(wrong.status).toBe(400)
  const wrongHtml = await wrong.text()
  expect(wrongHtml).toContain('value="35,5x"')
  expect(wrongHtml).toContain(">Bonjour !</textarea>")
  expect(wrongHtml).toContain("n&#39;est pas un montant")

  // 2 000 € for a polo the grid puts at 14 to 19 €: a typo (20,00) until the owner says it is meant.
  const far = await step("proposition", { montant_0: "2000", montant_1: "18,50", valable: "2099-12-31", version: page.version })
  expect(far.status).toBe(400)
  const farHtml = await far.text()
  expect(farHtml).toMatch(/2\s000\s€, c&#39;est plus de 2 fois le haut de la fourchette de la grille \(14 à 19\s€\)/)
  expect(farHtml).toMatch(/<input type="checkbox" id="proposition-montants_verifies" name="montants_verifies" value="oui">/)
  // Ticked, the amount is taken as typed: only the other field's problem is left.
  const ticked = await step("proposition", { montant_0: "2000", montant_1: "x", valable: "2099-12-31", montants_verifies: "oui", version: page.version })
  const tickedHtml = await ticked.text()
  expect(tickedHtml).not.toContain("fois le haut de la fourchette")
  expect(tickedHtml).toContain("n&#39;est pas un montant")
  // The box stays ticked, as typed.
  expect(tickedHtml).toContain('name="montants_verifies" value="oui" checked')

  const sent = await step("proposition", { montant_0: "20", montant_1: "18,50", valable: "2099-12-31", message: "Très bel état.", version: page.version })
  expect(sent.status).toBe(303)
  // A second tab still on the old page cannot overwrite it, and keeps what it typed.
  const stale = await step("proposition", { montant_0: "2", montant_1: "1", valable: "2099-12-31", message: "autre onglet", version: page.version })
  expect(stale.status).toBe(409)
  expect(await stale.text()).toContain(">autre onglet</textarea>")

  page = await requestPage()
  expect(page.html).toContain("Total 38,50\u00a0€")
  expect((await send(`${page.sellerPath}accepter`, { ...SELLER_FORM, version: page.terms })).status).toBe(303)

  page = await requestPage()
  expect(page.html).toContain("Réception du colis")
  // Each garment's description as received starts from the seller's words, line breaks kept; size
  // and colour are not required by the browser (a garment refused needs neither).
  expect(page.html).toMatch(/name="description_0"[^>]*>Polo blanc\naccroc au col<\/textarea>/)
  expect(page.html).toMatch(/<input type="text" id="reception-taille_0" name="taille_0" aria-describedby="reception-taille_0-aide" value="" maxlength="\d+">/)
  expect(page.html).toContain("IBAN FR76 •••• 0189")
  expect(page.html).toContain('<span class="prose">3 rue des Lilas\n69003 Lyon</span>')
  expect(page.html).not.toContain("FR76 3000 6000 0112 3456 7890 189")
  // Paying before the reception is refused.
  const early = await step("paiement", { montant: "20", mode: "virement", date: TODAY, version: page.version })
  expect(early.status).toBe(409)
  expect(await early.text()).toContain("Paiement impossible\u00a0: enregistrez d&#39;abord la réception du colis.")

  const reception = receptionForm(
    [
      { verdict: "conforme", description: "Polo blanc M\naccroc au col" },
      { verdict: "refuse", description: "Pull troué au coude" },
    ],
    "Le pull a un trou.",
  )
  expect((await step("reception", { ...reception, version: page.version })).status).toBe(303)
  page = await requestPage()
  expect(page.html).toContain("Refusé à la réception")
  expect(page.html).not.toMatch(/Refusée le/)
  expect(page.html).toContain('IBAN du vendeur\u00a0: <strong class="iban" id="iban-vendeur">FR76 3000 6000 0112 3456 7890 189</strong>')
  expect(page.html).toContain('<button class="button" type="button" data-copy="iban-vendeur" data-copied="IBAN copié" hidden>Copier l\'IBAN</button>')
  expect(page.html).toContain("Total des articles\u00a0: 20\u00a0€")
  // The postage the terms refund (content/buyback.json: up to 8 €) has its own field, its cap said.
  expect(page.html).toMatch(/<label for="paiement-port">Frais d'envoi remboursés \(€\)<\/label>/)
  expect(page.html).toContain("Sur le justificatif de dépôt du vendeur, 8\u00a0€ au plus")
  const tooMuch = await step("paiement", { montant: "38,50", mode: "virement", date: TODAY, version: page.version })
  expect(tooMuch.status).toBe(400)
  const tooMuchPage = await tooMuch.text()
  expect(tooMuchPage).toContain("Le montant payé doit être le total des articles gardés\u00a0: 20\u00a0€.")
  // The refused form lands on its field (far down the page on a phone), focused: the only autofocus of the page.
  expect(tooMuchPage.match(/autofocus/g)).toHaveLength(1)
  expect(tooMuchPage).toMatch(/<input autofocus [^>]*id="paiement-montant"[^>]*aria-invalid="true"/)
  // With 6,40 € of postage the garments alone are refused, naming both; the postage typed stays.
  const postageOnly = await step("paiement", { montant: "20", port: "6,40", mode: "virement", date: TODAY, version: page.version })
  expect(postageOnly.status).toBe(400)
  const refused = await postageOnly.text()
  expect(refused).toContain("plus les frais d&#39;envoi\u00a0: 26,40\u00a0€ (20\u00a0€ + 6,40\u00a0€).")
  expect(refused).toMatch(/name="port" [^>]*value="6,40"/)
  expect(await new Register(REGISTER_DIR).count()).toBe(0)

  const paid = await step("paiement", { montant: "26,40", port: "6,40", mode: "virement", date: TODAY, version: page.version })
  expect(paid.status).toBe(303)
  expect(paid.headers.get("location")).toBe(`/admin/demandes/${ID}?rachat=paiement#rachat`)
  expect(await (await owner(`demandes/${ID}?rachat=paiement`)).text()).toContain("Paiement enregistré et inscrit au registre.")
  page = await requestPage()
  expect(page.html).toContain('registre <a href="/admin/registre/#n1">n° 1</a>')
  // The garment kept gets its label (its order number on the garment, R321-4) from the request's page.
  const labelsLink = /href="(\/admin\/registre\/etiquettes\?numeros=1)">Imprimer les étiquettes</.exec(page.html)?.[1]
  expect(labelsLink).toBeDefined()
  expect(await (await owner(labelsLink!.slice("/admin/".length))).text()).toContain("<svg")
  const seller = await (await fetch(`${studio.base}${page.sellerPath}`)).text()
  expect(seller).toMatch(/26,40\u00a0€ \(dont 6,40\u00a0€ de frais d'envoi remboursés\) payés le .+ par virement sur FR76 •••• 0189/)
  // The register keeps the garment's price; the receipt shows the postage beside it.
  expect((await new Register(REGISTER_DIR).list()).map((entry) => entry.price_cents)).toEqual([2000])
  const receipt = await (await fetch(`${studio.base}${page.sellerPath}bordereau/`)).text()
  expect(receipt).toMatch(
    /Total des articles<\/th><td class="price"><strong>20\u00a0€<\/strong>.*Frais d'envoi remboursés<\/th><td class="price"><strong>6,40\u00a0€<\/strong>.*Total payé<\/th><td class="price"><strong>26,40\u00a0€/,
  )

  // The refused garment: the seller asks it back, the owner records the return sent.
  expect((await send(`${page.sellerPath}choix`, { choix: "retour" })).status).toBe(303)
  page = await requestPage()
  expect(page.html).toContain("Retour des articles refusés")
  expect((await step("retour", { suivi_retour: "6A999", version: page.version })).status).toBe(303)
  expect(await (await fetch(`${studio.base}${page.sellerPath}`)).text()).toContain("numéro de suivi <strong>6A999</strong>")

  const register = await owner("registre/")
  const registerHtml = await register.text()
  expect(registerHtml).toContain('<tr id="n1">')
  expect(registerHtml).not.toContain('<tr id="n2">')
  expect(registerHtml).toContain("Polo · Lacoste · taille M · Blanc")
  expect(registerHtml).toContain(`achat à un particulier, demande n° ${ID}`)
  const csv = await (await owner("registre/registre.csv")).text()
  expect(csv.split("\r\n")[1]).toContain(`;Martin;Claire;"3 rue des Lilas\n69003 Lyon";`)
  expect(csv.split("\r\n")[1]).toContain(`;Polo;Lacoste;M;Blanc;`)
  expect(csv.split("\r\n")).toHaveLength(3)
  // Nothing in the register without the session.
  expect((await fetch(`${studio.base}/admin/registre/registre.csv`)).status).toBe(401)
})

test("« Payée » and the buy-back's other statuses cannot be set by hand; the note still saves with the status the sale set", async () => {
  const html = await (await owner(`demandes/${EXPIRING}`)).text()
  const version = /name="version" value="([^"]*)">\n<div class="outcome"/.exec(html)?.[1] ?? ""
  expect(html).not.toContain('name="statut" value="paid"')
  const handSet = await step("suivi", { statut: "paid", note: "payé en liquide", version }, {}, EXPIRING)
  expect(handSet.status).toBe(400)
  expect(await handSet.text()).toContain("suit les étapes du rachat")
  expect((await new Outbox(LEADS_DIR).read(EXPIRING)).handling.status).toBe("new")
  expect((await step("suivi", { statut: "in_progress", note: "rappeler", version }, {}, EXPIRING)).status).toBe(303)
})

test("an expired offer reads « Expirée » for the owner and is renewed in one step; the seller can answer again", async () => {
  let page = await requestPage(EXPIRING)
  expect((await step("proposition", { montant_0: "30", valable: TODAY, version: page.version }, {}, EXPIRING)).status).toBe(303)
  // Its last day passed: written back a day, as time would.
  const file = `${LEADS_DIR}/${EXPIRING}/buyback.json`
  const { readFileSync, writeFileSync } = await import("node:fs")
  const record = JSON.parse(readFileSync(file, "utf8"))
  record.offer.valid_until = "2026-01-02"
  writeFileSync(file, JSON.stringify(record))
  page = await requestPage(EXPIRING)
  expect(page.html).toContain('<span class="badge stage-expired" data-buyback-stage>Expirée</span>')
  expect(page.html).toContain("Renouveler")
  const renewed = await step("renouveler", { valable: "2099-12-31", version: page.version }, {}, EXPIRING)
  expect(renewed.status).toBe(303)
  page = await requestPage(EXPIRING)
  expect(page.html).toContain("Proposition envoyée</span>")
  expect((await send(`${page.sellerPath}accepter`, { ...SELLER_FORM, version: page.terms })).status).toBe(303)
})

test("a forged owner post (a field twice, too many fields) is a 400/413 in French, never a 500", async () => {
  const twice = await fetch(`${studio.base}/admin/demandes/${ID}/reception`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: studio.base, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: "verdict_0=conforme&verdict_0=refuse&description_0=x",
  })
  expect(twice.status).toBe(400)
  const many = await step("reception", Object.fromEntries(Array.from({ length: 130 }, (_, index) => [`f${index}`, "1"])), { Accept: "application/json" })
  expect(many.status).toBe(413)
  expect(await many.json()).toEqual({ code: "invalid_form", error: expect.stringContaining("Formulaire illisible ou trop long") })
})
