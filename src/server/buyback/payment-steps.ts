/**
 * The payment (./machine.ts has the state diagram): checked against the garments kept, then one
 * register entry per garment kept (src/server/register/register.ts `appendAll`), then the record
 * « Payée » (./store.ts runs that order).
 *
 * What must stay true: « Montant payé (€) » is the total of the garments kept plus the postage
 * refunded, to the cent, or the payment is refused naming that total; the postage is refunded only
 * when the sale's terms promise it (content/buyback.json `sale.postage` « refunded »), up to their
 * ceiling; the register keeps each garment's price, never the postage (the record's payment holds
 * it); the payment's date lies between the seller's acceptance and today (Paris); cash above
 * 1 000 € in all is refused (D112-3); a payment found in the register is the truth: the record is
 * rebuilt from those entries (paymentFromEntries) and the postage written before them
 * (`postage_claim_cents`), never from a post.
 */
import { CASH_LIMIT_CENTS, ID_TYPES, PAYMENT_METHODS, type Buyback, type Payment, type PaymentMethod, type RegisterEntry } from "../../contract/buyback"
import { keptGarments, keptTotal } from "../../contract/buyback-garments"
import { formatEuros, parseEuros } from "../../contract/euros"
import type { Lead } from "../leads/types"
import type { NewEntry } from "../register/register"
import { dayText, isDay, shopDay } from "../shop-time"
import { acceptanceDay, amountOf, conflict, forged, invalid, moved, readFields, type Refusal } from "./machine"
import { isOwnKey } from "../../contract/own-keys"

export const PAYMENT_FIELDS = ["montant", "port", "mode", "date"] as const

/** `amount_cents`: the garments kept plus `postage_cents`, the postage refunded (0 when none). */
export type PaymentInput = { amount_cents: number; postage_cents: number; method: PaymentMethod; date: string }

/** « Frais d'envoi remboursés (€) », read: 0 when left empty, else an amount up to the cap. */
function postageOf(typed: string, cap: number | null): { cents: number } | { problem: string } {
  if (typed === "" || parseEuros(typed) === 0) return { cents: 0 }
  if (cap === null) return { problem: "Les frais d'envoi ne sont pas remboursés (conditions de vente du studio) : laissez ce champ vide." }
  const amount = amountOf(typed, "les frais d'envoi")
  if ("problem" in amount) return amount
  if (amount.cents > cap) return { problem: `Au plus ${formatEuros(cap)} : le plafond promis au vendeur.` }
  return amount
}

/**
 * « Enregistrer le paiement », checked: only once every garment has its verdict and its price
 * agreed, never twice, the total of the garments kept, dated between the acceptance and today.
 */
export function checkPayment(buyback: Buyback, body: unknown, now: Date, postageCap: number | null = null): { ok: true; payment: PaymentInput } | Refusal {
  const typed = readFields(body, PAYMENT_FIELDS)
  if (!typed) return forged()
  if (buyback.stage === "paid") return conflict("already_paid", `Cette vente est déjà payée (registre n° ${registerNumbers(buyback).join(", ")}).`, typed)
  if (buyback.stage !== "received") {
    const why =
      buyback.stage === "accepted"
        ? "enregistrez d'abord la réception du colis"
        : buyback.stage === "revised"
          ? "le vendeur n'a pas encore répondu au prix revu"
          : buyback.stage === "rejected"
            ? "aucun article n'est gardé"
            : "le vendeur n'a pas accepté la proposition"
    return conflict("not_payable", `Paiement impossible : ${why}.`, typed)
  }
  const fields: Record<string, string> = {}
  const garments = keptTotal(buyback)
  const postage = postageOf(typed.port ?? "", postageCap)
  if ("problem" in postage) fields.port = postage.problem
  const postageCents = "cents" in postage ? postage.cents : 0
  const total = garments + postageCents
  const amount = amountOf(typed.montant ?? "", "le montant payé")
  if ("problem" in amount) fields.montant = amount.problem
  else if (amount.cents !== total) {
    fields.montant =
      postageCents > 0
        ? `Le montant payé doit être le total des articles gardés plus les frais d'envoi : ${formatEuros(total)} (${formatEuros(garments)} + ${formatEuros(postageCents)}).`
        : `Le montant payé doit être le total des articles gardés : ${formatEuros(total)}.`
  }
  const method = typed.mode ?? ""
  if (!isOwnKey(PAYMENT_METHODS, method)) fields.mode = "Choisissez le mode de paiement."
  else if (method === "especes" && total > CASH_LIMIT_CENTS) {
    fields.mode = `Espèces refusées au-delà de ${formatEuros(CASH_LIMIT_CENTS)} (Code monétaire et financier, art. D112-3) : payez par virement.`
  }
  const date = typed.date ?? ""
  const today = shopDay(now)
  const first = acceptanceDay(buyback) ?? today
  if (!isDay(date)) fields.date = "Indiquez la date du paiement (jj/mm/aaaa)."
  else if (date > today) fields.date = "Cette date est dans le futur."
  else if (date < first) fields.date = `Cette date est avant l'acceptation de la vente : choisissez entre le ${dayText(first)} et aujourd'hui.`
  if (Object.keys(fields).length > 0 || "problem" in amount) return invalid(fields, typed)
  return { ok: true, payment: { amount_cents: total, postage_cents: postageCents, method: method as PaymentMethod, date } }
}

