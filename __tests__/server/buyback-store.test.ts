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
import { Buybacks } from "../../src/server/buyback/store"
import { saveHandling } from "../../src/server/inbox/handling-form"
import { accept, makeOffer, receive } from "../../src/server/buyback/machine"
import { Outbox } from "../../src/server/leads/outbox"
import { eraseExpired } from "../../src/server/leads/retention"
import { Register } from "../../src/server/register/register"
import { purchase, SELLER_FORM, storeRequest } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"

const ID = "20261126-0900-K7Q2MX"
const NOW = new Date("2026-11-27T10:00:00Z")

function setup() {
  const outbox = new Outbox(tempDir())
  const register = new Register(tempDir("maxai-registre-"))
  return { outbox, register, buybacks: new Buybacks(outbox, register) }
}

/** The request offered, accepted and received: ready to be paid. */
async function readyToPay(buybacks: Buybacks) {
  await buybacks.apply(ID, (b) => makeOffer(b, { montant: "35,50", valable: "2026-12-04" }, NOW))
  await buybacks.apply(ID, (b) => accept(b, SELLER_FORM, NOW))
  await buybacks.apply(ID, (b) => receive(b, { verdict: "conforme", description: "Polo blanc M, accroc au col" }, NOW))
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
  await buybacks.apply(ID, (b) => makeOffer(b, { montant: "35,50", valable: "2026-12-04" }, NOW))
  const [first, second] = await Promise.all([
    buybacks.apply(ID, (b) => accept(b, SELLER_FORM, NOW)),
    buybacks.apply(ID, (b) => accept(b, SELLER_FORM, new Date(NOW.getTime() + 300))),
  ])
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
  expect((await buybacks.apply(ID, (b) => makeOffer(b, { montant: "30" }, NOW), buyback.updated_at))?.ok).toBe(true)
  const stale = await buybacks.apply(ID, (b) => makeOffer(b, { montant: "25" }, NOW), buyback.updated_at)
  expect(stale).toMatchObject({ ok: false, status: 409, code: "changed_elsewhere" })
  expect((await buybacks.read(ID))!.offer!.amount_cents).toBe(3000)
})

test("the payment writes the purchase to the register once, even posted again after a crash between the two writes", async () => {
  const { outbox, register, buybacks } = setup()
  await storeRequest(outbox, ID)
  const ready = await readyToPay(buybacks)
  const form = { montant: "35,50", mode: "virement", date: "2026-11-27" }
  // A crash after the register entry and before the record: the entry is there, the record still « Colis reçu ».
  const entry = await register.append(purchase(ID))
  const paid = await buybacks.pay(ID, form, ready.updated_at, NOW)
  expect(paid).toMatchObject({ ok: true, buyback: { stage: "paid", payment: { register_number: entry.number, amount_cents: 3550 } } })
  expect(await register.count()).toBe(1)
})

test("a payment writes the seller, the item as received and the price to the register, « particulier »", async () => {
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
    seller: { status: "particulier", surname: "Martin", first_names: "Claire", id_type: "Carte nationale d'identité", id_number: "X4RTBPFW4" },
    item: { index: 0, description: "Polo blanc M, accroc au col", brand: "Lacoste", nature: "Polo" },
    provenance: `Rachat à un particulier, demande n° ${ID}`,
    price_cents: 3550,
    payment_method: "Virement",
    payment_date: "2026-11-27",
  })
  // The IBAN pays the seller; the register does not keep it.
  expect(JSON.stringify(entry)).not.toContain("FR76")
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
    buybacks.apply(ID, (b) => makeOffer(b, { montant: "30" }, NOW)),
  ])
  const { handling } = await outbox.read(ID)
  expect(handling.status).toBe("offer_sent")
  if (saved.ok) expect(handling.note).toBe("rappeler lundi")
  else expect(saved.status).toBe(409)
})
