/**
 * @jest-environment node
 *
 * The register attacked by someone who has its folder but not its key (the fifth probe of issue
 * 56), on real files: an entry forged for a request « Colis reçu » pays nothing at the next read
 * (the payment's catch-up only trusts checked entries) and reaches neither the stock nor the
 * seller's mail; the last entry's bytes changed without changing what they parse to (a key given
 * twice) fail verify; its last entries and checkpoints deleted, the register gives no number the
 * stock already names.
 */
import { createHash, createHmac, randomBytes } from "node:crypto"
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import path from "node:path"
import type { RegisterEntry } from "../../src/contract/buyback"
import { leadGarments } from "../../src/contract/garments"
import { ownerDesk } from "../../src/server/buyback/desk"
import { accept, makeOffer } from "../../src/server/buyback/offer-steps"
import { receive } from "../../src/server/buyback/reception-steps"
import { Buybacks } from "../../src/server/buyback/store"
import { openDatabase } from "../../src/server/database/database"
import { Letters } from "../../src/server/leads/letters"
import { Outbox } from "../../src/server/leads/outbox"
import { Register, RegisterRefusal } from "../../src/server/register/register"
import { highestStockedNumber, StockBook } from "../../src/server/stock/book"
import { offerForm, purchase, receptionForm, SELLER_FORM, storeRequest, TWO_GARMENTS } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"
import { garmentEntry } from "../helpers/stock"

const ID = "20261126-0900-K7Q2MX"
const entryFile = (register: Register, number: number) => path.join(register.dir, `${String(number).padStart(8, "0")}.json`)

/** An entry as the site writes it, but signed with a key that is not the register's (whoever only had the folder). */
function forged(entry: Omit<RegisterEntry, "sha256" | "previous_sha256" | "chain">, previous: string): string {
  const key = randomBytes(32)
  const base = { ...entry, chain: "hmac-sha256" as const, previous_sha256: previous }
  const sha256 = createHmac("sha256", key).update(JSON.stringify(base)).digest("hex")
  return `${JSON.stringify({ ...base, sha256 }, null, 2)}\n`
}

it("an entry forged for a request « Colis reçu » pays nothing: the record, the seller's mail, the stock and the register's reading ignore it", async () => {
  const outbox = new Outbox(tempDir())
  await storeRequest(outbox, ID, undefined, undefined, TWO_GARMENTS)
  const register = new Register(tempDir("maxai-registre-"))
  // An earlier purchase, written by the site: the register has its key and one entry.
  const earlier = await register.append(garmentEntry("20261101-0900-ABCDEF", { index: 0 }, 1500, "2026-11-02"))
  const steps = new Buybacks(outbox, register)
  const now = new Date("2026-11-27T10:00:00Z")
  await steps.apply(ID, (b, stored) => makeOffer(b, offerForm(["20", "13"]), now, leadGarments(stored.lead)))
  await steps.apply(ID, (b) => accept(b, { ...SELLER_FORM, version: String(b.terms) }, now))
  await steps.apply(ID, (b, stored) => receive(b, receptionForm([{ verdict: "conforme" }, { verdict: "conforme" }]), now, leadGarments(stored.lead)))
  // The agreed 33 € become « 1 € espèces » in a file dropped into the folder.
  const entry = { ...purchase(ID, { price_cents: 100, payment_method: "Espèces", payment_date: "2026-11-27" }), number: 2, recorded_at: now.toISOString() }
  const previous = createHash("sha256")
    .update(readFileSync(entryFile(register, 1)))
    .digest("hex")
  writeFileSync(entryFile(register, 2), forged(entry, previous), { mode: 0o600 })

  const letters = new Letters(outbox, { smtp: null, retryBaseMs: 50, retryMaxMs: 200 })
  try {
    const record = await ownerDesk(() => new Buybacks(outbox, register, Promise.resolve(), letters)).open(ID, "https://boutique.exemple")
    expect(record).toMatchObject({ stage: "received" })
    expect(record).not.toHaveProperty("payment")
    expect((await letters.list(ID)).map((letter) => letter.subject)).toEqual([])
  } finally {
    letters.stop()
  }
  expect(await register.list()).toEqual([earlier])
  const database = openDatabase(path.join(tempDir("maxai-base-"), "shop.sqlite"))
  expect((await new StockBook(tempDir("maxai-stock-"), register, database).items()).map((item) => item.request)).toEqual(["20261101-0900-ABCDEF"])
  database.close()
  expect(await register.verify()).toMatchObject({ ok: false, number: 2, problem: expect.stringContaining("l'entrée n° 2 a été modifiée") })
})

