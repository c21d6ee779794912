/**
 * The records of a shop that has been trading for a while, written by the product's own code
 * (the outbox, the buy-back's steps, the register, the stock book) into a data folder, for
 * `npm run bench:records` (./records.mjs): `--requests` estimate requests (1 to 3 garments
 * each, spread over the three years before now, oldest first), of which `--paid` (a share) go
 * through offer, acceptance, reception and payment (one register entry per garment), and a
 * third of the garments bought are then put on sale, half of those sold. No photo (the bench's
 * own estimate sends one), no mail (no letters configured).
 *
 *   tsx scripts/bench/records-seed.ts <folder> --requests 20000 --paid 0.2
 *
 * Prints one JSON line: the counts, a paid request's number and seller's key, a request's number.
 */
import path from "node:path"
import { leadGarments, type LeadGarment } from "../../src/contract/garments"
import { accept, makeOffer } from "../../src/server/buyback/offer-steps"
import { receive } from "../../src/server/buyback/reception-steps"
import { Buybacks } from "../../src/server/buyback/store"
import { openDatabase } from "../../src/server/database/database"
import { newLeadId, Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { shopDay } from "../../src/server/shop-time"
import { StockBook } from "../../src/server/stock/book"

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`)
  return Number(index > 0 ? process.argv[index + 1] : fallback)
}

const BRANDS = ["Lacoste", "Ralph Lauren", "Tommy Hilfiger", "Lancaster"] as const
const CATEGORIES = ["Polo", "Pull", "Chemise", "Sac"] as const
const DAY_MS = 86_400_000
const SELLER = {
  nom: "Martin",
  prenom: "Claire",
  adresse: "3 rue des Lilas\n69003 Lyon",
  piece_type: "cni",
  piece_numero: "X4RTBPFW4",
  piece_date: "2021-03-02",
  piece_autorite: "Préfecture du Rhône",
  iban: "FR76 3000 6000 0112 3456 7890 189",
  atteste: "oui",
}

/** A small deterministic sequence, so two runs seed the same shop. */
let seed = 7
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648

function garmentsOf(count: number): LeadGarment[] {
  return Array.from({ length: count }, (_, index) => ({
    brand: BRANDS[Math.floor(next() * BRANDS.length)]!,
    category: CATEGORIES[Math.floor(next() * CATEGORIES.length)]!,
    condition: "Très bon état",
    description: `Article ${index + 1}, très peu porté`,
    photos: [],
  }))
}

function receptionOf(garments: readonly LeadGarment[]): Record<string, string> {
  const form: Record<string, string> = { message: "" }
  garments.forEach((garment, index) =>
    Object.assign(form, {
      [`verdict_${index}`]: "conforme",
      [`montant_${index}`]: "",
      [`nature_${index}`]: garment.category ?? "Polo",
      [`marque_${index}`]: garment.brand ?? "Lacoste",
      [`taille_${index}`]: "M",
      [`couleur_${index}`]: "Marine",
      [`signes_${index}`]: "Étiquette intérieure présente",
      [`etat_${index}`]: "Très bon état",
      [`description_${index}`]: "",
    }),
  )
  return form
}

async function main(): Promise<void> {
  const folder = path.resolve(process.argv[2] ?? "")
  const requests = argument("requests", 20_000)
  const paidShare = argument("paid", 0.2)
  const outbox = new Outbox(path.join(folder, "leads"))
  const register = new Register(path.join(folder, "registre"))
  const buybacks = new Buybacks(outbox, register)
  const database = openDatabase(path.join(folder, "shop.sqlite"))
  const book = new StockBook(path.join(folder, "stock"), register, database)
  const start = Date.now() - 3 * 365 * DAY_MS
  const step = (3 * 365 * DAY_MS - 2 * DAY_MS) / requests
  let paid = 0
  let sample = { paidRequest: "", token: "", request: "" }
  for (let index = 0; index < requests; index += 1) {
    const at = new Date(start + index * step)
    const id = newLeadId(at)
    const garments = garmentsOf(1 + Math.floor(next() * 3))
    await outbox.add({ id, kind: "estimate", created_at: at.toISOString(), email: `vendeur${index}@exemple.fr`, photos: [], garments })
    const purchase = await buybacks.open(id)
    sample = { ...sample, request: id }
    if (next() >= paidShare || !purchase) continue
    const now = new Date(at.getTime() + DAY_MS)
    const amounts = Object.fromEntries(garments.map((_, n) => [`montant_${n}`, String(10 + Math.floor(next() * 30))]))
    await buybacks.apply(id, (b, stored) =>
      makeOffer(b, { valable: shopDay(new Date(now.getTime() + 7 * DAY_MS)), message: "", ...amounts }, now, leadGarments(stored.lead)),
    )
    await buybacks.apply(id, (b) => accept(b, { ...SELLER, version: String(b.terms) }, now))
    const received = await buybacks.apply(id, (b, stored) => receive(b, receptionOf(leadGarments(stored.lead)), now, leadGarments(stored.lead)))
    if (!received?.ok) throw new Error(`réception de ${id} refusée : ${received ? received.error : "demande absente"}`)
    const total = Object.values(amounts).reduce((sum, amount) => sum + Number(amount), 0)
    const payment = { montant: String(total), port: "", mode: "virement", date: shopDay(now) }
    const done = await buybacks.pay(id, payment, received.buyback.updated_at, now)
    if (!done?.ok) throw new Error(`paiement de ${id} refusé : ${done ? done.error : "demande absente"}`)
    paid += 1
    sample = { ...sample, paidRequest: id, token: done.buyback.token }
  }
  const items = await book.items()
  let sold = 0
  for (const item of items.filter((_, index) => index % 3 === 0)) {
    const listed = await book.change(item.number, item.version, () => ({
      ok: true,
      change: { kind: "listing", listing: { asking_cents: item.cost_cents * 2 } },
    }))
    if (!listed.ok || item.number % 2 === 0) continue
    const day = shopDay(new Date(Date.parse(item.bought_on) + 10 * DAY_MS))
    const sale = {
      price_cents: item.cost_cents * 2,
      date: day > shopDay(new Date()) ? shopDay(new Date()) : day,
      channel: "vinted" as const,
      fees_cents: 100,
      reference: "",
    }
    if ((await book.change(item.number, listed.item.version, () => ({ ok: true, change: { kind: "sale", sale } }))).ok) sold += 1
  }
  database.close()
  console.log(JSON.stringify({ requests, paid, entries: items.length, sold, ...sample }))
}

main().catch((error: unknown) => {
  console.error(`graines : ${(error as Error).message}`)
  process.exit(1)
})
