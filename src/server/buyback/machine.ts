/**
 * The buy-back's steps as a state machine over the record beside each request (buyback.json,
 * shapes in src/contract/buyback.ts), garment by garment: the owner's offer (one price per
 * garment), the seller's acceptance of the lot or refusal, the parcel's tracking number, the
 * reception (a verdict per garment), the seller's answer to each revised price, the fate of the
 * refused garments, the payment of the garments kept. Pure: each step takes the record, what was
 * posted and the time, and returns the next record or a French refusal, so jest checks every one.
 * This file holds what every step shares; the steps are in ./offer-steps.ts (offer, renewal,
 * acceptance, refusal, revised prices), ./reception-steps.ts (parcel, reception, return) and
 * ./payment-steps.ts (payment, register entries).
 *
 *   requested ─offer→ offered ─accept→ accepted ─receive→ received ─pay→ paid
 *                        │  ↑ offer          │                  ↑ every revised price answered, one garment kept
 *                     refuse│ (new offer)    └─receive (a price revu)→ revised ─all refused→ rejected ─choice, return
 *                        ↓  │                └─receive (all refusé)────────────────────────→ rejected
 *                      refused
 *
 * What must stay true: a step a stage does not allow is refused (409) with what to do instead,
 * never applied; every change moves `updated_at` (the owner's forms' version) and every change of
 * a price the seller must agree to moves `terms` (the seller's forms' version); every typed value
 * is checked against its limit and handed back with its field's problem (400).
 */
import { randomBytes } from "node:crypto"
import { BUYBACK_LIMITS, type Buyback, type BuybackStage, type StepOutcome } from "../../contract/buyback"
import { isExpired as expiredOn } from "../../contract/buyback-garments"
import { parseEuros } from "../../contract/euros"
import { withoutInvisibles, withoutInvisiblesKeepingLines } from "../../contract/text"
import { shopDay } from "../shop-time"
import { holdsToForm } from "../http/form-schema"

/** What was posted, field by field, as typed (shown again beside the problems). */
export type Typed = Record<string, string>

export type Step = StepOutcome
export type Refusal = Extract<StepOutcome, { ok: false }>

/** A new record, with the seller's page's key: 128 random bits. */
export function newBuyback(receivedAt: string): Buyback {
  return { token: randomBytes(16).toString("hex"), stage: "requested", history: [{ stage: "requested", at: receivedAt }], updated_at: receivedAt }
}

export const TOKEN_PATTERN = /^[0-9a-f]{32}$/

/** Whether what waits for the seller (the offer, or revised prices) is past its last day (Paris) at `now`. */
export function isExpired(buyback: Buyback, now: Date): boolean {
  return expiredOn(buyback, shopDay(now))
}

/** The fields whose line breaks are kept (normalised to \n): addresses, descriptions, messages, marks. */
const MULTI_LINE = /^(adresse|message|description|signes)(_\d+)?$/

/**
 * The posted fields as strings, read through the form's schema (../http/form-schema.ts): `names`
 * and the form's `version`, nothing else. A field the form does not have, a field posted twice,
 * anything but text or a text over FIELD_CAP (a forged post) makes the whole form unreadable:
 * null; a value outside a field's list is the step's to name in French (own-key checks). Multi-line fields keep their line breaks as \n; every other
 * invisible character goes.
 */
export function readFields(body: unknown, names: readonly string[]): Typed | null {
  if (!holdsToForm(body, { fields: [...new Set([...names, "version"])] })) return null
  const fields = body as Record<string, unknown>
  const typed: Typed = {}
  for (const name of names) {
    const value = fields[name]
    if (value === undefined) typed[name] = ""
    else if (typeof value !== "string") return null
    else typed[name] = (MULTI_LINE.test(name) ? withoutInvisiblesKeepingLines(value) : withoutInvisibles(value)).trim()
  }
  return typed
}

/** The field names of a form with one group per garment: `montant_0`, `montant_1`… */
export const perGarment = (names: readonly string[], count: number): string[] =>
  Array.from({ length: count }, (_, index) => names.map((name) => `${name}_${index}`)).flat()

export const forged = (typed: Typed = {}): Refusal => ({
  ok: false,
  status: 400,
  code: "invalid_form",
  error: "Formulaire illisible : rechargez la page et recommencez.",
  fields: {},
  typed,
})

export function invalid(fields: Record<string, string>, typed: Typed): Refusal {
  const count = Object.keys(fields).length
  return { ok: false, status: 400, code: "invalid_fields", error: count === 1 ? "Un champ est à corriger." : `${count} champs sont à corriger.`, fields, typed }
}

export const conflict = (code: string, error: string, typed: Typed = {}): Refusal => ({ ok: false, status: 409, code, error, fields: {}, typed })

/** A problem when `text` is longer than its limit, else null. */
export function tooLong(text: string, limit: number): string | null {
  return text.length > limit ? `${text.length} caractères : ${limit} au plus.` : null
}

/** The record after a change at `at`: a new stage is one more line of the timeline. */
export function moved(buyback: Buyback, stage: BuybackStage, at: string, change: Partial<Buyback>): Buyback {
  const history = stage === buyback.stage ? buyback.history : [...buyback.history, { stage, at }]
  return { ...buyback, ...change, stage, history, updated_at: at }
}

/** An amount typed in euros: its cents, or the field's problem. */
export function amountOf(typed: string, what: string): { cents: number } | { problem: string } {
  if (!typed) return { problem: `Indiquez ${what} en euros (ex. 35,50).` }
  const cents = typed.length > BUYBACK_LIMITS.amount ? null : parseEuros(typed)
  if (cents === null) return { problem: `« ${typed.slice(0, BUYBACK_LIMITS.amount)} » n'est pas un montant : écrivez par exemple 35,50.` }
  if (cents <= 0) return { problem: "Le montant doit être supérieur à 0 €." }
  if (cents > 10_000_00) return { problem: "Le montant dépasse 10 000 € : vérifiez-le." }
  return { cents }
}

/** The day the seller accepted the sale (Paris), or null before: the earliest a payment can be dated. */
export function acceptanceDay(buyback: Buyback): string | null {
  const accepted = buyback.history.find((event) => event.stage === "accepted")
  return accepted ? shopDay(new Date(accepted.at)) : null
}
