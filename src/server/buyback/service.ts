/**
 * The buy-back of this process, as the host hands it out (src/server/host/app.ts): over the leads
 * service's outbox and letters (the same folder and sender the API's functions use,
 * src/server/leads/service.ts) and the register in REGISTER_DIR, which the host checked at start
 * (src/server/settings.ts). `buybacks` for the sellers' pages, `desk` for the owner's steps in the
 * inbox, `register` for its page (read, exported, rectified by a new entry, consultations logged),
 * `start` for the host's start.
 */
import { leadsService, type LeadsService } from "../leads/service"
import { checkpointLetter, type Checkpoint } from "../register/checkpoints"
import type { RegisterEntry } from "../register/register"
import { registerService, type RegisterPlace } from "../register/service"
import { shopFormat } from "../shop-time"
import { ownerDesk } from "./desk"
import { startReminders } from "./reminders"
import { Buybacks } from "./store"

const WHEN = shopFormat({ dateStyle: "full", timeStyle: "short" })

/**
 * « Registre : point de contrôle n° N » to the owner (LEADS_TO), among the letters of the request
 * whose entry it follows (the outbox's letters are kept per request); never for an erased request.
 */
async function mailCheckpoint(leads: LeadsService, checkpoint: Checkpoint, last: RegisterEntry | null): Promise<void> {
  if (!last) return
  await leads.ready
  if (!(await leads.outbox.find(last.request))) {
    console.error(`registre : point de contrôle n° ${checkpoint.number} écrit, non envoyé par e-mail (demande ${last.request} effacée)`)
    return
  }
  await leads.letters.post(last.request, { to: "team", ...checkpointLetter(checkpoint, WHEN.format(new Date(checkpoint.at))) })
}

/** `highestNumberElsewhere`: the highest order number the stock has used (the host reads it from the database; ../register/register.ts). */
export function buybackService(registerPlace: string | RegisterPlace, leads: () => LeadsService = leadsService, highestNumberElsewhere?: () => number) {
  const place = typeof registerPlace === "string" ? { dir: registerPlace } : registerPlace
  const registry = registerService(place, (checkpoint, last) => mailCheckpoint(leads(), checkpoint, last), highestNumberElsewhere)
  const { register } = registry
  const buybacks = () => {
    const service = leads()
    return new Buybacks(service.outbox, register, service.ready, service.letters)
  }
  return {
    buybacks,
    desk: ownerDesk(buybacks),
    register: registry.reader,
    /**
     * At the server's start, before any request: the leads service made now (not on first use), so
     * its pending requests and letters go out; a crash's leftovers in the register cleared, its
     * checkpoint and consultations' upkeep started (daily); then the offers' reminders swept, now and
     * every hour (./reminders.ts).
     */
    start: async (): Promise<void> => {
      const service = leads()
      await registry.start()
      startReminders(() => ({ outbox: service.outbox, letters: service.letters, read: (id) => buybacks().read(id) }), service.ready)
    },
  }
}
