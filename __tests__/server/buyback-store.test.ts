/**
 * @jest-environment node
 *
 * The buy-back beside each request (src/server/buyback/store.ts) on a real outbox and a real
 * register: the seller's key, one acceptance for two clicks, the owner's version check, the
 * payment written once to the register even when posted again after a crash, and the 3-year
 * erasure of the request leaving its register entry.
 */
import { statSync } from "node:fs"
import path from "node:path"
import type { Buyback } from "../../src/contract/buyback"
import { Buybacks } from "../../src/server/buyback/store"
import type { StoredLead } from "../../src/server/leads/outbox"
import { saveHandling } from "../../src/server/inbox/handling-form"
import { accept, makeOffer } from "../../src/server/buyback/offer-steps"
import { receive } from "../../src/server/buyback/reception-steps"
import { leadGarments } from "../../src/contract/garments"
import { Outbox } from "../../src/server/leads/outbox"
import { eraseExpired } from "../../src/server/leads/retention"
import { Register } from "../../src/server/register/register"
import { offerForm, purchase, receptionForm, SELLER_FORM, storeRequest, TWO_GARMENTS } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"

const ID = "20261126-0900-K7Q2MX"
const NOW = new Date("2026-11-27T10:00:00Z")

function setup() {
  const outbox = new Outbox(tempDir())
  const register = new Register(tempDir("maxai-registre-"))
  return { outbox, register, buybacks: new Buybacks(outbox, register) }
}

/** The request's offer: 35,50 € for its one garment, or per garment for a request with several. */
const offer =
  (amounts = ["35,50"]) =>
  (b: Buyback, stored: StoredLead) =>
    makeOffer(b, offerForm(amounts, "2026-12-04"), NOW, leadGarments(stored.lead))
/** « Confirmer la vente » from a page that showed the current offer. */
const acceptSeen = (b: Buyback) => accept(b, { ...SELLER_FORM, version: String(b.terms ?? 0) }, NOW)

/** The request offered, accepted and received (every garment « Conforme »): ready to be paid. */
async function readyToPay(buybacks: Buybacks, amounts = ["35,50"]) {
  await buybacks.apply(ID, offer(amounts))
  await buybacks.apply(ID, acceptSeen)
  const verdicts = amounts.map(() => ({ verdict: "conforme" as const, description: "Polo blanc M\naccroc au col" }))
  await buybacks.apply(ID, (b, stored) => receive(b, receptionForm(verdicts), NOW, leadGarments(stored.lead)))
  return (await buybacks.read(ID))!
}

test("a request gets its seller's key once; the key finds it, any other key finds nothing", async () => {
  const { outbox, buybacks } = setup()
  await storeRequest(outbox, ID)
  const opened = await buybacks.open(ID)
  expect((await buybacks.open(ID))!.buyback.token).toBe(opened!.buyback.token)
  expect((await buybacks.findByToken(opened!.buyback.token))!.stored.lead.id).toBe(ID)
  expect(await buybacks.findByToken("0".repeat(32))).toBeNull()
  expect(await buybacks.findByToken("../../etc/passwd")).toBeNull()
  expect(statSync(path.join(outbox.leadDir(ID), "buyback.json")).mode & 0o777).toBe(0o600)
  expect(await buybacks.open("20261126-0900-ZZZZZZ")).toBeNull()
})

test("two « Confirmer la vente » at once record one acceptance", async () => {
  const { outbox, buybacks } = setup()
  await storeRequest(outbox, ID)
  await buybacks.apply(ID, offer())
  const [first, second] = await Promise.all([buybacks.apply(ID, acceptSeen), buybacks.apply(ID, acceptSeen)])
  expect([first?.ok && first.changed, second?.ok && second.changed]).toEqual([true, false])
  const stored = (await buybacks.read(ID))!
  expect(stored.history.map((event) => event.stage)).toEqual(["requested", "offered", "accepted"])
  // The inbox's list follows the sale.
  expect((await outbox.read(ID)).handling.status).toBe("accepted")
})

test("an owner's step made from a page that did not see the last change is refused (409)", async () => {
  const { outbox, buybacks } = setup()
  await storeRequest(outbox, ID)
  const { buyback } = (await buybacks.open(ID))!
  expect((await buybacks.apply(ID, offer(["30"]), buyback.updated_at))?.ok).toBe(true)
  const stale = await buybacks.apply(ID, offer(["25"]), buyback.updated_at)
  expect(stale).toMatchObject({ ok: false, status: 409, code: "changed_elsewhere" })
  expect((await buybacks.read(ID))!.offer!.amount_cents).toBe(3000)
})

