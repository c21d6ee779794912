/**
 * Refusing an offer is asked twice and can be taken back (issue 48): « Refuser la proposition »
 * opens « Refuser définitivement ? » with « Oui, refuser » / « Non, revenir » (a <details>, so
 * without JavaScript too); the refusal posts `confirme=oui`, and one posted without it (a forged
 * or replayed form) only shows the question again. For 24 hours after it, while the offer is still
 * valid, « Revenir sur mon refus » reopens the offer (its version unchanged: the seller sees the
 * same prices). A revised price is answered garment by garment (./offer-steps.ts answerRevision).
 *
 * What must stay true: nothing is refused without the confirmation; an undo after 24 h, after the
 * offer's last day or once the item's fate is chosen is refused in French, never applied.
 */
import type { Buyback } from "../../contract/buyback"
import { escapeHtml } from "../http/html"
import { shopFormat } from "../shop-time"
import { isExpired, readFields, forged, type Refusal, type Step } from "./machine"
import { refuse, REFUSE_FIELDS } from "./offer-steps"
import type { SellerView } from "./seller-fields"

/** How long a refusal can be taken back. */
export const UNDO_HOURS = 24
const UNDO_MS = UNDO_HOURS * 60 * 60 * 1000

const conflict = (code: string, error: string): Refusal => ({ ok: false, status: 409, code, error, fields: {}, typed: {} })

/** « Oui, refuser »: the refusal, only with the confirmation; without it, the question again (400). */
export function confirmedRefusal(buyback: Buyback, body: unknown, now: Date): Step {
  const typed = readFields(body, ["confirme", ...REFUSE_FIELDS])
  if (!typed) return forged()
  // What the stage and the version say first (already accepted, nothing to refuse, refused already, the
  // offer changed): the question only when a refusal would happen.
  const outcome = refuse(buyback, { version: typed.version }, now)
  if (!outcome.ok || !outcome.changed || typed.confirme === "oui") return outcome
  return {
    ok: false,
    status: 400,
    code: "unconfirmed",
    error: "Confirmez le refus : « Oui, refuser », ou « Non, revenir » pour garder la proposition.",
    fields: {},
    typed,
  }
}

/** The stage a refusal left, and the one its undo goes back to; null when the record is no refusal. */
function undoneStage(buyback: Buyback): "offered" | null {
  return buyback.stage === "refused" ? "offered" : null
}

/**
 * Whether the offer an undo would reopen is past its last day. Asked of the record as reopened: a
 * refused record waits for no answer, so it never reads as expired itself.
 */
const reopenedExpired = (buyback: Buyback, back: "offered", now: Date) => isExpired({ ...buyback, stage: back }, now)

/** Whether « Revenir sur mon refus » is offered at `now`: within 24 h of the refusal, the offer still valid. */
export function canUndo(buyback: Buyback, now: Date): boolean {
  const back = undoneStage(buyback)
  if (!back || !buyback.answered_at) return false
  return now.getTime() - new Date(buyback.answered_at).getTime() <= UNDO_MS && !reopenedExpired(buyback, back, now)
}

/** « Revenir sur mon refus »: the offer open again, as it was, its validity unchanged. */
export function undoRefusal(buyback: Buyback, now: Date): Step {
  const back = undoneStage(buyback)
  if (!back) return conflict("not_refused", "Il n'y a pas de refus à annuler.")
  if (reopenedExpired(buyback, back, now))
    return conflict("offer_expired", "La proposition a expiré : le refus ne peut plus être annulé. Répondez à notre e-mail pour une nouvelle proposition.")
  if (!canUndo(buyback, now))
    return conflict(
      "undo_too_late",
      `Un refus s'annule dans les ${UNDO_HOURS} heures : ce délai est passé. Répondez à notre e-mail pour une nouvelle proposition.`,
    )
  const at = now.toISOString()
  const { answered_at: _answered, ...rest } = buyback
  return { ok: true, changed: true, buyback: { ...rest, stage: back, history: [...buyback.history, { stage: back, at }], updated_at: at } }
}

/**
 * « Refuser la proposition » and its confirmation, opened again when a refusal came back
 * unconfirmed. « Non, revenir » loads the page again (a query, not only a fragment, so the browser
 * does load it and the question closes without a script), saying the offer is kept.
 */
export function refuseControls(view: SellerView, label: string): string {
  const open = view.form?.name === "refuser" ? " open" : ""
  return `<details class="refuse"${open}><summary class="button">${label}</summary>
<div class="confirm" role="group" aria-labelledby="refus-question"><p id="refus-question"><strong>Refuser définitivement ?</strong> Vous pourrez revenir sur ce refus pendant ${UNDO_HOURS} heures, tant que la proposition est valable.</p>
<form method="post" action="${view.base}/refuser"><input type="hidden" name="confirme" value="oui"><input type="hidden" name="version" value="${view.buyback.terms ?? 0}"><button class="button danger" type="submit">Oui, refuser</button></form>
<a class="button" href="${view.base}/?fait=garde#proposition">Non, revenir</a></div>
</details>`
}

const UNTIL = shopFormat({ day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" })

/** « Revenir sur mon refus » while the refusal can be undone (with its deadline), else "". */
export function undoForm(view: SellerView): string {
  const { buyback, now } = view
  if (!canUndo(buyback, now) || !buyback.answered_at) return ""
  const until = UNTIL.format(new Date(new Date(buyback.answered_at).getTime() + UNDO_MS))
  return `<form method="post" action="${view.base}/revenir"><p>Vous avez changé d'avis ? Vous pouvez revenir sur ce refus jusqu'au ${escapeHtml(until)}.</p><button class="button primary" type="submit">Revenir sur mon refus</button></form>`
}

/** The section after a refused offer: when, and the undo while it is possible. */
export function refusedOfferSection(view: SellerView, when: (iso: string) => string): string {
  const { buyback } = view
  const on = buyback.answered_at ? ` le ${when(buyback.answered_at)}` : ""
  const undo = undoForm(view) || "<p>Si vous changez d'avis, répondez à notre e-mail : nous pourrons vous faire une nouvelle proposition.</p>"
  return `<section aria-labelledby="vente"><h2 id="vente">Proposition refusée</h2><p>Vous avez refusé notre proposition${on}. Rien d'autre ne vous sera demandé.</p>${undo}</section>`
}
