/**
 * Requests are kept LEADS_RETENTION_DAYS (1095 by default: the CNIL's three years for prospects),
 * then erased with their photos, at server start and once a day (docs/requests.md#retention; the privacy
 * policy in content/legal.json says the same).
 *
 * The period runs from the request's last status change, the latest of the dates its folder
 * records: received (lead.json › created_at), delivered (delivery.json › sent_at), refused for
 * good (failed_at) or given a status by the owner in the inbox (handling.json ›
 * status_changed_at). A retry or a note alone changes no status and restarts nothing. Dates, not
 * file times: a restored backup keeps its requests' ages.
 */
import type { Outbox, StoredLead } from "./outbox"
import { clock } from "../clock"

const DAY_MS = 24 * 60 * 60 * 1000

/** The moment the retention period of a request starts (see above). */
export function lastStatusChange({ lead, state, handling }: StoredLead): Date {
  const times = [lead.created_at, state.sent_at, state.failed_at, handling.status_changed_at]
    .map((date) => (date ? Date.parse(date) : NaN))
    .filter((time) => !Number.isNaN(time))
  return new Date(Math.max(...times))
}

/**
 * Erases every request whose period has run out at `now` and returns their numbers. Each erasure
 * is logged by number only: the log keeps no personal data. A request that cannot be read or
 * dated is left alone (never erased by mistake) and named once in the error log by Outbox.list().
 */
export async function eraseExpired(
  outbox: Outbox,
  retentionDays: number,
  now: Date,
  log: (message: string) => void,
  logError: (message: string) => void,
): Promise<string[]> {
  const erased: string[] = []
  for (const stored of await outbox.list()) {
    const since = lastStatusChange(stored)
    if (Number.isNaN(since.getTime()) || now.getTime() - since.getTime() < retentionDays * DAY_MS) continue
    try {
      await outbox.erase(stored.lead.id)
      erased.push(stored.lead.id)
      log(`leads : demande ${stored.lead.id} effacée (dernier changement il y a plus de ${retentionDays} jours, LEADS_RETENTION_DAYS)`)
    } catch (error) {
      logError(`leads : effacement de la demande ${stored.lead.id} impossible (${(error as Error).message}), nouvel essai demain`)
    }
  }
  return erased
}

/**
 * Runs eraseExpired() now and then every day; `onErased` hears each number (the courier forgets
 * a pending one). The timer is unref'd: it never keeps a process alive by itself. `stop()` ends it.
 */
export function startRetention(
  outbox: Outbox,
  retentionDays: number,
  { log, logError, onErased }: { log: (message: string) => void; logError: (message: string) => void; onErased: (id: string) => void },
): { first: Promise<string[]>; stop: () => void } {
  const sweep = () =>
    eraseExpired(outbox, retentionDays, clock.now(), log, logError)
      .then((erased) => {
        erased.forEach(onErased)
        return erased
      })
      .catch((error: unknown) => {
        logError(`leads : contrôle de la durée de conservation impossible (${(error as Error).message})`)
        return []
      })
  const timer = setInterval(() => void sweep(), DAY_MS)
  timer.unref()
  return { first: sweep(), stop: () => clearInterval(timer) }
}
