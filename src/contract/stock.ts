/**
 * The stock book (issue 47, src/server/stock/): every garment of the register of purchases, with
 * what became of it. Its shapes, words and limits, read by the owner's pages, the exports and
 * `npm run stock`.
 *
 * What must stay true: an item's number is its register entry's order number; amounts are whole
 * cents (./euros.ts); the change log is append-only (a mistake is corrected by a new change, the
 * old one stays); no cost nor margin ever leaves the owner's rooms (nothing here is read by the
 * visitors' site).
 */
import type { RegisterGarment } from "./garments"

export const STOCK_STATUSES = ["en_stock", "en_vente", "vendu", "retire"] as const
export type StockStatus = (typeof STOCK_STATUSES)[number]

export const STATUS_WORDS: Readonly<Record<StockStatus, string>> = {
  en_stock: "En stock",
  en_vente: "En vente",
  vendu: "Vendu",
  retire: "Retiré",
}

export const SALE_CHANNELS = { vinted: "Vinted", boutique: "Boutique", autre: "Autre" } as const
export type SaleChannel = keyof typeof SALE_CHANNELS

export const WITHDRAWAL_REASONS = { don: "Don", abime: "Abîmé", usage_personnel: "Usage personnel" } as const
export type WithdrawalReason = keyof typeof WITHDRAWAL_REASONS

/** Longest value of each typed field, in characters; the largest amount a field accepts. */
export const STOCK_LIMITS = { amount: 20, url: 300, reference: 80, date: 10, note: 300, maxCents: 1_000_000 } as const

/** « Mettre en vente »: a Vinted listing (optional) and an asking price (optional). */
export type Listing = { vinted_url?: string; asking_cents?: number }

/** « Marquer vendu ». `date`: the day of the sale, "YYYY-MM-DD". */
export type Sale = { price_cents: number; date: string; channel: SaleChannel; fees_cents: number; reference: string }

/** What one change of the log says; `back_in_stock` undoes a sale or a withdrawal recorded by mistake. */
export type StockChangeBody =
  | { kind: "listing"; listing: Listing }
  | { kind: "published"; site_id: number }
  | { kind: "sale"; sale: Sale }
  | { kind: "withdrawal"; reason: WithdrawalReason }
  | { kind: "back_in_stock"; note: string }

/** One line of the change log (STOCK_DIR/changes.json): numbered from 1, dated, never edited nor removed. */
export type StockChange = StockChangeBody & { seq: number; item: number; at: string }

export type StockItem = {
  /** The register entry's order number. */
  number: number
  /** The request it was bought through (its photos, while the request is kept). */
  request: string
  /** The garment as the register keeps it now (a register correction's values replace the entry's). */
  garment: RegisterGarment
  cost_cents: number
  /** The day it was paid, "YYYY-MM-DD". */
  bought_on: string
  payment_method: string
  status: StockStatus
  listing?: Listing
  /** Its entry's id in content/sold-items.json, once « Publier sur le site » created it. */
  site_id?: number
  sale?: Sale
  withdrawal?: { reason: WithdrawalReason; on: string }
  /** Its changes, oldest first. */
  history: StockChange[]
  /** The form's version: the seq of its last change ("0" before any): two devices cannot overwrite each other. */
  version: string
}