test("a payment posted again after a crash between the two writes: the register's entries are the truth, not the second post", async () => {
  const { outbox, register, buybacks } = setup()
  await storeRequest(outbox, ID, undefined, undefined, TWO_GARMENTS)
  const ready = await readyToPay(buybacks, ["20", "18,50"])
  // A crash after the first garment's entry (cash, 25 November) and before the record: the record still « Colis reçu ».
  const first = await register.append(purchase(ID, { price_cents: 2000, payment_method: "Espèces", payment_date: "2026-11-27" }))
  const other = await register.append(purchase("20261126-0900-AAAAAA"))
  const again = await buybacks.pay(ID, { montant: "999", mode: "virement", date: "2026-11-26" }, ready.updated_at, NOW)
  expect(again).toMatchObject({
    ok: true,
    buyback: { stage: "paid", payment: { method: "especes", date: "2026-11-27", amount_cents: 3850, register_numbers: [first.number, other.number + 1] } },
  })
  // The garment the crash left out is written once, with the first entry's method and date.
  const entries = (await register.list()).filter((entry) => entry.request === ID)
  expect(entries.map((entry) => [entry.item.index, entry.price_cents, entry.payment_method])).toEqual([
    [0, 2000, "Espèces"],
    [1, 1850, "Espèces"],
  ])
  expect(await buybacks.pay(ID, { montant: "38,50", mode: "virement", date: "2026-11-27" }, ready.updated_at, NOW)).toMatchObject({
    ok: false,
    code: "already_paid",
  })
  expect(await register.count()).toBe(3)
})

test("the next read of a record the crash left « Colis reçu » makes it « Payée » from the register, with the inbox's status", async () => {
  const { outbox, register, buybacks } = setup()
  await storeRequest(outbox, ID)
  await readyToPay(buybacks)
  const entry = await register.append(purchase(ID))
  const { buyback } = (await buybacks.open(ID))!
  expect(buyback).toMatchObject({ stage: "paid", payment: { amount_cents: 3550, register_numbers: [entry.number] } })
  expect((await buybacks.read(ID))!.stage).toBe("paid")
  expect((await outbox.read(ID)).handling.status).toBe("paid")
  expect(await register.count()).toBe(1)
})

test("one payment, one register entry per garment kept: consecutive numbers, each garment as received at its agreed price", async () => {
  const { outbox, register, buybacks } = setup()
  await storeRequest(outbox, ID, undefined, undefined, TWO_GARMENTS)
  await register.append(purchase("20261126-0900-AAAAAA"))
  await buybacks.apply(ID, offer(["20", "18,50"]))
  await buybacks.apply(ID, acceptSeen)
  const verdicts = [{ verdict: "conforme" as const, description: "Polo blanc\naccroc au col" }, { verdict: "refuse" as const }]
  await buybacks.apply(ID, (b, stored) => receive(b, receptionForm(verdicts), NOW, leadGarments(stored.lead)))
  const ready = (await buybacks.read(ID))!
  const wrong = await buybacks.pay(ID, { montant: "38,50", mode: "virement", date: "2026-11-27" }, ready.updated_at, NOW)
  expect(wrong).toMatchObject({ ok: false, status: 400, fields: { montant: "Le montant payé doit être le total des articles gardés : 20\u00a0€." } })
  expect(await register.count()).toBe(1)
  const twoKept = setup()
  await storeRequest(twoKept.outbox, ID, undefined, undefined, TWO_GARMENTS)
  await twoKept.register.append(purchase("20261126-0900-AAAAAA"))
  const both = await readyToPay(twoKept.buybacks, ["20", "18,50"])
  expect(await twoKept.buybacks.pay(ID, { montant: "38,50", mode: "virement", date: "2026-11-27" }, both.updated_at, NOW)).toMatchObject({
    ok: true,
    buyback: { payment: { register_numbers: [2, 3], amount_cents: 3850 } },
  })
  const entries = await twoKept.register.list()
  expect(entries.map((entry) => [entry.number, entry.item.index, entry.item.brand, entry.price_cents])).toEqual([
    [1, 0, "Lacoste", 3550],
    [2, 0, "Lacoste", 2000],
    [3, 1, "Ralph Lauren", 1850],
  ])
  expect(entries[1]).toMatchObject({ provenance: `achat à un particulier, demande n° ${ID}`, item: { description: "Polo blanc M\naccroc au col" } })
  expect((await twoKept.register.verify()).ok).toBe(true)
})

