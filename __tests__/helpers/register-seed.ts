/**
 * Purchases written into a register by its own code (Register.append), for the browser tests of
 * the owner's rooms (e2e/lib/register-seed.mjs), run with tsx:
 *
 *   node --import tsx __tests__/helpers/register-seed.ts <REGISTER_DIR> '[{"request":"…","seller":{"surname":"…"}}]'
 *
 * each entry the default purchase of `request` (./buyback.ts) with the seller's fields given; a
 * register already holding entries is left as it is (a spec's server restarted on the same folder).
 */
import { Register, type NewEntry } from "../../src/server/register/register"
import { purchase } from "./buyback"

export type SeededPurchase = { request: string; seller?: Partial<NewEntry["seller"]> }

async function main(): Promise<void> {
  const [dir, listed] = process.argv.slice(2)
  if (!dir || !listed) throw new Error("usage : register-seed.ts REGISTER_DIR '[{\"request\": …}]'")
  const register = new Register(dir)
  if ((await register.list()).length > 0) return
  for (const { request, seller } of JSON.parse(listed) as SeededPurchase[]) {
    const entry = purchase(request)
    await register.append({ ...entry, seller: { ...entry.seller, ...seller } })
  }
}

void main()
