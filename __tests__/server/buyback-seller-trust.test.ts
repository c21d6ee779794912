/**
 * @jest-environment node
 *
 * The seller's private page as a stranger meets it (issue 48), over a real socket, outbox and
 * register: the shop's identity and why the identity is asked on every page; « Refuser la
 * proposition » asks « Refuser définitivement ? » first (a form, no script) and a refusal is taken
 * back for 24 h while the offer is valid; the timeline in the real order, each step done ticked;
 * once paid, the « Bordereau de rachat » from the register and no more « dans le colis » nor the offer's validity.
 */
import { leadGarments } from "../../src/contract/garments"
import { makeOffer, refuse } from "../../src/server/buyback/offer-steps"
import { receive } from "../../src/server/buyback/reception-steps"
import { undoRefusal } from "../../src/server/buyback/refusal-confirm"
import { Buybacks } from "../../src/server/buyback/store"
import { shopIdentity } from "../../src/server/content"
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { shopDay } from "../../src/server/shop-time"
import { offerForm, receptionForm, SELLER_FORM, storeRequest, TWO_GARMENTS } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"
import { serveSellerPages } from "../helpers/seller-page"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date): a Thursday morning in November 2026, as its fixtures.
clockAt("2026-11-26T10:00:00Z")

const ID = "20261126-0900-K7Q2MX"
const HOUR = 60 * 60 * 1000
let close: () => Promise<void>
let base: string
let buybacks: Buybacks
let token: string
/** Claire's two garments (a polo and a pull), as the estimate form stored them. */
const garments = leadGarments({ photos: [], garments: TWO_GARMENTS })

beforeEach(async () => {
  const outbox = new Outbox(tempDir())
  buybacks = new Buybacks(outbox, new Register(tempDir("maxai-registre-")))
  await storeRequest(outbox, ID, undefined, undefined, TWO_GARMENTS)
  token = (await buybacks.open(ID))!.buyback.token
  ;({ base, close } = await serveSellerPages(() => buybacks))
})
afterEach(() => close())

