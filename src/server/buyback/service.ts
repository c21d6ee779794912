/**
 * The buy-back of this process, as the host hands it out (src/server/host/app.ts): over the leads
 * service's outbox (the same folder the API's functions write, src/server/leads/service.ts) and the
 * register in REGISTER_DIR, which the host checked at start (src/server/settings.ts). `buybacks`
 * for the sellers' pages, `desk` for the owner's steps in the inbox, `register` for its page.
 */
import { leadsService, type LeadsService } from "../leads/service"
import { Letters } from "../leads/letters"
import { Outbox } from "../leads/outbox"
import { registerCsv } from "../register/csv"
import { Register } from "../register/register"
import { ownerDesk } from "./desk"
import { Buybacks } from "./store"

export function buybackService(registerDir: string, leads: () => LeadsService = leadsService) {
  const register = new Register(registerDir)
  // One sender of letters per process, made with the leads service (its settings: SMTP, backoff), pending ones replayed then.
  let letters: Letters | undefined
  const buybacks = () => {
    const service = leads()
    if (!letters) {
      const { smtp, retryBaseMs, retryMaxMs } = service.settings
      const made = new Letters(new Outbox(service.settings.dir), { smtp, retryBaseMs, retryMaxMs, log: console.error })
      void service.ready.then(() => made.replay())
      letters = made
    }
    return new Buybacks(new Outbox(service.settings.dir), register, service.ready, letters)
  }
  return {
    buybacks,
    desk: ownerDesk(buybacks),
    register: { list: () => register.list(), csv: registerCsv, verify: () => register.verify() },
  }
}
