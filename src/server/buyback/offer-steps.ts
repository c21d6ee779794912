/**
 * The steps about prices (./machine.ts has the state diagram): the owner's offer, one « Montant
 * proposé (€) » per garment with one validity date and message; its renewal (« Renouveler »); the
 * seller's acceptance of the whole lot (identity once) or refusal; the seller's answer to each
 * price revised at reception, garment by garment.
 *
 * What must stay true: the seller agrees only to prices they saw — each of their forms carries the
 * `terms` version of what it showed, and a post for another version is refused (409, nothing
 * changed) so the page shows the new prices; accepting twice changes nothing the second time; an
 * expired offer (or expired revised prices) cannot be accepted.
 */
import { BUYBACK_LIMITS, OFFER_DAYS, type Buyback, type BuybackStage, type OfferLine, type RevisionAnswer } from "../../contract/buyback"
import { keptGarments, pendingRevisions } from "../../contract/buyback-garments"
import { FAR_ABOVE_RANGE, isFarAboveRange, OFFER_CHECKED, OFFER_CHECKED_LABEL, type BuybackRange } from "../../contract/buyback-range"
import { formatEuros } from "../../contract/euros"
import type { LeadGarment } from "../../contract/garments"
import { addDays, dayText, isDay, shopDay } from "../shop-time"
import { amountOf, conflict, forged, invalid, isExpired, moved, perGarment, readFields, tooLong, type Refusal, type Step, type Typed } from "./machine"
import { readSeller } from "./seller-identity"

/** What the seller's page says when a form showed prices that are no longer the current ones. */
export const TERMS_CHANGED = "La proposition a changé : voici la nouvelle. Relisez-la avant de répondre."

const termsChanged = (typed: Typed): Refusal => conflict("terms_changed", TERMS_CHANGED, typed)

/** Whether the form's `version` is the record's current terms (a missing or malformed one never is). */
const sameTerms = (buyback: Buyback, typed: Typed) => typed.version === String(buyback.terms ?? 0)

/** A validity date typed (or today + 7 days when empty): the day, or the field's problem. */
function validity(typed: string, now: Date): { day: string } | { problem: string } {
  const today = shopDay(now)
  const day = typed || addDays(today, OFFER_DAYS)
  if (!isDay(day)) return { problem: "Choisissez une date (jj/mm/aaaa)." }
  if (day < today) return { problem: "Cette date est passée : choisissez aujourd'hui ou plus tard." }
  return { day }
}

export const offerFields = (count: number) => [...perGarment(["montant"], count), "valable", "message", OFFER_CHECKED]

/** The problem of an amount far above its garment's range (the grid's, content/buyback.json), or null. */
function farAbove(cents: number, range: BuybackRange | null | undefined): string | null {
  if (!range || !isFarAboveRange(cents, range)) return null
  return `${formatEuros(cents)}, c'est plus de ${FAR_ABOVE_RANGE} fois le haut de la fourchette de la grille (${range.low} à ${range.high}\u00a0€) : vérifiez le montant (décimales avec une virgule : 35,50), ou cochez « ${OFFER_CHECKED_LABEL} » pour l'envoyer tel quel.`
}

/**
 * « Faire une proposition »: a first offer, or a new one after a refusal or an expiry; one price
 * per garment of the request. `ranges`: each garment's range in the grid, when it has one: an
 * amount far above it is sent only once the owner ticks « Montants vérifiés ».
 */
export function makeOffer(buyback: Buyback, body: unknown, now: Date, garments: readonly LeadGarment[], ranges: readonly (BuybackRange | null)[] = []): Step {
  const typed = readFields(body, offerFields(garments.length))
  if (!typed) return forged()
  if (!["requested", "offered", "refused"].includes(buyback.stage)) {
    return conflict(
      "offer_closed",
      "La vente est déjà acceptée : une nouvelle proposition n'est plus possible. Un prix revu se fait à la réception du colis.",
      typed,
    )
  }
  const fields: Record<string, string> = {}
  const lines: OfferLine[] = []
  garments.forEach((_garment, index) => {
    const amount = amountOf(typed[`montant_${index}`] ?? "", "le montant proposé")
    const far = "cents" in amount && typed[OFFER_CHECKED] !== "oui" ? farAbove(amount.cents, ranges[index]) : null
    if ("problem" in amount) fields[`montant_${index}`] = amount.problem
    else if (far) fields[`montant_${index}`] = far
    else lines.push({ index, amount_cents: amount.cents })
  })
  const until = validity(typed.valable ?? "", now)
  if ("problem" in until) fields.valable = until.problem
  const message = typed.message ?? ""
  const long = tooLong(message, BUYBACK_LIMITS.message)
  if (long) fields.message = `Message trop long (${long})`
  if (Object.keys(fields).length > 0 || !("day" in until)) return invalid(fields, typed)
  const at = now.toISOString()
  const total = lines.reduce((sum, line) => sum + line.amount_cents, 0)
  const offer = { amount_cents: total, lines, message, valid_until: until.day, made_at: at }
  const { answered_at: _answered, previous_offer: _older, ...rest } = buyback
  const replaced = buyback.offer ? { previous_offer: buyback.offer } : {}
  return { ok: true, changed: true, buyback: moved(rest, "offered", at, { offer, ...replaced, terms: (buyback.terms ?? 0) + 1 }) }
}

export const RENEW_FIELDS = ["valable"] as const

