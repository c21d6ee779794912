/**
 * The buy-back after the request (docs/buyback.md#the-record): the record kept beside each request (buyback.json, src/server/buyback/), the forms'
 * field names and limits, and the words of each stage. The seller's page (/suivi/<token>/), the
 * owner's steps in the inbox and the register (src/server/register/) all read these.
 *
 * What must stay true: every field a form posts has a length limit here; amounts are whole cents
 * (./euros.ts); the IBAN is compact (./iban.ts); dates of a day are "YYYY-MM-DD", moments ISO 8601.
 */

import type { RegisterGarment } from "./garments"

/**
 * Where the purchase stands, for the whole lot. "revised": a garment's price was revised at
 * reception and the seller has not answered yet; "received": every garment has its verdict and
 * at least one is kept (payable); "rejected": no garment kept (refused on arrival, or its revised
 * price refused): back to the seller or given away.
 */
export const BUYBACK_STAGES = ["requested", "offered", "accepted", "refused", "received", "revised", "rejected", "paid"] as const
export type BuybackStage = (typeof BUYBACK_STAGES)[number]

/** The seller's and the owner's word for each stage (the timeline, the inbox's badge). */
export const STAGE_WORDS: Readonly<Record<BuybackStage, string>> = {
  requested: "Demande reçue",
  offered: "Proposition envoyée",
  accepted: "Acceptée",
  refused: "Refusée",
  received: "Colis reçu",
  revised: "Prix revu",
  rejected: "Article refusé",
  paid: "Payée",
}

export const ID_TYPES = {
  cni: "Carte nationale d'identité",
  passeport: "Passeport",
  titre_sejour: "Titre de séjour",
  permis: "Permis de conduire",
} as const
export type IdType = keyof typeof ID_TYPES

export const PAYMENT_METHODS = { virement: "Virement", especes: "Espèces", bon: "Bon d'achat" } as const
export type PaymentMethod = keyof typeof PAYMENT_METHODS

/** Code monétaire et financier D112-3: a professional may not pay a private seller more than 1 000 € in cash. */
export const CASH_LIMIT_CENTS = 100_000

export const RECEPTION_VERDICTS = { conforme: "Conforme", revu: "Prix revu", refuse: "Refusé" } as const
export type ReceptionVerdict = keyof typeof RECEPTION_VERDICTS

export const REJECTED_CHOICES = { retour: "Retour à mes frais", don: "Don à une association" } as const
export type RejectedChoice = keyof typeof REJECTED_CHOICES

/** Longest value of each typed field, in characters. */
export const BUYBACK_LIMITS = {
  surname: 100,
  firstNames: 150,
  address: 300,
  idNumber: 40,
  idAuthority: 120,
  iban: 50,
  amount: 20,
  message: 2000,
  description: 1000,
  nature: 100,
  brand: 100,
  size: 40,
  colour: 60,
  condition: 100,
  tracking: 60,
  date: 10,
} as const

/** Default days an offer stays valid (the owner may change it). */
export const OFFER_DAYS = 7

/** The form fields of the seller's acceptance: exactly what the register needs, and the IBAN. */
export const SELLER_FIELDS = ["nom", "prenom", "adresse", "piece_type", "piece_numero", "piece_date", "piece_autorite", "iban", "atteste"] as const
export type SellerField = (typeof SELLER_FIELDS)[number]

export type Seller = {
  surname: string
  first_names: string
  address: string
  id_type: IdType
  id_number: string
  /** YYYY-MM-DD */
  id_date: string
  id_authority: string
  /** Compact (no spaces, upper case). */
  iban: string
}

/** One garment's price in the owner's offer; `index`: its place in the request (src/contract/garments.ts). */
export type OfferLine = { index: number; amount_cents: number }

/** `amount_cents`: the total of `lines` (a record written before garments had lines holds the total only: one garment). */
export type Offer = { amount_cents: number; lines?: OfferLine[]; message: string; valid_until: string; made_at: string }

/** The seller's answer to a revised price, for that garment only. */
export type RevisionAnswer = "accepted" | "refused"

/** One garment at reception: the owner's verdict and the garment as received (what the register keeps of it). */
export type GarmentReception = {
  index: number
  verdict: ReceptionVerdict
  received: RegisterGarment
  /** « Prix revu »: the new price, which the seller accepts or refuses. */
  revised_cents?: number
  answer?: RevisionAnswer
  answered_at?: string
}

