/**
 * The buy-back of this process, as the host hands it out (src/server/host/app.ts): over the leads
 * service's outbox and letters (the same folder and sender the API's functions use,
 * src/server/leads/service.ts) and the register in REGISTER_DIR, which the host checked at start
 * (src/server/settings.ts). `buybacks` for the sellers' pages, `desk` for the owner's steps in the
 * inbox, `register` for its page (read, exported, rectified by a new entry), `start` for the host's start.
 */
import { leadsService, type LeadsService } from "../leads/service"
import { rectify } from "../register/correction"
import { registerCsv } from "../register/csv"
import { Register } from "../register/register"
import { ownerDesk } from "./desk"
import { startReminders } from "./reminders"
import { Buybacks } from "./store"

export function buybackService(registerDir: string, leads: () => LeadsService = leadsService) {
  const register = new Register(registerDir)
  const buybacks = () => {
    const service = leads()
    return new Buybacks(service.outbox, register, service.ready, service.letters)
  }
  return {
    buybacks,
    desk: ownerDesk(buybacks),
    register: {
      list: () => register.list(),
      csv: registerCsv,
      verify: () => register.verify(),
      rectify: (number: number, body: unknown, now: Date) => rectify(register, number, body, now),
    },
    /**
     * At the server's start, before any request: a crash's leftovers in the register cleared, and
     * the leads service made now (not on first use), so its pending requests and letters go out;
     * then the offers' reminders swept, now and every hour (./reminders.ts).
     */
    start: async (): Promise<void> => {
      const service = leads()
      await register.clearLeftovers()
      startReminders(() => ({ outbox: service.outbox, letters: service.letters, read: (id) => buybacks().read(id) }), service.ready)
    },
  }
}
