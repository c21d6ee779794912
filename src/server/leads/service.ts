/**
 * One outbox, courier and sender of letters per server process, built from the environment
 * (readLeadsSettings in src/server/settings.ts) the first time a leads route is loaded
 * (src/server/host/serve.ts loads every function at start, and the host asks for it when it
 * mounts the buy-back, so pending requests and letters are replayed at start, not on first use).
 */
import { buybackGrid, siteUrl } from "../content"
import { emailChannel, webhookChannel, type Channel } from "./channels"
import { readLeadsSettings, type LeadsSettings } from "../settings"
import { Courier } from "./courier"
import { Letters } from "./letters"
import { Outbox } from "./outbox"
import { startRetention } from "./retention"

export type LeadsService = {
  settings: LeadsSettings
  outbox: Outbox
  courier: Courier
  /** The mails written about a request after it arrived (./letters.ts): the seller's confirmation, the buy-back's steps. */
  letters: Letters
  /** Settles (never rejects) once a crash's leftovers are cleared, expired requests erased and pending requests and letters scheduled. */
  ready: Promise<void>
  /** Ends the daily retention sweep (tests). */
  stopRetention: () => void
}

/** The start line's end: the requests whose delivery resumes, singular or plural (nothing when none). */
export function pendingNote(pending: number): string {
  if (pending <= 0) return ""
  return `, ${pending} demande${pending > 1 ? "s" : ""} en attente d'envoi : envoi repris`
}

export function createLeadsService(
  settings: LeadsSettings,
  log: (message: string) => void = console.log,
  logError: (message: string) => void = console.error,
): LeadsService {
  const channels: Channel[] = []
  if (settings.smtp) channels.push(emailChannel(settings.smtp, buybackGrid(), siteUrl().replace(/\/+$/, "")))
  if (settings.webhook) channels.push(webhookChannel(settings.webhook))
  const outbox = new Outbox(settings.dir)
  const courier = new Courier(outbox, channels, { retryBaseMs: settings.retryBaseMs, retryMaxMs: settings.retryMaxMs, log: logError })
  const letters = new Letters(outbox, { smtp: settings.smtp, retryBaseMs: settings.retryBaseMs, retryMaxMs: settings.retryMaxMs, log: logError })
  let retention: ReturnType<typeof startRetention> | undefined
  const ready = outbox
    .clearLeftovers()
    // Expired requests go before the courier replays the pending ones: none is sent after its time.
    .then(() => {
      retention = startRetention(outbox, settings.retentionDays, { log, logError, onErased: (id) => courier.forget(id) })
      return retention.first
    })
    .then(() => courier.start())
    .then(async (pending) => {
      // After the sweep: an erased request's letters are gone with it, none is sent after its time.
      const letterCount = await letters.replay()
      if (letterCount > 0 && settings.smtp) log(`leads : ${letterCount} e-mail${letterCount > 1 ? "s" : ""} en attente d'envoi : envoi repris`)
      const where =
        channels.length > 0 ? `envoi par ${channels.map((channel) => channel.name).join(" et ")}` : "aucun envoi configuré, lisez-les avec npm run leads"
      log(`leads : demandes dans ${settings.dir} (${where})${pendingNote(pending)}`)
    })
    .catch((error: unknown) => console.error(`leads : reprise de ${settings.dir} impossible`, error))
  return { settings, outbox, courier, letters, ready, stopRetention: () => retention?.stop() }
}

/**
 * Gatsby bundles each function separately, so this module exists once per route: the service
 * lives on globalThis so /api/estimate and /api/contact share one courier (two couriers on one
 * outbox would deliver twice).
 */
const SHARED = Symbol.for("maxai.leadsService")

export function leadsService(): LeadsService {
  const global = globalThis as { [SHARED]?: LeadsService }
  if (!global[SHARED]) {
    // Under src/server/host/serve.ts these are empty (it does not start with a problem); a
    // serverless function has no host in front, so it says them here, once.
    const { settings, problems } = readLeadsSettings()
    for (const problem of problems) console.error(`leads : ${problem}`)
    global[SHARED] = createLeadsService(settings)
  }
  return global[SHARED]
}
