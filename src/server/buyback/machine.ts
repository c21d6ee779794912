/**
 * The buy-back's steps as a state machine over the record beside each request (buyback.json,
 * shapes in src/contract/buyback.ts): the owner's offer, the seller's acceptance or refusal, the
 * parcel's tracking number, the reception, the payment. Pure: each step takes the record, what was
 * posted and the time, and returns the next record or a French refusal, so jest checks every one.
 *
 *   requested ─offer→ offered ─accept→ accepted ─receive→ received ─pay→ paid
 *                        │  ↑ offer          │                  ↑ accept
 *                     refuse│ (new offer)    └─receive (revu)→ revised ─refuse→ rejected ─choice
 *                        ↓  │                └─receive (refusé)────────────────→ rejected
 *                      refused
 *
 * What must stay true: a step a stage does not allow is refused (409) with what to do instead,
 * never applied; accepting twice changes nothing the second time (a double click records one
 * acceptance); an expired offer cannot be accepted; cash above 1 000 € is refused; every typed
 * value is checked against its limit and handed back with its field's problem (400).
 */
import { randomBytes } from "node:crypto"
import {
  BUYBACK_LIMITS,
  CASH_LIMIT_CENTS,
  ID_TYPES,
  OFFER_DAYS,
  PAYMENT_METHODS,
  RECEPTION_VERDICTS,
  REJECTED_CHOICES,
  type Buyback,
  type BuybackStage,
  type IdType,
  type PaymentMethod,
  type ReceptionVerdict,
  type RejectedChoice,
  type Seller,
  type StepOutcome,
} from "../../contract/buyback"
import { formatEuros, parseEuros } from "../../contract/euros"
import { compactIban, isValidIban } from "../../contract/iban"
import { withoutInvisibles } from "../../contract/text"
import { addDays, dayText, isDay, shopDay } from "../shop-time"

/** What was posted, field by field, as typed (shown again beside the problems). */
export type Typed = Record<string, string>

export type Step = StepOutcome
export type Refusal = Extract<StepOutcome, { ok: false }>

/** A new record, with the seller's page's key: 128 random bits. */
export function newBuyback(receivedAt: string): Buyback {
  return { token: randomBytes(16).toString("hex"), stage: "requested", history: [{ stage: "requested", at: receivedAt }], updated_at: receivedAt }
}

export const TOKEN_PATTERN = /^[0-9a-f]{32}$/

/** Whether the offer's last day (Paris) is past at `now`. */
export function isExpired(buyback: Buyback, now: Date): boolean {
  return buyback.offer !== undefined && shopDay(now) > buyback.offer.valid_until
}

/**
 * The posted fields as strings. A field posted twice, or anything but text (a forged post), makes
 * the whole form unreadable: null.
 */
export function readFields(body: unknown, names: readonly string[]): Typed | null {
  if (typeof body !== "object" || body === null) return null
  const fields = body as Record<string, unknown>
  const typed: Typed = {}
  for (const name of names) {
    const value = fields[name]
    if (value === undefined) typed[name] = ""
    else if (typeof value === "string") typed[name] = withoutInvisibles(value.replace(/\r\n?/g, "\n")).trim()
    else return null
  }
  return typed
}

export const forged = (typed: Typed = {}): Refusal => ({
  ok: false,
  status: 400,
  code: "invalid_form",
  error: "Formulaire illisible : rechargez la page et recommencez.",
  fields: {},
  typed,
})

function invalid(fields: Record<string, string>, typed: Typed): Refusal {
  const count = Object.keys(fields).length
  return { ok: false, status: 400, code: "invalid_fields", error: count === 1 ? "Un champ est à corriger." : `${count} champs sont à corriger.`, fields, typed }
}

const conflict = (code: string, error: string, typed: Typed = {}): Refusal => ({ ok: false, status: 409, code, error, fields: {}, typed })

/** A problem when `text` is longer than its limit, else null. */
function tooLong(text: string, limit: number): string | null {
  return text.length > limit ? `${text.length} caractères : ${limit} au plus.` : null
}

function moved(buyback: Buyback, stage: BuybackStage, at: string, change: Partial<Buyback>): Buyback {
  return { ...buyback, ...change, stage, history: [...buyback.history, { stage, at }], updated_at: at }
}

/** An amount typed in euros: its cents, or the field's problem. */
function amountOf(typed: string, what: string): { cents: number } | { problem: string } {
  if (!typed) return { problem: `Indiquez ${what} en euros (ex. 35,50).` }
  const cents = typed.length > BUYBACK_LIMITS.amount ? null : parseEuros(typed)
  if (cents === null) return { problem: `« ${typed.slice(0, BUYBACK_LIMITS.amount)} » n'est pas un montant : écrivez par exemple 35,50.` }
  if (cents <= 0) return { problem: "Le montant doit être supérieur à 0 €." }
  if (cents > 10_000_00) return { problem: "Le montant dépasse 10 000 € : vérifiez-le." }
  return { cents }
}

