/**
 * A process of its own for the buy-back's crash tests (__tests__/server/buyback-crash.test.ts), run
 * with tsx over LEADS_DIR and REGISTER_DIR, until it is killed:
 * - BUYBACK_MODE=offers (default): makes the owner's offer again and again (a new buyback.json each
 *   time) and appends a register entry after each, printing the count of steps done, one a line;
 * - BUYBACK_MODE=pay: records the payment of BUYBACK_ID (posted as BUYBACK_FORM) through the store,
 *   and once the register holds its entries prints « inscrit » and stops there, before the record
 *   is written: the moment a kill -9 leaves the register ahead of the request.
 */
import { leadGarments } from "../../src/contract/garments"
import { makeOffer } from "../../src/server/buyback/offer-steps"
import { Buybacks } from "../../src/server/buyback/store"
import { Outbox } from "../../src/server/leads/outbox"
import { Register, type NewEntry, type RegisterEntry } from "../../src/server/register/register"
import { readLeadsSettings, readRegisterSettings } from "../../src/server/settings"
import { offerForm, purchase } from "./buyback"

/** The register, but the payment's write never returns: the process halts right after its entries are durable. */
class HaltingRegister extends Register {
  override async appendAll(entries: readonly NewEntry[], last: number | null, now?: Date): Promise<RegisterEntry[] | null> {
    await super.appendAll(entries, last, now)
    process.stdout.write("inscrit\n")
    return new Promise(() => undefined)
  }
}

async function main(): Promise<void> {
  const id = process.env.BUYBACK_ID ?? ""
  const outbox = new Outbox(readLeadsSettings().settings.dir)
  if (process.env.BUYBACK_MODE === "pay") {
    const buybacks = new Buybacks(outbox, new HaltingRegister(readRegisterSettings().settings.dir))
    const record = await buybacks.read(id)
    await buybacks.pay(id, JSON.parse(process.env.BUYBACK_FORM ?? "{}"), record?.updated_at ?? "", new Date())
    throw new Error("paiement terminé sans arrêt")
  }
  const register = new Register(readRegisterSettings().settings.dir)
  const buybacks = new Buybacks(outbox, register)
  for (let step = 1; ; step++) {
    const outcome = await buybacks.apply(id, (buyback, stored) =>
      makeOffer(buyback, { ...offerForm([String(step)]), message: "x".repeat(1500) }, new Date(), leadGarments(stored.lead)),
    )
    if (!outcome?.ok) throw new Error("offre refusée")
    await register.append(purchase(id, { item: { ...purchase(id).item, description: `article ${step}` }, price_cents: step * 100 }))
    process.stdout.write(`${step}\n`)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
