/**
 * The « Suivi » form of one request (status and private note), read and saved: checked, then
 * written atomically to the request's handling.json (src/server/leads/outbox.ts), one change per
 * request at a time (src/server/leads/one-at-a-time.ts). Pure but for that write, so jest checks every refusal directly.
 *
 * What must stay true: a save made from a page that did not see the last one (another tab,
 * another phone) is refused (409) rather than silently undoing it, and every refusal hands back
 * what the owner typed, so the page shows it again with the French reason. On a request the
 * buy-back runs, its own statuses (« Proposition envoyée », « Acceptée », « Refusée », « Payée »)
 * follow its steps only: set by hand they are refused (400), so « Payée » always means a payment
 * recorded in the register.
 */
import { HANDLING_WORDS, isHandlingStatus, nextHandling, NOTE_MAX_LENGTH, type Handling, type HandlingStatus } from "../leads/handling"
import { oneAtATime } from "../leads/one-at-a-time"
import { holdsToForm } from "../http/form-schema"
import type { Outbox } from "../leads/outbox"

export type HandlingInput = { status: HandlingStatus; note: string }

/** The statuses the buy-back's steps set (src/server/buyback/store.ts): never chosen by hand on a buy-back. */
export const BUYBACK_STATUSES: readonly HandlingStatus[] = ["offer_sent", "accepted", "refused", "paid"]

export type SaveOutcome =
  { ok: true; handling: Handling } | { ok: false; status: 400 | 404 | 409 | 500; code: string; error: string; typed: HandlingInput; version: string }

/** The form as posted; an unknown or missing status comes back as the saved one, with a refusal. */
export function readHandlingForm(body: unknown, saved: Handling): { typed: HandlingInput; version: string; problem?: string } {
  const fields = (body ?? {}) as Record<string, unknown>
  const note = typeof fields.note === "string" ? fields.note.replace(/\r\n?/g, "\n").trim() : ""
  const version = typeof fields.version === "string" ? fields.version : ""
  // The form's fields only, each one text (../http/form-schema.ts): anything else is a forged post.
  if (!holdsToForm(body, { fields: ["statut", "note", "version"] }))
    return { typed: { status: saved.status, note }, version, problem: "Formulaire illisible : rechargez la page et recommencez." }
  if (!isHandlingStatus(fields.statut)) return { typed: { status: saved.status, note }, version, problem: "Choisissez un statut parmi ceux proposés." }
  const typed = { status: fields.statut, note }
  if (note.length > NOTE_MAX_LENGTH) {
    return { typed, version, problem: `La note fait ${note.length} caractères : ${NOTE_MAX_LENGTH} au plus. Raccourcissez-la : elle est conservée.` }
  }
  return { typed, version }
}

/**
 * Checks the posted form against the request as stored now and writes the new handling.
 * `buyback`: the buy-back runs for estimate requests (the host handed the inbox its desk).
 */
export function saveHandling(outbox: Outbox, id: string, body: unknown, now: Date, { buyback = false } = {}): Promise<SaveOutcome> {
  return oneAtATime(id, async () => {
    const stored = await outbox.find(id)
    if (!stored) {
      const typed = readHandlingForm(body, { status: "new", note: "" }).typed
      return { ok: false, status: 404, code: "not_found", error: "Cette demande n'existe plus : elle a été supprimée.", typed, version: "" }
    }
    const current = stored.handling
    const version = current.updated_at ?? ""
    const form = readHandlingForm(body, current)
    if (form.problem) return { ok: false, status: 400, code: "invalid_handling", error: form.problem, typed: form.typed, version }
    if (buyback && stored.lead.kind === "estimate" && form.typed.status !== current.status && BUYBACK_STATUSES.includes(form.typed.status)) {
      const error = `« ${HANDLING_WORDS[form.typed.status]} » suit les étapes du rachat (proposition, réponse du vendeur, paiement au registre) : il ne se choisit pas à la main.`
      return { ok: false, status: 400, code: "buyback_status", error, typed: { status: current.status, note: form.typed.note }, version }
    }
    if (form.version !== version) {
      const error = `Ce suivi a été modifié ailleurs (autre onglet ou appareil) pendant que vous écriviez : il est maintenant « ${HANDLING_WORDS[current.status]} ». Votre saisie est conservée : enregistrez à nouveau pour la garder.`
      return { ok: false, status: 409, code: "handling_changed", error, typed: form.typed, version }
    }
    const handling = nextHandling(current, form.typed, now)
    try {
      await outbox.writeHandling(id, handling)
    } catch (error) {
      console.error(`inbox : suivi de ${id} non enregistré`, error)
      const refusal = "Le suivi n'a pas été enregistré (écriture impossible sur le serveur). Votre saisie est conservée : réessayez."
      return { ok: false, status: 500, code: "handling_not_saved", error: refusal, typed: form.typed, version }
    }
    return { ok: true, handling }
  })
}
