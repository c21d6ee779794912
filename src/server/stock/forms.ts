/**
 * The item page's forms checked (« Mettre en vente », « Marquer vendu », « Retirer du stock »,
 * « Remettre en stock »): each turns what was posted into one change of the log, or refuses it in
 * French, field by field. Pure but for today's date: jest checks every refusal directly.
 *
 * What must stay true: amounts are read by ./money.ts (French decimals, never negative, 10 000 € at
 * most); a sale is never dated before the purchase nor after today (Paris); a listing's link is an
 * https address on a Vinted domain, nothing else (it is shown to the owner as a link); a sold item
 * is withdrawn, or a withdrawn one sold, only once put back in stock, so each step is in the history.
 */
import { SALE_CHANNELS, STOCK_LIMITS, WITHDRAWAL_REASONS, type SaleChannel, type StockItem, type WithdrawalReason } from "../../contract/stock"
import { dayText, isDay, shopDay } from "../shop-time"
import type { Decision } from "./book"
import { readAmount } from "./money"
import { isOwnKey } from "../../contract/own-keys"

/** The form fields, as posted. */
export type Typed = Record<string, string>

/** Vinted's own domains (vinted.fr and the other countries'), with or without www. */
const VINTED_HOST = /^(?:www\.)?vinted\.(?:fr|be|es|it|de|at|nl|lu|pl|lt|lv|ee|cz|sk|pt|se|fi|dk|gr|hu|ro|hr|ie|si|com|co\.uk)$/

/** The posted body as text fields (anything else read as empty), each trimmed. */
export function typedOf(body: unknown): Typed {
  const typed: Typed = {}
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) typed[name] = typeof value === "string" ? value.trim() : ""
  return typed
}

/** Whether `text` is a Vinted listing's address: https, a Vinted domain, no login part, no other port. */
export function isVintedLink(text: string): boolean {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return false
  }
  return url.protocol === "https:" && url.username === "" && url.password === "" && url.port === "" && VINTED_HOST.test(url.hostname)
}

const refused = (fields: Record<string, string>): Decision => {
  const count = Object.keys(fields).length
  return { ok: false, status: 400, error: count === 1 ? "Un champ est à corriger." : `${count} champs sont à corriger.`, fields }
}

const closed = (item: StockItem): string | null =>
  item.status === "vendu"
    ? "Cet article est déjà vendu : corrigez la vente ou remettez-le en stock d'abord."
    : item.status === "retire"
      ? "Cet article est retiré du stock : remettez-le en stock d'abord."
      : null

/** « Mettre en vente »: the Vinted link and the asking price, both optional. */
export function decideListing(item: StockItem, typed: Typed): Decision {
  const problem = closed(item)
  if (problem) return { ok: false, status: 409, error: problem }
  const fields: Record<string, string> = {}
  const link = typed.vinted ?? ""
  if (link.length > STOCK_LIMITS.url) fields.vinted = `Adresse trop longue (${link.length} caractères : ${STOCK_LIMITS.url} au plus).`
  else if (link !== "" && !isVintedLink(link))
    fields.vinted = "Ce n'est pas une annonce Vinted : collez l'adresse https de l'annonce, par exemple https://www.vinted.fr/items/1234567."
  const asking = readAmount(typed.prix_demande ?? "", { required: false, positive: true })
  if (!asking.ok) fields.prix_demande = asking.problem
  if (Object.keys(fields).length > 0 || !asking.ok) return refused(fields)
  const listing = { ...(link ? { vinted_url: link } : {}), ...(asking.cents > 0 ? { asking_cents: asking.cents } : {}) }
  return { ok: true, change: { kind: "listing", listing } }
}

/** « Marquer vendu » (or « Corriger la vente » on a sold item: a new sale replaces it, the first stays in the history). */
export function decideSale(item: StockItem, typed: Typed, now: Date): Decision {
  if (item.status === "retire") return { ok: false, status: 409, error: "Cet article est retiré du stock : remettez-le en stock d'abord." }
  const fields: Record<string, string> = {}
  const price = readAmount(typed.prix ?? "", { required: true, positive: true })
  if (!price.ok) fields.prix = price.problem
  const fees = readAmount(typed.frais ?? "", { required: false, positive: false })
  if (!fees.ok) fields.frais = fees.problem
  const date = typed.date ?? ""
  const today = shopDay(now)
  if (!isDay(date)) fields.date = "Indiquez la date de la vente (jj/mm/aaaa)."
  else if (date < item.bought_on) fields.date = `La vente ne peut pas précéder l'achat (payé le ${dayText(item.bought_on)}).`
  else if (date > today) fields.date = "La date de la vente ne peut pas être dans le futur."
  const channel = typed.canal ?? ""
  if (!isOwnKey(SALE_CHANNELS, channel)) fields.canal = "Choisissez le canal : Vinted, boutique ou autre."
  const reference = typed.reference ?? ""
  if (reference.length > STOCK_LIMITS.reference)
    fields.reference = `Référence trop longue (${reference.length} caractères : ${STOCK_LIMITS.reference} au plus).`
  if (Object.keys(fields).length > 0 || !price.ok || !fees.ok) return refused(fields)
  return {
    ok: true,
    change: { kind: "sale", sale: { price_cents: price.cents, date, channel: channel as SaleChannel, fees_cents: fees.cents, reference } },
  }
}

/** « Retirer du stock » with its reason. */
export function decideWithdrawal(item: StockItem, typed: Typed): Decision {
  const problem = closed(item)
  if (problem) return { ok: false, status: 409, error: problem }
  const reason = typed.motif ?? ""
  if (!isOwnKey(WITHDRAWAL_REASONS, reason)) return refused({ motif: "Choisissez le motif : don, abîmé ou usage personnel." })
  return { ok: true, change: { kind: "withdrawal", reason: reason as WithdrawalReason } }
}

/** « Remettre en stock »: a sale or a withdrawal recorded by mistake is undone (both stay in the history). */
export function decideBackInStock(item: StockItem, typed: Typed): Decision {
  if (item.status !== "vendu" && item.status !== "retire") return { ok: false, status: 409, error: "Cet article est déjà en stock." }
  const note = typed.note ?? ""
  if (note.length > STOCK_LIMITS.note) return refused({ note: `Trop long (${note.length} caractères : ${STOCK_LIMITS.note} au plus).` })
  return { ok: true, change: { kind: "back_in_stock", note } }
}
