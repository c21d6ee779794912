/**
 * @jest-environment node
 *
 * The fifth probe's crafted values (issue 59): a word every object inherits (« toString »,
 * « constructor », « __proto__ », « valueOf ») posted where a form offers a choice is refused in
 * French, never taken for a choice, so nothing reaches a record, the register or a page that a
 * prototype would break; the same word in a page's « ?fait= » shows the page without a notice;
 * amounts read spaces as thousands only; the server's log names no seller's key nor query.
 */
import type { StockItem } from "../../src/contract/stock"
import { isOwnKey, ownValue } from "../../src/contract/own-keys"
import { PAYMENT_METHODS } from "../../src/contract/buyback"
import { leadGarments } from "../../src/contract/garments"
import { newBuyback } from "../../src/server/buyback/machine"
import { accept, makeOffer } from "../../src/server/buyback/offer-steps"
import { checkPayment } from "../../src/server/buyback/payment-steps"
import { chooseReturn, receive } from "../../src/server/buyback/reception-steps"
import { loggedPath } from "../../src/server/http/log-path"
import type { Lead } from "../../src/server/leads/types"
import { decideSale, decideWithdrawal } from "../../src/server/stock/forms"
import { offerForm, receptionForm, SELLER_FORM } from "../helpers/buyback"
import { clockAt } from "../helpers/clock"
import { offeredSale } from "../helpers/seller-page"

// The test's "now" (never the machine's date): a Thursday morning in November 2026, as its fixtures.
clockAt("2026-11-26T10:00:00Z")
const NOW = new Date("2026-11-26T10:00:00Z")
const INHERITED = ["toString", "constructor", "__proto__", "valueOf", "hasOwnProperty"]

const LEAD: Lead = { id: "20261126-0900-K7Q2MX", kind: "estimate", created_at: "2026-11-26T09:00:00.000Z", email: "claire@exemple.fr", photos: [] }
const garments = leadGarments(LEAD)

/** The buy-back accepted by its seller, ready for the parcel's reception. */
function accepted() {
  const offered = makeOffer(newBuyback(LEAD.created_at), offerForm(["35,50"]), NOW, garments)
  if (!offered.ok) throw new Error("proposition refusée")
  const agreed = accept(offered.buyback, { ...SELLER_FORM, version: String(offered.buyback.terms) }, NOW)
  if (!agreed.ok) throw new Error("acceptation refusée")
  return agreed.buyback
}

test("a table's own keys only: an inherited name is no choice and no word", () => {
  for (const name of INHERITED) {
    expect([name, isOwnKey(PAYMENT_METHODS, name)]).toEqual([name, false])
    expect([name, ownValue({ vendu: "Vente enregistrée." }, name)]).toEqual([name, undefined])
  }
  expect(isOwnKey(PAYMENT_METHODS, "virement")).toBe(true)
  expect(ownValue({ vendu: "Vente enregistrée." }, "vendu")).toBe("Vente enregistrée.")
  expect(ownValue({ vendu: "Vente enregistrée." }, ["vendu"])).toBeUndefined()
})

test.each(INHERITED)("« %s » as the seller's identity document is refused in French, the sale unchanged", (name) => {
  const offered = makeOffer(newBuyback(LEAD.created_at), offerForm(["35,50"]), NOW, garments)
  if (!offered.ok) throw new Error("proposition refusée")
  const outcome = accept(offered.buyback, { ...SELLER_FORM, piece_type: name, version: String(offered.buyback.terms) }, NOW)
  expect(outcome).toMatchObject({ ok: false, status: 400, fields: { piece_type: "Choisissez le type de pièce d'identité." } })
})

test.each(INHERITED)("« %s » as the reception's verdict, the payment's method or the return's choice is refused", (name) => {
  const ready = accepted()
  expect(receive(ready, { ...receptionForm([{ verdict: "conforme" }]), verdict_0: name }, NOW, garments)).toMatchObject({
    ok: false,
    fields: { verdict_0: "Choisissez : conforme, prix revu ou refusé." },
  })
  const received = receive(ready, receptionForm([{ verdict: "conforme" }]), NOW, garments)
  if (!received.ok) throw new Error("réception refusée")
  expect(checkPayment(received.buyback, { montant: "35,50", mode: name, date: "2026-11-26" }, NOW)).toMatchObject({
    ok: false,
    fields: { mode: "Choisissez le mode de paiement." },
  })
  const refused = receive(ready, receptionForm([{ verdict: "refuse" }], "Ce n'est pas un Lacoste."), NOW, garments)
  if (!refused.ok) throw new Error("refus à la réception non enregistré")
  expect(refused.buyback.stage).toBe("rejected")
  expect(chooseReturn(refused.buyback, { choix: name }, NOW)).toMatchObject({ ok: false, fields: { choix: "Choisissez le retour ou le don." } })
})

const ITEM: StockItem = {
  number: 1,
  request: LEAD.id,
  garment: { index: 0, nature: "Polo", brand: "Lacoste", size: "M", colour: "Blanc", marks: "", condition: "Très bon état", description: "" },
  cost_cents: 1500,
  bought_on: "2026-11-03",
  payment_method: "Virement",
  status: "en_stock",
  history: [],
  version: "0",
}

test.each(INHERITED)("« %s » as a sale's channel or a withdrawal's reason is refused in the stock", (name) => {
  expect(decideSale(ITEM, { prix: "45,50", frais: "", date: "2026-11-20", canal: name, reference: "" }, NOW)).toMatchObject({
    ok: false,
    fields: { canal: "Choisissez le canal : Vinted, boutique ou autre." },
  })
  expect(decideWithdrawal(ITEM, { motif: name })).toMatchObject({ ok: false, fields: { motif: "Choisissez le motif : don, abîmé ou usage personnel." } })
})

test("the seller's page with « ?fait=toString » (or another inherited name) shows the page, no notice, never a 500", async () => {
  const { page, close } = await offeredSale("20261126-0900-K7Q2MX")
  try {
    for (const name of INHERITED) {
      const answer = await fetch(`${page}?fait=${encodeURIComponent(name)}`)
      expect([name, answer.status]).toEqual([name, 200])
      expect(await answer.text()).not.toMatch(/function|\[object/)
    }
  } finally {
    await close()
  }
})

test("the log's address of a request: its path alone, a seller's key replaced", () => {
  expect(loggedPath("/suivi/0123456789abcdef0123456789abcdef/accepter")).toBe("/suivi/…/accepter")
  expect(loggedPath("/admin/demandes/?q=Martin&statut=paid")).toBe("/admin/demandes/")
  expect(loggedPath("/admin/registre/registre.csv?q=claire%40exemple.fr#n2")).toBe("/admin/registre/registre.csv")
})
