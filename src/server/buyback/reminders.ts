/**
 * One reminder mail to the seller two days before an offer expires (issue 48), through the
 * outbox's letters like every other mail. A sweep, started by the buy-back service at the
 * server's start and then every hour, looks at every open offer; the reminder of an offer is
 * marked in the request's folder (LEADS_DIR/<n°>/rappel.json: the offer's `made_at`, or the reception's `at` for revised prices) BEFORE its
 * letter is written, one request at a time (src/server/leads/one-at-a-time.ts).
 *
 * What must stay true: one reminder per offer, even across restarts and with two sweeps at once
 * (a crash between the mark and the letter loses that reminder, never sends two); a new offer (a
 * revised price) gets its own; none for an offer made less than two days before its end, nor
 * once it is answered or expired. The link is the one the seller's last mail already carried
 * (the same address, never rebuilt here).
 */
import { readFile } from "node:fs/promises"
import path from "node:path"
import type { Buyback } from "../../contract/buyback"
import { answerDeadline, pendingRevisions } from "../../contract/buyback-garments"
import { formatEuros } from "../../contract/euros"
import { shopIdentity } from "../content"
import { writeFileAtomic } from "../files"
import type { Letters } from "../leads/letters"
import { oneAtATime } from "../leads/one-at-a-time"
import type { Outbox } from "../leads/outbox"
import { addDays, dayText, shopDay } from "../shop-time"
import { isExpired } from "./machine"
import { signed } from "./shop-identity"
import { clock } from "../clock"

/** Days before the offer's last day the reminder goes. */
export const REMINDER_DAYS = 2
const MARK = "rappel.json"
const HOUR = 60 * 60 * 1000

export type ReminderPorts = { outbox: Outbox; letters: Letters; read: (id: string) => Promise<Buyback | null> }

/**
 * What waits for the seller's answer: the offer (its total, made at, last day), or at stage
 * « revised » the revised prices (the sum of those still unanswered, set at the reception, their
 * own last day `reception.valid_until`). Null when nothing waits.
 */
type OnOffer = { revised: boolean; cents: number; madeAt: string; until: string }
function onOffer(buyback: Buyback): OnOffer | null {
  const until = answerDeadline(buyback)
  if (until === null) return null
  if (buyback.stage === "revised" && buyback.reception) {
    const cents = pendingRevisions(buyback).reduce((sum, garment) => sum + (garment.revised_cents ?? 0), 0)
    return { revised: true, cents, madeAt: buyback.reception.at, until }
  }
  return buyback.offer ? { revised: false, cents: buyback.offer.amount_cents, madeAt: buyback.offer.made_at, until } : null
}

/** Whether the record's offer (or revised prices) is due a reminder at `now` (Paris days): open, from its last day minus two, made before that. */
export function reminderDue(buyback: Buyback, now: Date): boolean {
  const open = onOffer(buyback)
  if (!open || isExpired(buyback, now)) return false
  const from = addDays(open.until, -REMINDER_DAYS)
  return shopDay(now) >= from && shopDay(new Date(open.madeAt)) < from
}

async function markedOffer(dir: string): Promise<string | null> {
  try {
    return (JSON.parse(await readFile(path.join(dir, MARK), "utf8")) as { offer_made_at?: string }).offer_made_at ?? null
  } catch {
    return null
  }
}

/** The shop's address in the seller's page link of their latest mail (https://exemple.fr/prefixe), or null. */
async function siteOfLetters(letters: Letters, id: string, token: string): Promise<string | null> {
  const sent = (await letters.list(id)).filter((letter) => letter.to === "seller").reverse()
  for (const letter of sent) {
    const found = new RegExp(`(https?://\\S+?)/suivi/${token}/`).exec(letter.text)
    if (found) return found[1] ?? null
  }
  return null
}

function reminderText(id: string, open: OnOffer, page: string): { subject: string; text: string } {
  const last = dayText(open.until)
  const what = open.revised
    ? `Les prix revus de vos articles (${formatEuros(open.cents)}) pour votre demande n° ${id} sont valables jusqu'au ${last} inclus. Pour accepter ou refuser chacun d'eux`
    : `Notre proposition de ${formatEuros(open.cents)} pour votre demande n° ${id} est valable jusqu'au ${last} inclus. Pour l'accepter ou la refuser`
  return {
    subject: `Rappel : notre proposition expire le ${last} – demande n° ${id}`,
    text: `Bonjour,\n\n${what}, ouvrez votre page privée :\n${page}\n\nSans réponse, elle expirera simplement : rien ne vous sera demandé.\n\nL'équipe maxAi`,
  }
}

/** One sweep: every due reminder written once. Resolves with how many were written. */
export async function sweepReminders(ports: ReminderPorts, now: Date): Promise<number> {
  let written = 0
  for (const id of await ports.outbox.ids()) {
    const sent = await oneAtATime(id, async () => {
      const stored = await ports.outbox.find(id)
      const buyback = stored ? await ports.read(id).catch(() => null) : null
      const open = buyback ? onOffer(buyback) : null
      if (!stored || !buyback || !open || !reminderDue(buyback, now)) return false
      if ((await markedOffer(stored.dir)) === open.madeAt) return false
      const site = await siteOfLetters(ports.letters, id, buyback.token)
      if (site === null) return false
      await writeFileAtomic(path.join(stored.dir, MARK), `${JSON.stringify({ offer_made_at: open.madeAt, at: now.toISOString() })}\n`, {
        mode: 0o600,
      })
      const { subject, text } = reminderText(id, open, `${site}/suivi/${buyback.token}/`)
      await ports.letters.post(id, signed({ to: "seller", subject, text }, shopIdentity(), site))
      return true
    }).catch((error: unknown) => {
      console.error(`rachat : rappel de ${id} non écrit`, error)
      return false
    })
    if (sent) written += 1
  }
  return written
}

/** The sweep now, then every hour; `stop` ends it (tests, shutdown). */
export function startReminders(ports: () => ReminderPorts, ready: Promise<unknown>, everyMs = HOUR): { first: Promise<number>; stop: () => void } {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const run = () => sweepReminders(ports(), clock.now())
  const first = ready.then(run)
  const next = () => {
    if (stopped) return
    timer = setTimeout(() => void run().finally(next), everyMs)
    timer.unref()
  }
  void first.finally(next)
  return {
    first,
    stop: () => {
      stopped = true
      if (timer) clearTimeout(timer)
    },
  }
}