/** « Renouveler »: the offer (or the revised prices) open again until a new day, the same prices. */
export function renewOffer(buyback: Buyback, body: unknown, now: Date): Step {
  const typed = readFields(body, RENEW_FIELDS)
  if (!typed) return forged()
  if (buyback.stage !== "offered" && buyback.stage !== "revised")
    return conflict("nothing_to_renew", "Rien à renouveler : aucune proposition n'attend la réponse du vendeur.", typed)
  const until = validity(typed.valable ?? "", now)
  if ("problem" in until) return invalid({ valable: until.problem }, typed)
  const at = now.toISOString()
  if (buyback.stage === "revised" && buyback.reception)
    return { ok: true, changed: true, buyback: moved(buyback, "revised", at, { reception: { ...buyback.reception, valid_until: until.day } }) }
  if (!buyback.offer) return conflict("nothing_to_renew", "Rien à renouveler : aucune proposition n'a été faite.", typed)
  return { ok: true, changed: true, buyback: moved(buyback, "offered", at, { offer: { ...buyback.offer, valid_until: until.day } }) }
}

export const ACCEPT_FIELDS = ["nom", "prenom", "adresse", "piece_type", "piece_numero", "piece_date", "piece_autorite", "iban", "atteste", "version"] as const

function expired(buyback: Buyback, typed: Typed, until: string): Refusal {
  return conflict(
    "offer_expired",
    `Cette proposition a expiré le ${dayText(until)}. Pour en recevoir une nouvelle, répondez à notre e-mail : nous vous en ferons une autre.`,
    typed,
  )
}

const wasAccepted = (buyback: Buyback) => buyback.history.some((event) => event.stage === "accepted")

/**
 * « Confirmer la vente »: the seller accepts the whole lot at the prices shown, identity once. A
 * second acceptance of the same offer changes nothing and succeeds: a double click records one.
 */
export function accept(buyback: Buyback, body: unknown, now: Date): Step {
  const typed = readFields(body, ACCEPT_FIELDS)
  if (!typed) return forged()
  if (wasAccepted(buyback)) return { ok: true, changed: false, buyback }
  if (buyback.stage === "refused") {
    const on = buyback.answered_at ? ` le ${dayText(shopDay(new Date(buyback.answered_at)))}` : ""
    return conflict(
      "already_refused",
      `Vous avez refusé cette proposition${on} : elle ne peut plus être acceptée. Pour une nouvelle proposition, répondez à notre e-mail.`,
      typed,
    )
  }
  if (!buyback.offer || buyback.stage !== "offered")
    return conflict("no_offer", "Aucune proposition à accepter pour le moment : elle vous arrivera par e-mail.", typed)
  if (!sameTerms(buyback, typed)) return termsChanged(typed)
  if (isExpired(buyback, now)) return expired(buyback, typed, buyback.offer.valid_until)
  const read = readSeller(typed, now)
  if ("fields" in read) return invalid(read.fields, typed)
  const at = now.toISOString()
  return { ok: true, changed: true, buyback: moved(buyback, "accepted", at, { seller: read.seller, answered_at: at }) }
}

export const REFUSE_FIELDS = ["version"] as const

/** « Refuser la proposition »: asks for nothing personal, only the version of the offer refused. */
export function refuse(buyback: Buyback, body: unknown, now: Date): Step {
  const typed = readFields(body, REFUSE_FIELDS)
  if (!typed) return forged()
  if (buyback.stage === "refused") return { ok: true, changed: false, buyback }
  if (buyback.stage === "requested") return conflict("no_offer", "Aucune proposition à refuser pour le moment.")
  if (buyback.stage !== "offered") return conflict("already_accepted", "Vous avez déjà accepté cette proposition : la vente est confirmée.")
  if (!sameTerms(buyback, typed)) return termsChanged(typed)
  const at = now.toISOString()
  return { ok: true, changed: true, buyback: moved(buyback, "refused", at, { answered_at: at }) }
}

export const REVISION_FIELDS = ["article", "reponse", "version"] as const

/**
 * The seller's answer to one garment's revised price (« Accepter ce prix » / « Refuser ce prix »):
 * that garment only. Once every revised price is answered, the lot is payable (« Colis reçu ») if
 * a garment is kept, else refused (back to the seller or given away).
 */
export function answerRevision(buyback: Buyback, body: unknown, now: Date): Step {
  const typed = readFields(body, REVISION_FIELDS)
  if (!typed) return forged()
  const garment = buyback.reception?.garments.find((one) => String(one.index) === typed.article && one.verdict === "revu")
  if (!garment) return conflict("no_revision", "Aucun prix revu à accepter ou refuser pour cet article.", typed)
  const answer: RevisionAnswer | null = typed.reponse === "accepter" ? "accepted" : typed.reponse === "refuser" ? "refused" : null
  if (!answer) return forged(typed)
  if (garment.answer === answer) return { ok: true, changed: false, buyback }
  if (garment.answer !== undefined || buyback.stage !== "revised")
    return conflict("already_answered", "Vous avez déjà répondu pour cet article : votre réponse est enregistrée.", typed)
  if (!sameTerms(buyback, typed)) return termsChanged(typed)
  const until = buyback.reception?.valid_until
  if (until && isExpired(buyback, now)) return expired(buyback, typed, until)
  const at = now.toISOString()
  const garments = buyback.reception!.garments.map((one) => (one === garment ? { ...one, answer, answered_at: at } : one))
  const answered: Buyback = { ...buyback, reception: { ...buyback.reception!, garments } }
  const stage: BuybackStage = pendingRevisions(answered).length > 0 ? "revised" : keptGarments(answered).length > 0 ? "received" : "rejected"
  return { ok: true, changed: true, buyback: moved(answered, stage, at, { answered_at: at }) }
}
