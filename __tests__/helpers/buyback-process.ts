/**
 * A process of its own for the buy-back's crash test (__tests__/server/buyback-crash.test.ts), run
 * with tsx: over LEADS_DIR and REGISTER_DIR it makes the owner's offer again and again (a new
 * buyback.json each time) and appends a register entry after each, printing the count of steps
 * done as one line each, until it is killed.
 */
import { makeOffer } from "../../src/server/buyback/machine"
import { Buybacks } from "../../src/server/buyback/store"
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { readLeadsSettings, readRegisterSettings } from "../../src/server/settings"
import { purchase } from "./buyback"

async function main(): Promise<void> {
  const id = process.env.BUYBACK_ID ?? ""
  const register = new Register(readRegisterSettings().settings.dir)
  const buybacks = new Buybacks(new Outbox(readLeadsSettings().settings.dir), register)
  for (let step = 1; ; step++) {
    const outcome = await buybacks.apply(id, (buyback) => makeOffer(buyback, { montant: String(step), message: "x".repeat(1500) }, new Date()))
    if (!outcome?.ok) throw new Error("offre refusée")
    await register.append(
      purchase(id, {
        item: { index: 0, nature: "", brand: "", size: "", colour: "", marks: "", condition: "", description: `article ${step}` },
        price_cents: step * 100,
      }),
    )
    process.stdout.write(`${step}\n`)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