/**
 * The parcel's reception, one verdict per garment. `message`: the owner's word to the seller (why a
 * price is revised or a garment refused); `valid_until`: the last day to answer revised prices.
 */
export type Reception = { at: string; garments: GarmentReception[]; message?: string; valid_until?: string }

/** The owner's « Retour envoyé » for the garments refused and sent back. */
export type ReturnSent = { at: string; tracking: string }

/**
 * `register_numbers`: one entry per garment kept, consecutive; `register_number`: the first.
 * `amount_cents`: all that was paid, the garments kept plus `postage_cents`, the postage refunded
 * (absent when none; the register keeps the garments' prices only).
 */
export type Payment = {
  amount_cents: number
  postage_cents?: number
  method: PaymentMethod
  date: string
  at: string
  register_number: number
  register_numbers?: number[]
}

/** One line of the timeline: what happened and when. */
export type BuybackEvent = { stage: BuybackStage; at: string }

export type Buyback = {
  /** The seller's private page's key: 32 hex characters (128 random bits). */
  token: string
  stage: BuybackStage
  offer?: Offer
  /** The offer `offer` replaced, if any: the seller's page strikes through the prices it changed. */
  previous_offer?: Offer
  /** When the seller accepted or refused the current offer. */
  answered_at?: string
  seller?: Seller
  tracking?: string
  reception?: Reception
  rejected_choice?: RejectedChoice
  returned?: ReturnSent
  payment?: Payment
  /**
   * The postage of a payment being recorded, written before its register entries: a payment
   * interrupted after them is rebuilt with it (src/server/buyback/store.ts `settled`). Gone once paid.
   */
  postage_claim_cents?: number
  history: BuybackEvent[]
  /** When anything last changed: the version the owner's forms start from (two tabs cannot overwrite each other). */
  updated_at: string
  /**
   * The version of the prices the seller is asked to agree to: +1 at each offer and at each
   * reception revising a price. Every seller form that agrees or refuses carries it, and a post for
   * another one is refused (409) without changing anything: nobody is bound to a price not seen.
   */
  terms?: number
}

/** What a step answers: the record after it, or a refusal with each field's problem and what was typed (src/server/buyback/machine.ts). */
export type StepOutcome =
  | { ok: true; buyback: Buyback; changed: boolean }
  | { ok: false; status: 400 | 409; code: string; error: string; fields: Record<string, string>; typed: Record<string, string> }

/** The owner's steps on the request's page in the inbox (« Renouveler » an expired offer, « Retour envoyé »). */
export const OWNER_STEPS = ["proposition", "renouveler", "reception", "retour", "paiement"] as const
export type OwnerStep = (typeof OWNER_STEPS)[number]

/**
 * One entry of the register of purchases (src/server/register/register.ts): one garment bought,
 * the seller always « particulier » (the shop buys only from private individuals).
 */
export type RegisterEntry = {
  number: number
  recorded_at: string
  /** The number of the entry this one corrects (the corrected entry itself stays as it was). */
  rectifies?: number
  /** With `rectifies`: what is corrected and why, in the owner's words. */
  correction?: string
  /** The request it comes from (erased after 3 years; this entry stays 10). */
  request: string
  seller: {
    status: "particulier"
    surname: string
    first_names: string
    address: string
    id_type: string
    id_number: string
    id_date: string
    id_authority: string
  }
  /** The garment as received: nature, brand, size, colour, marks (R321-5). */
  item: RegisterGarment
  /** Where it comes from, in words: « achat à un particulier, demande n° … ». */
  provenance: string
  price_cents: number
  payment_method: string
  /** YYYY-MM-DD */
  payment_date: string
  /**
   * How `previous_sha256` and `sha256` are computed: "hmac-sha256" with the register's key (kept
   * outside REGISTER_DIR, src/server/register/key.ts); absent on entries written before the key
   * existed (plain SHA-256, accepted only up to the count the key file recorded at its creation).
   */
  chain?: "hmac-sha256"
  previous_sha256: string
  sha256: string
}

/** A garment as the owner describes it for the register, at reception (suffixed by its place) and in a correction, with each field's longest value. */
export const GARMENT_FIELD_LIMITS = {
  nature: BUYBACK_LIMITS.nature,
  marque: BUYBACK_LIMITS.brand,
  taille: BUYBACK_LIMITS.size,
  couleur: BUYBACK_LIMITS.colour,
  signes: BUYBACK_LIMITS.description,
  etat: BUYBACK_LIMITS.condition,
} as const
