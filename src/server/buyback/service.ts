/**
 * The buy-back of this process: over the leads service's outbox (the same folder the API's
 * functions write, src/server/leads/service.ts) and the register in REGISTER_DIR, which the host
 * checked at start (src/server/settings.ts).
 */
import { leadsService, type LeadsService } from "../leads/service"
import { Outbox } from "../leads/outbox"
import { Register } from "../register/register"
import { Buybacks } from "./store"

export function buybacksFor(registerDir: string, leads: () => LeadsService = leadsService): () => Buybacks {
  const register = new Register(registerDir)
  return () => new Buybacks(new Outbox(leads().settings.dir), register)
}