const page = async (address = "") => (await fetch(`${base}/${token}/${address}`)).text()
const post = (form: string, fields: Record<string, string> = {}) =>
  fetch(`${base}/${token}/${form}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  })
/** The owner's offer: 20 € the polo, 15,50 € the pull, 35,50 € in all. */
const offer = (valable = "2099-12-31") => buybacks.apply(ID, (b) => makeOffer(b, offerForm(["20", "15,50"], valable), new Date(), garments))
/** The version of the prices the seller's page shows now (its forms post it). */
const version = async () => String((await buybacks.read(ID))!.terms)
const accept = async () => post("accepter", { ...SELLER_FORM, version: await version() })
const refuseConfirmed = async () => post("refuser", { confirme: "oui", version: await version() })
const stage = async () => (await buybacks.read(ID))!.stage
const plain = (html: string) => html.replace(/\u00a0|\u202f/g, " ")

test("every seller page names the shop (name, address, SIRET, e-mail, phone), links the legal pages and says why the identity is asked", async () => {
  const identity = shopIdentity()
  for (const html of [await page(), await (await fetch(`${base}/${"0".repeat(32)}/`)).text()]) {
    const text = plain(html)
    for (const fact of [identity.name, identity.address, identity.registration, identity.email, identity.phone]) expect(text).toContain(plain(fact))
    expect(html).toContain('href="/mentions-legales/"')
    expect(html).toContain('href="/confidentialite/"')
    expect(text).toContain("Code pénal, art. 321-7")
    expect(text).toContain("Seuls notre équipe et, sur leur demande, la police, la gendarmerie et la justice peuvent le consulter")
  }
})

test("« Refuser la proposition » asks « Refuser définitivement ? » first; a refusal posted without the yes refuses nothing", async () => {
  await offer()
  const html = plain(await page())
  expect(html).toContain('<details class="refuse"><summary class="button">Refuser la proposition</summary>')
  expect(html).toContain("Refuser définitivement ?")
  // The yes carries the version of the prices shown: a refusal of prices the seller never saw is refused.
  expect(html).toContain(
    '<input type="hidden" name="confirme" value="oui"><input type="hidden" name="version" value="1"><button class="button danger" type="submit">Oui, refuser</button>',
  )
  expect(html).toMatch(/<a class="button" href="\/suivi\/[0-9a-f]{32}\/\?fait=garde#proposition">Non, revenir<\/a>/)
  expect(plain(await page("?fait=garde"))).toContain("est refusé : la proposition reste ouverte.")

  // The offer's version but not the yes: a forged or replayed form.
  const unconfirmed = await post("refuser", { version: await version() })
  expect(unconfirmed.status).toBe(400)
  const again = plain(await unconfirmed.text())
  expect(again).toContain('<details class="refuse" open>')
  expect(again).toContain("Confirmez le refus : « Oui, refuser », ou « Non, revenir » pour garder la proposition.")
  expect(await stage()).toBe("offered")

  expect((await refuseConfirmed()).status).toBe(303)
  expect(await stage()).toBe("refused")
})

test("« Revenir sur mon refus » for 24 h reopens the same offer, which can then be accepted", async () => {
  await offer()
  await refuseConfirmed()
  const refused = plain(await page("?fait=refusee"))
  expect(refused).toContain("Votre refus est enregistré")
  expect(refused).toContain('<button class="button primary" type="submit">Revenir sur mon refus</button>')
  expect(refused).toMatch(/revenir sur ce refus jusqu'au \d+ \S+ (à )?\d\d:\d\d/)

  expect((await post("revenir")).status).toBe(303)
  expect(await stage()).toBe("offered")
  const reopened = plain(await page("?fait=revenu"))
  expect(reopened).toContain("Votre refus est annulé : la proposition est de nouveau ouverte.")
  expect(reopened).toContain("Valable jusqu'au 31 décembre 2099 inclus.")
  expect((await accept()).status).toBe(303)
  expect(await stage()).toBe("accepted")
  // Nothing left to take back.
  expect((await post("revenir")).status).toBe(409)
})

test("after 24 h, or once the offer's last day is past, the refusal stands: no button, and a posted undo is refused in French", async () => {
  await offer()
  const now = new Date()
  const refused = refuse((await buybacks.read(ID))!, { version: await version() }, now)
  if (!refused.ok) throw new Error("refus impossible")
  const late = undoRefusal(refused.buyback, new Date(now.getTime() + 25 * HOUR))
  expect(late).toMatchObject({ ok: false, status: 409, code: "undo_too_late" })
  expect(undoRefusal(refused.buyback, new Date(now.getTime() + 23 * HOUR)).ok).toBe(true)

  // An offer whose last day is today, refused: tomorrow it has expired, and the refusal stays.
  const today = shopDay(now)
  const lastDay = makeOffer(refused.buyback, offerForm(["15", "15"], today), now, garments)
  if (!lastDay.ok) throw new Error("proposition impossible")
  const refusedToday = refuse(lastDay.buyback, { version: String(lastDay.buyback.terms) }, now)
  if (!refusedToday.ok) throw new Error("refus impossible")
  expect(undoRefusal(refusedToday.buyback, new Date(now.getTime() + 24 * HOUR))).toMatchObject({ ok: false, code: "offer_expired" })

  await offer(today)
  await refuseConfirmed()
  await buybacks.apply(ID, (record) => ({ ok: true, changed: true, buyback: { ...record, answered_at: new Date(now.getTime() - 25 * HOUR).toISOString() } }))
  const html = plain(await page())
  expect(html).not.toContain("Revenir sur mon refus")
  expect(html).toContain("Si vous changez d'avis, répondez à notre e-mail")
  expect((await post("revenir")).status).toBe(409)
})

test("the timeline follows the real order — Colis reçu before Prix revu — and ticks each step done", async () => {
  await offer()
  await accept()
  await buybacks.apply(ID, (b) =>
    receive(
      b,
      receptionForm([{ verdict: "revu", montant: "12", description: "Polo M, tache au dos" }, { verdict: "conforme" }], "Tache non signalée."),
      new Date(),
      garments,
    ),
  )
  const html = plain(await page())
  const steps = [...html.matchAll(/<li class="([^"]*)"[^>]*>(?:<span class="sr">fait : <\/span>)?([^<]+)/g)].map(([, state, words]) => [state, words!.trim()])
  expect(steps).toEqual([
    ["done", "Demande reçue"],
    ["done", "Proposition"],
    ["done", "Acceptée"],
    ["done", "Colis reçu"],
    ["done current", "Prix revu après vérification"],
    ["", "Payée"],
  ])
})

test("once paid: « Bordereau de rachat » from the register (each garment, its order number and price, the total, the payment, the attestation), no more « dans le colis »", async () => {
  await offer()
  expect((await fetch(`${base}/${token}/bordereau/`)).status).toBe(404)
  await accept()
  expect(plain(await page())).toContain("rappelez ce numéro dans le colis")
  await buybacks.apply(ID, (b) =>
    receive(
      b,
      receptionForm([
        { verdict: "conforme", description: "Polo blanc taille M" },
        { verdict: "conforme", signes: "Tache poitrine\nÉtiquette coupée" },
      ]),
      new Date(),
      garments,
    ),
  )
  const version = (await buybacks.read(ID))!.updated_at
  expect((await buybacks.pay(ID, { montant: "35,50", mode: "virement", date: shopDay(new Date()) }, version, new Date()))?.ok).toBe(true)

  const paid = plain(await page())
  expect(paid).not.toContain("dans le colis")
  // Paid: the offer's validity is no deadline any more.
  expect(paid).not.toContain("Valable jusqu'au")
  expect(paid).toContain(`Vente n° <strong>${ID}</strong> · registre n° 1, 2`)
  expect(paid).toContain(`<a class="button primary" href="/suivi/${token}/bordereau/">Bordereau de rachat</a>`)
  // What was bought, each garment with its price and its number in the register.
  expect(paid).toMatch(
    /<h3>Articles achetés<\/h3><ol class="garments"><li><div class="garment-head"><strong>Lacoste · Polo[^<]*<\/strong><span class="price">20 €<\/span><\/div><p class="meta">N° 1 au registre<\/p><\/li><li>[\s\S]*?15,50 €[\s\S]*?N° 2 au registre/,
  )

  const receipt = await fetch(`${base}/${token}/bordereau/`)
  expect(receipt.status).toBe(200)
  expect(receipt.headers.get("cache-control")).toBe("no-store")
  const text = plain(await receipt.text())
  expect(text).toContain("<h1>Bordereau de rachat</h1>")
  // The address as typed, one line of the page per line.
  expect(text).toContain("<strong>Claire Martin</strong><br>3 rue des Lilas<br>69003 Lyon")
  // Each garment as received, its own order number in the register and its price.
  expect(text).toContain(
    '<tr><td>1</td><td>Polo · Lacoste · taille M · Blanc · Très bon état · Polo blanc taille M · Étiquette intérieure présente</td><td class="price">20 €</td></tr>',
  )
  expect(text).toContain(
    '<tr><td>2</td><td>Pull · Ralph Lauren · taille M · Marine · Très bon état · Tache poitrine ; Étiquette coupée</td><td class="price">15,50 €</td></tr>',
  )
  expect(text).toMatch(/Total<\/th><td class="price"><strong>35,50 €<\/strong>/)
  expect(text).toMatch(/Payé le \d+ \S+ \d{4} par virement\./)
  expect(text).toContain("« J'atteste être propriétaire de ces articles et les vendre à titre de particulier. »")
  expect(text).toMatch(/Case cochée le \d+ \S+ \d{4} à \d\d:\d\d \(heure de Paris\)\./)
  expect(text).not.toContain("X4RTBPFW4")
  expect(text).toContain(plain(shopIdentity().registration))
})