export const OFFER_FIELDS = ["montant", "valable", "message"] as const

/** « Faire une proposition »: a first offer, or a new one after a refusal or an expiry. */
export function makeOffer(buyback: Buyback, body: unknown, now: Date): Step {
  const typed = readFields(body, OFFER_FIELDS)
  if (!typed) return forged()
  if (!["requested", "offered", "refused"].includes(buyback.stage)) {
    return conflict(
      "offer_closed",
      "La vente est déjà acceptée : une nouvelle proposition n'est plus possible. Un prix revu se fait à la réception du colis.",
      typed,
    )
  }
  const fields: Record<string, string> = {}
  const amount = amountOf(typed.montant ?? "", "le montant proposé")
  if ("problem" in amount) fields.montant = amount.problem
  const today = shopDay(now)
  const validUntil = typed.valable || addDays(today, OFFER_DAYS)
  if (!isDay(validUntil)) fields.valable = "Choisissez une date (jj/mm/aaaa)."
  else if (validUntil < today) fields.valable = "Cette date est passée : choisissez aujourd'hui ou plus tard."
  const message = typed.message ?? ""
  const long = tooLong(message, BUYBACK_LIMITS.message)
  if (long) fields.message = `Message trop long (${long})`
  if (Object.keys(fields).length > 0 || "problem" in amount) return invalid(fields, typed)
  const at = now.toISOString()
  const offer = { amount_cents: amount.cents, message, valid_until: validUntil, made_at: at }
  const { answered_at: _answered, ...rest } = buyback
  return { ok: true, changed: true, buyback: moved(rest, "offered", at, { offer }) }
}

/** The acceptance form's problems, field by field, or the seller as the register keeps them. */
export function readSeller(typed: Typed): { seller: Seller } | { fields: Record<string, string> } {
  const fields: Record<string, string> = {}
  const required = (name: string, label: string, limit: number) => {
    const value = typed[name] ?? ""
    if (!value) fields[name] = `Indiquez ${label}.`
    else {
      const long = tooLong(value, limit)
      if (long) fields[name] = `Trop long (${long})`
    }
    return value
  }
  const surname = required("nom", "votre nom", BUYBACK_LIMITS.surname)
  const firstNames = required("prenom", "votre prénom", BUYBACK_LIMITS.firstNames)
  const address = required("adresse", "votre adresse postale", BUYBACK_LIMITS.address)
  const idType = typed.piece_type ?? ""
  if (!(idType in ID_TYPES)) fields.piece_type = "Choisissez le type de pièce d'identité."
  const idNumber = required("piece_numero", "le numéro de la pièce", BUYBACK_LIMITS.idNumber)
  const idDate = typed.piece_date ?? ""
  if (!idDate) fields.piece_date = "Indiquez la date de délivrance."
  else if (!isDay(idDate)) fields.piece_date = "Date invalide : jj/mm/aaaa."
  else if (idDate > new Date().toISOString().slice(0, 10)) fields.piece_date = "Cette date est dans le futur."
  const idAuthority = required("piece_autorite", "qui a délivré la pièce (ex. Préfecture du Rhône)", BUYBACK_LIMITS.idAuthority)
  const iban = typed.iban ?? ""
  if (!iban) fields.iban = "Indiquez l'IBAN du compte à créditer."
  else if (iban.length > BUYBACK_LIMITS.iban) fields.iban = `Trop long (${iban.length} caractères : ${BUYBACK_LIMITS.iban} au plus).`
  else if (!isValidIban(iban)) fields.iban = "Cet IBAN n'est pas valide : vérifiez chaque caractère (ex. FR76 3000 6000 0112 3456 7890 189)."
  if (typed.atteste !== "oui") fields.atteste = "Cochez cette case pour confirmer la vente."
  if (Object.keys(fields).length > 0) return { fields }
  return {
    seller: {
      surname,
      first_names: firstNames,
      address,
      id_type: idType as IdType,
      id_number: idNumber,
      id_date: idDate,
      id_authority: idAuthority,
      iban: compactIban(iban),
    },
  }
}

export const ACCEPT_FIELDS = ["nom", "prenom", "adresse", "piece_type", "piece_numero", "piece_date", "piece_autorite", "iban", "atteste"] as const

const AFTER_ACCEPTANCE: readonly BuybackStage[] = ["accepted", "received", "paid"]

/**
 * « Confirmer la vente » (or « Accepter la proposition » of a revised price, which asks nothing
 * more). A second acceptance of the same offer changes nothing and succeeds: a double click
 * records one acceptance.
 */