it("the last entry's bytes changed without changing what they parse to (a key given twice) fail verify, and the entry is not read", async () => {
  const register = new Register(tempDir("maxai-registre-"))
  await register.append(garmentEntry(ID, { index: 0 }, 1500, "2026-11-03"))
  await register.append(garmentEntry(ID, { index: 1, brand: "Ralph Lauren" }, 2050, "2026-11-03"))
  expect(await register.verify()).toMatchObject({ ok: true, count: 2 })
  const file = entryFile(register, 2)
  const bytes = readFileSync(file, "utf8")
  // A second « price_cents » before the real one: JSON.parse keeps the last, the entry reads the same.
  const doubled = bytes.replace('  "price_cents": 2050,', '  "price_cents": 1,\n  "price_cents": 2050,')
  expect(doubled).not.toBe(bytes)
  expect(JSON.parse(doubled)).toEqual(JSON.parse(bytes))
  writeFileSync(file, doubled)
  expect(await register.verify()).toMatchObject({
    ok: false,
    number: 2,
    problem: "l'entrée n° 2 a été modifiée : ses octets ne sont plus ceux que le site a écrits (une clé en double, un espace ou un ordre changé).",
  })
  expect((await register.list()).map((entry) => entry.number)).toEqual([1])
})

it("its last entry and checkpoints deleted, the register gives no number the stock already names", async () => {
  const database = openDatabase(path.join(tempDir("maxai-base-"), "shop.sqlite"))
  const register = new Register(tempDir("maxai-registre-"), { highestNumberElsewhere: () => highestStockedNumber(database) })
  for (const [index, brand] of ["Lacoste", "Ralph Lauren", "Tommy Hilfiger"].entries())
    await register.append(garmentEntry(ID, { index, brand }, 1500, "2026-11-03"))
  const book = new StockBook(tempDir("maxai-stock-"), register, database)
  const third = (await book.item(3))!
  const sale = { price_cents: 4000, date: "2026-11-20", channel: "vinted" as const, fees_cents: 300, reference: "V-3" }
  expect((await book.change(3, third.version, () => ({ ok: true, change: { kind: "sale", sale } }))).ok).toBe(true)
  // n° 3 and every checkpoint that noted it removed: the register and its checkpoints agree again, at 2.
  rmSync(entryFile(register, 3))
  for (const name of readdirSync(register.checkpoints.dir)) {
    const checkpoint = JSON.parse(readFileSync(path.join(register.checkpoints.dir, name), "utf8")) as { last_number: number }
    if (checkpoint.last_number >= 3) rmSync(path.join(register.checkpoints.dir, name))
  }
  expect(await register.verify()).toMatchObject({ ok: true, count: 2 })
  const next = register.append(garmentEntry("20261128-1000-ABCDEF", { index: 0, brand: "Lancaster", nature: "Sac" }, 5000, "2026-11-28"))
  await expect(next).rejects.toThrow(RegisterRefusal)
  await expect(register.append(garmentEntry("20261128-1000-ABCDEF", { index: 0, brand: "Lancaster", nature: "Sac" }, 5000, "2026-11-28"))).rejects.toThrow(
    "Le registre est incomplet : il s'arrête au n° 2, mais le stock connaît déjà le n° 3.",
  )
  expect((await register.list()).map((entry) => entry.number)).toEqual([1, 2])
  // The stock's sale of n° 3 stays out of the stock rather than on another garment.
  expect((await book.items()).map((item) => item.number)).toEqual([1, 2])
  database.close()
})
