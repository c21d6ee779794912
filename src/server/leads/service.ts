/**
 * One outbox and courier per server process, built from the environment the first
 * time a leads route is loaded (src/server/host/serve.ts loads every function at start, so pending
 * requests are replayed at start).
 */
import { emailChannel, webhookChannel, type Channel } from "./channels"
import { readLeadsConfig, type LeadsConfig } from "../settings"
import { Courier } from "./courier"
import { Outbox } from "./outbox"

export type LeadsService = {
  config: LeadsConfig
  outbox: Outbox
  courier: Courier
  /** Settles (never rejects) once interrupted uploads are cleared and pending requests scheduled. */
  ready: Promise<void>
}

export function createLeadsService(
  config: LeadsConfig,
  log: (message: string) => void = console.log,
  logError: (message: string) => void = console.error,
): LeadsService {
  for (const problem of config.problems) console.error(`leads : ${problem}`)
  const channels: Channel[] = []
  if (config.smtp) channels.push(emailChannel(config.smtp))
  if (config.webhook) channels.push(webhookChannel(config.webhook))
  const outbox = new Outbox(config.dir)
  const courier = new Courier(outbox, channels, { retryBaseMs: config.retryBaseMs, retryMaxMs: config.retryMaxMs, log: logError })
  const ready = outbox
    .clearIncoming()
    .then(() => courier.start())
    .then((pending) => {
      const where =
        channels.length > 0 ? `envoi par ${channels.map((channel) => channel.name).join(" et ")}` : "aucun envoi configuré, lisez-les avec npm run leads"
      log(`leads : demandes dans ${config.dir} (${where})${pending > 0 ? `, ${pending} en attente reprise(s)` : ""}`)
    })
    .catch((error: unknown) => console.error(`leads : reprise de ${config.dir} impossible`, error))
  return { config, outbox, courier, ready }
}

/**
 * Gatsby bundles each function separately, so this module exists once per route: the service
 * lives on globalThis so /api/estimate and /api/contact share one courier (two couriers on one
 * outbox would deliver twice).
 */
const SHARED = Symbol.for("maxai.leadsService")

export function leadsService(): LeadsService {
  const global = globalThis as { [SHARED]?: LeadsService }
  global[SHARED] ??= createLeadsService(readLeadsConfig())
  return global[SHARED]
}
