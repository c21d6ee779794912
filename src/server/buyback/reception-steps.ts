/**
 * The parcel's steps (./machine.ts has the state diagram): the seller's tracking number, the
 * owner's reception with one verdict per garment — « Conforme », « Prix revu » (its new amount) or
 * « Refusé » — and each garment as received (nature, brand, size, colour, marks: what the register
 * keeps, src/contract/garments.ts RegisterGarment), the seller's choice for the refused garments
 * (return or charity) and the owner's « Retour envoyé ».
 *
 * What must stay true: every garment of the request gets its verdict in one reception; a revised
 * price moves `terms` (the seller answers it, that garment only); descriptions and messages keep
 * their line breaks.
 */
import {
  BUYBACK_LIMITS,
  GARMENT_FIELD_LIMITS,
  OFFER_DAYS,
  RECEPTION_VERDICTS,
  REJECTED_CHOICES,
  type Buyback,
  type GarmentReception,
  type RejectedChoice,
} from "../../contract/buyback"
import { refusedGarments } from "../../contract/buyback-garments"
import type { LeadGarment } from "../../contract/garments"
import { addDays, shopDay } from "../shop-time"
import { amountOf, conflict, forged, invalid, moved, perGarment, readFields, tooLong, type Step } from "./machine"
import { isOwnKey } from "../../contract/own-keys"

export const TRACKING_FIELDS = ["suivi_colis"] as const

/** A parcel's tracking number typed: the number, or its problem. */
function trackingOf(typed: string): { tracking: string } | { problem: string } {
  if (!typed) return { problem: "Indiquez le numéro de suivi." }
  if (typed.length > BUYBACK_LIMITS.tracking) return { problem: `Trop long (${typed.length} caractères : ${BUYBACK_LIMITS.tracking} au plus).` }
  if (!/^[A-Za-z0-9 .\-/]+$/.test(typed)) return { problem: "Lettres, chiffres, espaces et tirets seulement." }
  return { tracking: typed }
}

/** « Numéro de suivi du colis », added (or changed) by the seller once the sale is accepted. */
export function setTracking(buyback: Buyback, body: unknown, now: Date): Step {
  const typed = readFields(body, TRACKING_FIELDS)
  if (!typed) return forged()
  if (buyback.stage !== "accepted")
    return conflict("not_accepted", "Le numéro de suivi s'ajoute une fois la vente acceptée et avant la réception du colis.", typed)
  const read = trackingOf(typed.suivi_colis ?? "")
  if ("problem" in read) return invalid({ suivi_colis: read.problem }, typed)
  return { ok: true, changed: true, buyback: { ...buyback, tracking: read.tracking, updated_at: now.toISOString() } }
}

/** Each garment's fields at reception, suffixed by its place (`verdict_0`, `nature_0`…), with their limits. */
const GARMENT_TEXTS = { ...GARMENT_FIELD_LIMITS, description: BUYBACK_LIMITS.description } as const
const REQUIRED_TEXTS: Readonly<Partial<Record<keyof typeof GARMENT_TEXTS, string>>> = {
  nature: "Indiquez sa nature (ex. Polo, Pull).",
  marque: "Indiquez la marque.",
  taille: "Indiquez la taille.",
  couleur: "Indiquez la couleur.",
}

export const receptionFields = (count: number) => [...perGarment(["verdict", "montant", ...Object.keys(GARMENT_TEXTS)], count), "message"]

