/**
 * @jest-environment node
 *
 * The seller's private page `/suivi/<token>/` (src/server/buyback/seller-router.ts) over a real
 * socket, a real outbox and register: private headers, 404 for any other key, the offer, the
 * acceptance with every problem beside its field and everything typed kept, a double click, the
 * refusals in French, and forged or cross-site posts answered 400/403, never 500.
 */
import { leadGarments } from "../../src/contract/garments"
import express from "express"
import type { AddressInfo } from "node:net"
import { makeOffer } from "../../src/server/buyback/offer-steps"
import { receive } from "../../src/server/buyback/reception-steps"
import { sellerRouter } from "../../src/server/buyback/seller-router"
import { Buybacks } from "../../src/server/buyback/store"
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { offerForm, receptionForm, SELLER_FORM, storeRequest, TWO_GARMENTS } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"
import { serveSellerPages } from "../helpers/seller-page"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date): a Thursday morning in November 2026, as its fixtures.
clockAt("2026-11-26T10:00:00Z")

const ID = "20261126-0900-K7Q2MX"
let close: () => Promise<void>
let base: string
let buybacks: Buybacks
let token: string

beforeEach(async () => {
  const outbox = new Outbox(tempDir())
  buybacks = new Buybacks(outbox, new Register(tempDir("maxai-registre-")))
  await storeRequest(outbox, ID, undefined, undefined, TWO_GARMENTS)
  token = (await buybacks.open(ID))!.buyback.token
  ;({ base, close } = await serveSellerPages(() => buybacks))
})
afterEach(() => close())

const page = () => fetch(`${base}/${token}/`)
const post = (form: string, fields: Record<string, string> | string, headers: Record<string, string> = {}) =>
  fetch(`${base}/${token}/${form}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: typeof fields === "string" ? fields : new URLSearchParams(fields).toString(),
  })
const offer = (amounts = ["20", "15,50"], valable = "2099-12-31") =>
  buybacks.apply(ID, (b, stored) => makeOffer(b, offerForm(amounts, valable, "Très bel état.\nÀ bientôt."), new Date(), leadGarments(stored.lead)))
/** The version of the prices the seller's page shows now, as its forms post it. */
const terms = async () => String((await buybacks.read(ID))!.terms ?? 0)
/** A seller's form posted from the page as it is now. */
const postSeen = async (form: string, fields: Record<string, string> = {}) => post(form, { ...fields, version: await terms() })

test("the page is private (no-store, noindex, no referrer, no script) and says where the request stands; any other key is a 404", async () => {
  const answer = await page()
  expect(answer.status).toBe(200)
  expect(answer.headers.get("cache-control")).toBe("no-store")
  expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow")
  expect(answer.headers.get("referrer-policy")).toBe("no-referrer")
  expect(answer.headers.get("content-security-policy")).toContain("default-src 'none'")
  const html = await answer.text()
  expect(html).toContain(`<h1>Demande n° ${ID}</h1>`)
  expect(html).toContain('<meta name="robots" content="noindex, nofollow">')
  expect(html).toContain("une proposition ferme vous arrivera par e-mail")
  expect(html).toContain("<strong>Lacoste · Polo · Très bon état</strong>")
  expect(html).toContain("<strong>Ralph Lauren · Pull · Bon état</strong>")
  expect(html).toContain('<p class="prose">Polo blanc\naccroc au col</p>')
  for (const other of ["0".repeat(32), "abc", `${token}x`, "..%2F..%2Fetc"]) {
    const missing = await fetch(`${base}/${other}/`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain("Cette adresse ne correspond à aucune demande")
  }
  expect((await fetch(`${base}/${token}`, { redirect: "manual" })).headers.get("location")).toBe(`/suivi/${token}/`)
})

test("the seller's pages name the site's icon (at the site's root), so the browser asks for no /favicon.ico the site lacks", async () => {
  const icon = '<link rel="icon" href="/favicon-32x32.png" type="image/png">'
  expect(await (await page()).text()).toContain(icon)
  expect(await (await fetch(`${base}/${"0".repeat(32)}/`)).text()).toContain(icon)
  // Under a path prefix the icon is the prefixed site's, like the pages' own addresses.
  const prefixed = express().use(
    "/boutique/suivi",
    sellerRouter(() => buybacks),
  )
  const other = prefixed.listen(0, "127.0.0.1")
  await new Promise((resolve) => other.once("listening", resolve))
  try {
    const html = await (await fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}/boutique/suivi/${token}/`)).text()
    expect(html).toContain('<link rel="icon" href="/boutique/favicon-32x32.png" type="image/png">')
  } finally {
    await new Promise((resolve) => other.close(resolve))
  }
})