test("a payment writes the seller, the garment as received and the price to the register, « particulier »", async () => {
  const { outbox, register, buybacks } = setup()
  await storeRequest(outbox, ID)
  const ready = await readyToPay(buybacks)
  const stale = await buybacks.pay(ID, { montant: "35,50", mode: "virement", date: "2026-11-27" }, "ancienne", NOW)
  expect(stale).toMatchObject({ ok: false, status: 409 })
  const cash = await buybacks.pay(ID, { montant: "1200", mode: "especes", date: "2026-11-27" }, ready.updated_at, NOW)
  expect(cash).toMatchObject({ ok: false, status: 400 })
  expect(await register.count()).toBe(0)
  await buybacks.pay(ID, { montant: "35,50", mode: "virement", date: "2026-11-27" }, ready.updated_at, NOW)
  const [entry] = await register.list()
  expect(entry).toMatchObject({
    number: 1,
    request: ID,
    seller: {
      status: "particulier",
      surname: "Martin",
      first_names: "Claire",
      address: "3 rue des Lilas\n69003 Lyon",
      id_type: "Carte nationale d'identité",
      id_number: "X4RTBPFW4",
    },
    item: { index: 0, nature: "Polo", brand: "Lacoste", size: "M", colour: "Blanc", description: "Polo blanc M\naccroc au col" },
    provenance: `achat à un particulier, demande n° ${ID}`,
    price_cents: 3550,
    payment_method: "Virement",
    payment_date: "2026-11-27",
  })
  // The IBAN pays the seller; the register does not keep it.
  expect(JSON.stringify(entry)).not.toContain("FR76")
})

test("a record written before receptions were per garment is paid as its one garment", async () => {
  const { outbox, register, buybacks } = setup()
  await storeRequest(outbox, ID)
  const ready = await readyToPay(buybacks)
  const { writeFileSync } = await import("node:fs")
  const old = { ...ready, reception: { verdict: "conforme", description: "Polo blanc M\nancien format", at: ready.reception!.at } }
  writeFileSync(path.join(outbox.leadDir(ID), "buyback.json"), JSON.stringify(old))
  expect(await buybacks.pay(ID, { montant: "35,50", mode: "virement", date: "2026-11-27" }, ready.updated_at, NOW)).toMatchObject({ ok: true })
  expect((await register.list())[0]).toMatchObject({ item: { index: 0, description: "Polo blanc M\nancien format" }, price_cents: 3550 })
})

test("each step restarts the retention period; its 3-year erasure takes the buy-back record and leaves the register entry", async () => {
  const { outbox, register, buybacks } = setup()
  await storeRequest(outbox, ID, "2022-01-03T09:00:00.000Z")
  const ready = await readyToPay(buybacks)
  await buybacks.pay(ID, { montant: "35,50", mode: "virement", date: "2026-11-27" }, ready.updated_at, NOW)
  expect((await outbox.read(ID)).handling).toMatchObject({ status: "paid", status_changed_at: NOW.toISOString() })
  const quiet = () => undefined
  expect(await eraseExpired(outbox, 1095, NOW, quiet, quiet)).toEqual([])
  expect(await eraseExpired(outbox, 1095, new Date("2029-11-28T10:00:00Z"), quiet, quiet)).toEqual([ID])
  expect(await outbox.find(ID)).toBeNull()
  expect(await register.count()).toBe(1)
  expect((await register.verify()).ok).toBe(true)
})

test("an owner's note saved while a step rewrites the status is never lost silently: kept, or refused with a 409", async () => {
  const { outbox, buybacks } = setup()
  await storeRequest(outbox, ID)
  const [saved] = await Promise.all([
    saveHandling(outbox, ID, { statut: "in_progress", note: "rappeler lundi", version: "" }, NOW),
    buybacks.apply(ID, offer(["30"])),
  ])
  const { handling } = await outbox.read(ID)
  expect(handling.status).toBe("offer_sent")
  if (saved.ok) expect(handling.note).toBe("rappeler lundi")
  else expect(saved.status).toBe(409)
})