/** « Enregistrer la réception »: a verdict and a description as received for every garment. */
export function receive(buyback: Buyback, body: unknown, now: Date, garments: readonly LeadGarment[]): Step {
  const typed = readFields(body, receptionFields(garments.length))
  if (!typed) return forged()
  if (buyback.stage !== "accepted") {
    return conflict("not_accepted", "La réception s'enregistre une fois la vente acceptée par le vendeur, et une seule fois.", typed)
  }
  const fields: Record<string, string> = {}
  const received: GarmentReception[] = garments.map((_garment, index) => {
    const name = (field: string) => `${field}_${index}`
    const verdict = typed[name("verdict")] ?? ""
    if (!isOwnKey(RECEPTION_VERDICTS, verdict)) fields[name("verdict")] = "Choisissez : conforme, prix revu ou refusé."
    for (const [field, limit] of Object.entries(GARMENT_TEXTS)) {
      const value = typed[name(field)] ?? ""
      const required = REQUIRED_TEXTS[field as keyof typeof GARMENT_TEXTS]
      const long = tooLong(value, limit)
      // Size and colour identify a garment for the register: a garment refused goes back and is never registered.
      const needed = required && !(verdict === "refuse" && (field === "taille" || field === "couleur"))
      if (!value && needed) fields[name(field)] = required
      else if (long) fields[name(field)] = `Trop long (${long})`
    }
    let revised: number | undefined
    if (verdict === "revu") {
      const amount = amountOf(typed[name("montant")] ?? "", "le nouveau montant")
      if ("problem" in amount) fields[name("montant")] = amount.problem
      else revised = amount.cents
    }
    const text = (field: string) => typed[name(field)] ?? ""
    return {
      index,
      verdict: verdict as GarmentReception["verdict"],
      received: {
        index,
        nature: text("nature"),
        brand: text("marque"),
        size: text("taille"),
        colour: text("couleur"),
        marks: text("signes"),
        condition: text("etat"),
        description: text("description"),
      },
      ...(revised !== undefined ? { revised_cents: revised } : {}),
    }
  })
  const message = typed.message ?? ""
  const longMessage = tooLong(message, BUYBACK_LIMITS.message)
  if (longMessage) fields.message = `Message trop long (${longMessage})`
  if (Object.keys(fields).length > 0) return invalid(fields, typed)
  const at = now.toISOString()
  const anyRevised = received.some((garment) => garment.verdict === "revu")
  // The owner's « pourquoi » goes to the seller with a revised price or a refusal: typed, it is never dropped.
  const reception = {
    at,
    garments: received,
    ...(message ? { message } : {}),
    ...(anyRevised ? { valid_until: addDays(shopDay(now), OFFER_DAYS) } : {}),
  }
  if (anyRevised) return { ok: true, changed: true, buyback: moved(buyback, "revised", at, { reception, terms: (buyback.terms ?? 0) + 1 }) }
  const stage = received.some((garment) => garment.verdict === "conforme") ? "received" : "rejected"
  return { ok: true, changed: true, buyback: moved(buyback, stage, at, { reception }) }
}

export const REJECTED_FIELDS = ["choix"] as const

/** The garments refused (on arrival, or at a revised price the seller refused): « Retour à mes frais » or « Don à une association ». */
export function chooseReturn(buyback: Buyback, body: unknown, now: Date): Step {
  const typed = readFields(body, REJECTED_FIELDS)
  if (!typed) return forged()
  // Chosen before the parcel leaves (« Acceptée »), it can change until the reception; chosen while
  // revised prices still wait, it holds for a garment whose revised price is refused later; after
  // the reception it is given once (the team acts on it).
  const beforeParcel = buyback.stage === "accepted" && !buyback.reception
  if (!beforeParcel && refusedGarments(buyback).length === 0) return conflict("not_rejected", "Ce choix ne se fait que pour un article refusé.", typed)
  if (!beforeParcel && buyback.rejected_choice) return { ok: true, changed: false, buyback }
  const choice = typed.choix ?? ""
  if (!isOwnKey(REJECTED_CHOICES, choice)) return invalid({ choix: "Choisissez le retour ou le don." }, typed)
  if (choice === buyback.rejected_choice) return { ok: true, changed: false, buyback }
  return { ok: true, changed: true, buyback: { ...buyback, rejected_choice: choice as RejectedChoice, updated_at: now.toISOString() } }
}

export const RETURN_FIELDS = ["suivi_retour"] as const

/** The owner's « Retour envoyé »: the refused garments sent back, with the parcel's tracking number. */
export function recordReturn(buyback: Buyback, body: unknown, now: Date): Step {
  const typed = readFields(body, RETURN_FIELDS)
  if (!typed) return forged()
  if (buyback.rejected_choice !== "retour")
    return conflict("no_return", "Aucun retour à envoyer : le vendeur n'a pas choisi le retour des articles refusés.", typed)
  const read = trackingOf(typed.suivi_retour ?? "")
  if ("problem" in read) return invalid({ suivi_retour: read.problem }, typed)
  const at = now.toISOString()
  return { ok: true, changed: true, buyback: { ...buyback, returned: { at, tracking: read.tracking }, updated_at: at } }
}