test("accepting: each garment with its price and the total; each mistake beside its field, everything typed kept; then « Acceptée »", async () => {
  await offer()
  const html = await (await page()).text()
  expect(html).toMatch(/Lacoste · Polo · Très bon état<\/strong><span class="price">20\u00a0€<\/span>/)
  expect(html).toMatch(/Ralph Lauren · Pull · Bon état<\/strong><span class="price">15,50\u00a0€<\/span>/)
  expect(html).toContain('Total\u00a0: <span class="amount">35,50\u00a0€</span>')
  expect(html).toContain("Très bel état.\nÀ bientôt.")
  expect(html).toContain("Accepter la proposition")
  expect(html).toContain("Refuser ne vous demande rien")
  expect(html).toContain(`<input type="hidden" name="version" value="${await terms()}">`)

  const wrong = await postSeen("accepter", { ...SELLER_FORM, iban: "FR76 3000 6000 0112 3456 7890 188", prenom: "" })
  expect(wrong.status).toBe(400)
  const again = await wrong.text()
  expect(again).toContain('<details class="accept" open>')
  expect(again).toMatch(/id="iban"[^>]*aria-invalid="true"[^>]*value="FR76 3000 6000 0112 3456 7890 188"/)
  expect(again).toContain('<span class="error" id="iban-erreur">Cet IBAN n&#39;est pas valide')
  expect(again).toContain('<span class="error" id="prenom-erreur">Indiquez votre prénom.</span>')
  expect(again).toContain(">3 rue des Lilas\n69003 Lyon</textarea>")
  expect(again).toContain('<option value="cni" selected>')
  // The page comes back on the first field to correct (the first name comes before the IBAN), focused.
  expect(again.match(/autofocus/g)).toHaveLength(1)
  expect(again).toMatch(/<input autofocus [^>]*id="prenom"/)

  const [first, second] = await Promise.all([postSeen("accepter", SELLER_FORM), postSeen("accepter", SELLER_FORM)])
  expect([first.status, second.status]).toEqual([303, 303])
  expect(first.headers.get("location")).toBe(`/suivi/${token}/?fait=acceptee`)
  expect((await buybacks.read(ID))!.history.filter((event) => event.stage === "accepted")).toHaveLength(1)
  const accepted = await (await fetch(`${base}/${token}/?fait=acceptee`)).text()
  expect(accepted).toContain("Vente confirmée")
  expect(accepted).toContain(`Vente n° <strong>${ID}</strong>`)
  expect(accepted).toContain("Numéro de suivi du colis")
  expect(accepted).not.toContain("FR7630006000011234567890189")

  // Before the parcel leaves: what becomes of a garment refused, its return's cost, and the choice already open.
  expect(accepted).toMatch(/Si un article est refusé à la vérification, que devient-il\s\?/)
  expect((await post("choix", { choix: "don" })).status).toBe(303)
  const chosen = await (await fetch(`${base}/${token}/`)).text()
  expect(chosen).toMatch(/<input type="radio" name="choix" value="don" checked/)
  expect(chosen).toContain("Changer mon choix")
  expect((await buybacks.read(ID))!.rejected_choice).toBe("don")

  expect((await post("colis", { suivi_colis: "6A12345678901" })).status).toBe(303)
  expect((await buybacks.read(ID))!.tracking).toBe("6A12345678901")
  const late = await postSeen("refuser")
  expect(late.status).toBe(409)
  expect(await late.text()).toContain("Vous avez déjà accepté cette proposition")
})

test("an offer replaced while the seller's form was open: the post is refused, nothing changes, the page shows the new one", async () => {
  await offer(["80", "40"])
  const shown = await terms()
  await offer(["5", "3"])
  for (const form of ["accepter", "refuser"]) {
    // Each form's own fields (the refusal's carries only its version): another form's is a forged post.
    const stale = await post(form, form === "accepter" ? { ...SELLER_FORM, version: shown } : { version: shown })
    expect(stale.status).toBe(409)
    const html = await stale.text()
    expect(html).toContain("La proposition a changé\u00a0: voici la nouvelle.")
    // What changed is struck through: each garment's old price and the old total.
    expect(html).toContain('<span class="price"><s>80\u00a0€</s> 5\u00a0€</span>')
    expect(html).toContain('Total\u00a0: <span class="amount"><s>120\u00a0€</s> 8\u00a0€</span>')
    expect(html).toMatch(/Cette proposition remplace celle du .+\u00a0: les montants barrés sont les anciens\./)
    // What the seller typed is kept, under the new version: reading, then confirming, is one tap.
    expect(html).toContain(`<input type="hidden" name="version" value="${await terms()}">`)
    if (form === "accepter") expect(html).toMatch(/id="nom"[^>]*value="Martin"/)
  }
  expect(await buybacks.read(ID)).toMatchObject({ stage: "offered", offer: { amount_cents: 800 } })
})