/** The register's numbers of a paid purchase, one per garment kept. */
export function registerNumbers(buyback: Buyback): number[] {
  const payment = buyback.payment
  if (!payment) return []
  return payment.register_numbers ?? [payment.register_number]
}

/** The record « Payée » with the register's entries written for it (their numbers, consecutive). */
export function payWith(buyback: Buyback, payment: PaymentInput, numbers: readonly number[], now: Date): Buyback {
  const { postage_cents, ...paid } = payment
  const postage = postage_cents > 0 ? { postage_cents } : {}
  return paidWith(buyback, { ...paid, ...postage, at: now.toISOString(), register_number: numbers[0] ?? 0, register_numbers: [...numbers] })
}

/** The record « Payée » with its payment, the postage claimed before the register's entries gone (it is in the payment now). */
export function paidWith(buyback: Buyback, payment: Payment): Buyback {
  const { postage_claim_cents: _claimed, ...record } = buyback
  return moved(record, "paid", payment.at, { payment })
}

/** The record « Colis reçu » holding the postage of the payment about to be registered (unchanged when there is none). */
export const withPostageClaim = (buyback: Buyback, payment: PaymentInput): Buyback =>
  payment.postage_cents > 0 ? { ...buyback, postage_claim_cents: payment.postage_cents } : buyback

/**
 * The payment as the register holds it (a payment interrupted after its entries, or posted again):
 * the sum of their prices plus the postage written on the record before them, their method and
 * date, their numbers. Null when there is none.
 */
export function paymentFromEntries(entries: readonly RegisterEntry[], at: string, postageCents = 0): Payment | null {
  const first = entries[0]
  if (!first) return null
  const method = (Object.keys(PAYMENT_METHODS) as PaymentMethod[]).find((key) => PAYMENT_METHODS[key] === first.payment_method)
  if (!method) throw new Error(`registre : mode de paiement inconnu « ${first.payment_method} » (n° ${first.number})`)
  const numbers = entries.map((entry) => entry.number)
  return {
    amount_cents: entries.reduce((sum, entry) => sum + entry.price_cents, 0) + postageCents,
    ...(postageCents > 0 ? { postage_cents: postageCents } : {}),
    method,
    date: first.payment_date,
    at,
    register_number: numbers[0]!,
    register_numbers: numbers,
  }
}

/**
 * What the register keeps of a purchase, one entry per garment kept: the seller as identified at
 * acceptance, the garment as received, its agreed price, the provenance.
 */
export function registerEntries(lead: Lead, buyback: Buyback, payment: Pick<PaymentInput, "method" | "date">): NewEntry[] {
  const seller = buyback.seller
  if (!seller) throw new Error(`achat ${lead.id} payé sans vendeur`)
  return keptGarments(buyback).map((garment) => ({
    request: lead.id,
    seller: {
      status: "particulier" as const,
      surname: seller.surname,
      first_names: seller.first_names,
      address: seller.address,
      id_type: ID_TYPES[seller.id_type],
      id_number: seller.id_number,
      id_date: seller.id_date,
      id_authority: seller.id_authority,
    },
    item: garment.received,
    provenance: `achat à un particulier, demande n° ${lead.id}`,
    price_cents: garment.price_cents,
    payment_method: PAYMENT_METHODS[payment.method],
    payment_date: payment.date,
  }))
}

/** The postage refunded with a request's purchase, read from its record (0 when none): the purchases journal's column (src/server/stock/exports.ts). */
export const paidPostage =
  (records: { read(id: string): Promise<Buyback | null> }) =>
  async (request: string): Promise<number> =>
    (await records.read(request))?.payment?.postage_cents ?? 0