export function accept(buyback: Buyback, body: unknown, now: Date): Step {
  const typed = readFields(body, ACCEPT_FIELDS)
  if (!typed) return forged()
  if (AFTER_ACCEPTANCE.includes(buyback.stage)) return { ok: true, changed: false, buyback }
  if (buyback.stage === "refused") {
    const on = buyback.answered_at ? ` le ${dayText(shopDay(new Date(buyback.answered_at)))}` : ""
    return conflict(
      "already_refused",
      `Vous avez refusé cette proposition${on} : elle ne peut plus être acceptée. Pour une nouvelle proposition, répondez à notre e-mail.`,
      typed,
    )
  }
  if (buyback.stage === "rejected")
    return conflict("already_refused", "Vous avez refusé le prix revu : l'article vous est rendu ou donné, selon votre choix.", typed)
  if (!buyback.offer || buyback.stage === "requested")
    return conflict("no_offer", "Aucune proposition à accepter pour le moment : elle vous arrivera par e-mail.", typed)
  const at = now.toISOString()
  if (buyback.stage === "revised") {
    if (isExpired(buyback, now)) return expired(buyback, typed)
    return { ok: true, changed: true, buyback: moved(buyback, "received", at, { answered_at: at }) }
  }
  if (isExpired(buyback, now)) return expired(buyback, typed)
  const read = readSeller(typed)
  if ("fields" in read) return invalid(read.fields, typed)
  return { ok: true, changed: true, buyback: moved(buyback, "accepted", at, { seller: read.seller, answered_at: at }) }
}

function expired(buyback: Buyback, typed: Typed): Refusal {
  const day = dayText(buyback.offer?.valid_until ?? "")
  return conflict(
    "offer_expired",
    `Cette proposition a expiré le ${day}. Pour en recevoir une nouvelle, répondez à notre e-mail : nous vous en ferons une autre.`,
    typed,
  )
}

/** « Refuser la proposition »: asks for nothing personal. A revised price refused sends the item back or to a charity (rejected). */
export function refuse(buyback: Buyback, now: Date): Step {
  if (buyback.stage === "refused" || buyback.stage === "rejected") return { ok: true, changed: false, buyback }
  const at = now.toISOString()
  if (buyback.stage === "offered") return { ok: true, changed: true, buyback: moved(buyback, "refused", at, { answered_at: at }) }
  if (buyback.stage === "revised") return { ok: true, changed: true, buyback: moved(buyback, "rejected", at, { answered_at: at }) }
  if (buyback.stage === "requested") return conflict("no_offer", "Aucune proposition à refuser pour le moment.")
  return conflict("already_accepted", "Vous avez déjà accepté cette proposition : la vente est confirmée.")
}

export const TRACKING_FIELDS = ["suivi_colis"] as const

/** « Numéro de suivi du colis », added (or changed) by the seller once the sale is accepted. */
export function setTracking(buyback: Buyback, body: unknown, now: Date): Step {
  const typed = readFields(body, TRACKING_FIELDS)
  if (!typed) return forged()
  if (buyback.stage !== "accepted")
    return conflict("not_accepted", "Le numéro de suivi s'ajoute une fois la vente acceptée et avant la réception du colis.", typed)
  const tracking = typed.suivi_colis ?? ""
  if (!tracking) return invalid({ suivi_colis: "Indiquez le numéro de suivi." }, typed)
  if (tracking.length > BUYBACK_LIMITS.tracking)
    return invalid({ suivi_colis: `Trop long (${tracking.length} caractères : ${BUYBACK_LIMITS.tracking} au plus).` }, typed)
  if (!/^[A-Za-z0-9 .\-/]+$/.test(tracking)) return invalid({ suivi_colis: "Lettres, chiffres, espaces et tirets seulement." }, typed)
  return { ok: true, changed: true, buyback: { ...buyback, tracking, updated_at: now.toISOString() } }
}

export const RECEPTION_FIELDS = ["verdict", "description", "montant", "message"] as const