test("refusing asks nothing and then an acceptance is refused; an expired offer says when and what to do, once", async () => {
  await offer()
  expect((await postSeen("refuser", { confirme: "oui" })).status).toBe(303)
  const refused = await postSeen("accepter", SELLER_FORM)
  expect(refused.status).toBe(409)
  expect(await refused.text()).toMatch(/Vous avez refusé cette proposition le .+\u00a0: elle ne peut plus être acceptée/)

  await buybacks.apply(ID, (b) => ({ ok: true, changed: true, buyback: { ...b, stage: "offered", offer: { ...b.offer!, valid_until: "2026-01-02" } } }))
  const html = await (await page()).text()
  expect(html).toContain("Cette proposition a expiré le 2 janvier 2026")
  expect(html).toContain("<strong data-stage>Expirée</strong>")
  const expired = await postSeen("accepter", SELLER_FORM)
  expect(expired.status).toBe(409)
  const expiredHtml = await expired.text()
  expect(expiredHtml).toContain("Cette proposition a expiré le 2 janvier 2026. Pour en recevoir une nouvelle, répondez à notre e-mail")
  expect(expiredHtml.split("a expiré le").length - 1).toBe(1)
})

test("forged posts: a field twice, a body too big or with too many fields, another site's page — 400, 413, 403 in French, never 500", async () => {
  await offer()
  const twice = await post("accepter", "nom=a&nom=b&prenom=c")
  expect(twice.status).toBe(400)
  expect(await twice.text()).toContain("Formulaire illisible")
  const big = await post("accepter", `nom=${"a".repeat(40_000)}`)
  expect(big.status).toBe(413)
  expect(await big.text()).toContain("Ce formulaire est illisible ou trop long")
  const many = await post("accepter", Array.from({ length: 50 }, (_, index) => `f${index}=1`).join("&"))
  expect(many.status).toBe(413)
  const crossSite = await post("accepter", SELLER_FORM, { "Sec-Fetch-Site": "cross-site" })
  expect(crossSite.status).toBe(403)
  expect(await crossSite.text()).toContain("Ce formulaire doit être envoyé depuis la page de votre demande")
  const unknown = await fetch(`${base}/${token}/payer`, { method: "POST" })
  expect(unknown.status).toBe(404)
  expect((await buybacks.read(ID))!.stage).toBe("offered")
})

test("a revised price needs the seller's yes again for that garment only; the refused one goes back or to a charity, as the seller chooses", async () => {
  await offer()
  expect((await postSeen("accepter", SELLER_FORM)).status).toBe(303)
  const verdicts = receptionForm([{ verdict: "conforme" }, { verdict: "revu", montant: "9" }], "Tache non signalée\nsur le pull.")
  await buybacks.apply(ID, (b, stored) => receive(b, verdicts, new Date(), leadGarments(stored.lead)))
  const revised = await (await page()).text()
  expect(revised).toContain("Prix revu après vérification")
  expect(revised).toContain('<span class="price"><s>15,50\u00a0€</s> 9\u00a0€</span>')
  expect(revised).toContain("Tache non signalée\nsur le pull.")
  expect(revised).toContain('<input type="hidden" name="article" value="1">')
  expect(revised).not.toContain('name="article" value="0"')
  // The whole lot is shown while the seller answers: the garment kept at its price too.
  expect(revised).toMatch(/Lacoste · Polo · Très bon état<\/strong><span class="price">20\u00a0€<\/span><\/div><p>Gardé au prix proposé\.<\/p>/)
  // The acceptance of the first offer, posted from an old tab, binds nothing to the new price.
  expect((await post("prix-revu", { article: "1", reponse: "accepter", version: String(Number(await terms()) - 1) })).status).toBe(409)
  expect((await postSeen("prix-revu", { article: "1", reponse: "refuser" })).status).toBe(303)
  const record = (await buybacks.read(ID))!
  expect(record.stage).toBe("received")
  expect(record.reception!.garments.map((garment) => garment.answer)).toEqual([undefined, "refused"])
  const rejected = await (await page()).text()
  // The garment kept at its price, paid within the shop's commitment (content/buyback.json `sale.paymentDays`).
  expect(rejected).toContain("le paiement de 20\u00a0€ part sous 2 jours ouvrés")
  expect(rejected).toMatch(/<legend>Que deviennent les articles refusés\s\?<\/legend>/)
  const none = await post("choix", { choix: "vendre-ailleurs" })
  expect(none.status).toBe(400)
  expect(await none.text()).toContain('<span class="error" id="choix-erreur">Choisissez le retour ou le don.</span>')
  expect((await post("choix", { choix: "don" })).status).toBe(303)
  expect(await (await page()).text()).toMatch(/Votre choix\s: <strong>Don à une association<\/strong>/)
  expect((await buybacks.read(ID))!.rejected_choice).toBe("don")
})