/** « Enregistrer la réception »: conforme, prix revu (a new amount, back to the seller), or refusé. */
export function receive(buyback: Buyback, body: unknown, now: Date): Step {
  const typed = readFields(body, RECEPTION_FIELDS)
  if (!typed) return forged()
  if (buyback.stage !== "accepted") {
    return conflict("not_accepted", "La réception s'enregistre une fois la vente acceptée par le vendeur, et une seule fois.", typed)
  }
  const fields: Record<string, string> = {}
  const verdict = typed.verdict ?? ""
  if (!(verdict in RECEPTION_VERDICTS)) fields.verdict = "Choisissez : conforme, prix revu ou refusé."
  const description = typed.description ?? ""
  if (!description) fields.description = "Décrivez l'article reçu (marque, taille, couleur, signes distinctifs) : il va au registre."
  else {
    const long = tooLong(description, BUYBACK_LIMITS.description)
    if (long) fields.description = `Trop long (${long})`
  }
  const message = typed.message ?? ""
  const longMessage = tooLong(message, BUYBACK_LIMITS.message)
  if (longMessage) fields.message = `Message trop long (${longMessage})`
  let revised: number | null = null
  if (verdict === "revu") {
    const amount = amountOf(typed.montant ?? "", "le nouveau montant")
    if ("problem" in amount) fields.montant = amount.problem
    else revised = amount.cents
  }
  if (Object.keys(fields).length > 0) return invalid(fields, typed)
  const at = now.toISOString()
  const reception = { verdict: verdict as ReceptionVerdict, description, at }
  if (verdict === "conforme") return { ok: true, changed: true, buyback: moved(buyback, "received", at, { reception }) }
  // The owner's « pourquoi » goes to the seller with the refusal: typed, it is never dropped.
  if (verdict === "refuse")
    return { ok: true, changed: true, buyback: moved(buyback, "rejected", at, { reception: { ...reception, ...(message ? { message } : {}) } }) }
  const offer = { amount_cents: revised ?? 0, message, valid_until: addDays(shopDay(now), OFFER_DAYS), made_at: at, revised: true }
  return { ok: true, changed: true, buyback: moved(buyback, "revised", at, { reception, offer }) }
}

export const REJECTED_FIELDS = ["choix"] as const

/** An item refused on arrival (or at a revised price the seller refused): « Retour à mes frais » or « Don à une association ». */
export function chooseReturn(buyback: Buyback, body: unknown, now: Date): Step {
  const typed = readFields(body, REJECTED_FIELDS)
  if (!typed) return forged()
  if (buyback.stage !== "rejected") return conflict("not_rejected", "Ce choix ne se fait que pour un article refusé.", typed)
  if (buyback.rejected_choice) return { ok: true, changed: false, buyback }
  const choice = typed.choix ?? ""
  if (!(choice in REJECTED_CHOICES)) return invalid({ choix: "Choisissez le retour ou le don." }, typed)
  return { ok: true, changed: true, buyback: { ...buyback, rejected_choice: choice as RejectedChoice, updated_at: now.toISOString() } }
}

export const PAYMENT_FIELDS = ["montant", "mode", "date"] as const

export type PaymentInput = { amount_cents: number; method: PaymentMethod; date: string }

/**
 * « Enregistrer le paiement », checked: only after the acceptance and the reception, never twice,
 * cash at most 1 000 €. The caller writes the register entry, then payWith() the record.
 */
export function checkPayment(buyback: Buyback, body: unknown, now: Date): { ok: true; payment: PaymentInput } | Refusal {
  const typed = readFields(body, PAYMENT_FIELDS)
  if (!typed) return forged()
  if (buyback.stage === "paid") return conflict("already_paid", `Cette vente est déjà payée (registre n° ${buyback.payment?.register_number ?? "?"}).`, typed)
  if (buyback.stage !== "received") {
    const why = AFTER_ACCEPTANCE.includes(buyback.stage) ? "enregistrez d'abord la réception du colis" : "le vendeur n'a pas accepté la proposition"
    return conflict("not_payable", `Paiement impossible : ${why}.`, typed)
  }
  const fields: Record<string, string> = {}
  const amount = amountOf(typed.montant ?? "", "le montant payé")
  if ("problem" in amount) fields.montant = amount.problem
  const method = typed.mode ?? ""
  if (!(method in PAYMENT_METHODS)) fields.mode = "Choisissez le mode de paiement."
  else if (method === "especes" && "cents" in amount && amount.cents > CASH_LIMIT_CENTS) {
    fields.mode = `Espèces refusées au-delà de ${formatEuros(CASH_LIMIT_CENTS)} (Code monétaire et financier, art. D112-3) : payez par virement.`
  }
  const date = typed.date ?? ""
  if (!isDay(date)) fields.date = "Indiquez la date du paiement (jj/mm/aaaa)."
  else if (date > shopDay(now)) fields.date = "Cette date est dans le futur."
  if (Object.keys(fields).length > 0 || "problem" in amount) return invalid(fields, typed)
  return { ok: true, payment: { amount_cents: amount.cents, method: method as PaymentMethod, date } }
}

export function payWith(buyback: Buyback, payment: PaymentInput, registerNumber: number, now: Date): Buyback {
  const at = now.toISOString()
  return moved(buyback, "paid", at, { payment: { ...payment, at, register_number: registerNumber } })
}
