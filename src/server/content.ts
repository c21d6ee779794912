/**
 * The one place the chat backend reads content/*.json. One function per file, each returning
 * that file's data in the shape the chat needs: when a file's layout changes (an array root
 * wrapped in an object for the content studio, say), only its line here changes.
 *
 * The files are imported, so the function bundle carries them: the answers always match the
 * build the visitor sees.
 */
import { readFile } from "node:fs/promises"
import path from "node:path"
import type { BuybackGrid } from "../contract/buyback-range"
import type { ChatLink } from "../contract/chat"
import brandsFile from "../../content/brands.json"
import buybackFile from "../../content/buyback.json"
import categoriesFile from "../../content/categories.json"
import chatFile from "../../content/chat.json"
import engineFile from "../../content/engine.json"
import legalFile from "../../content/legal.json"
import shopsFile from "../../content/shops.json"
import siteFile from "../../content/site.json"
import soldItemsFile from "../../content/sold-items.json"

export type SoldItem = { id: number; brand: string; title: string; price: number; category: string; size?: string; condition?: string }
export type Shop = { id: string; name: string; description: string; url: string }
export type Brand = { id: string; name: string; text: string }
export type Category = { name: string }
export type Card = { title: string; text: string }
export type { ChatLink }

export type Intent = {
  id: string
  keywords: readonly string[]
  /** Visitors' questions this answers, as asked (the owner's answers from /admin/questions/): their words count as keywords. */
  questions?: readonly string[]
  answer: string
  links?: readonly ChatLink[]
  /** When the question names a brand, a category or an item, the catalogue answers instead. */
  answerFromCatalogue?: boolean
  /** The answer carries the estimate hand-off button (label: ChatContent.estimateAction). */
  offerEstimate?: boolean
}

export type Vocabulary = {
  brands: ReadonlyArray<{ brand: string; words: readonly string[] }>
  categories: ReadonlyArray<{ category: string; plural?: string; words: readonly string[] }>
  words: ReadonlyArray<{ means: string; words: readonly string[] }>
}

/** The words of content/chat.json › understanding, each list with the role it plays (chat/filters.ts). */
export type Understanding = {
  sizes: readonly string[]
  sizeWords: readonly string[]
  conditions: ReadonlyArray<{ words: readonly string[]; conditions: readonly string[] }>
  atMost: readonly string[]
  atLeast: readonly string[]
  between: readonly string[]
  currency: readonly string[]
  cheapest: readonly string[]
  dearest: readonly string[]
  count: readonly string[]
  followUp: readonly string[]
  /** Words that name a whole category even where an item's title has them ("sac": the clutch is a bag too). */
  categoryOnly: readonly string[]
  otherBrands: readonly string[]
  absentCategories: ReadonlyArray<{ name: string; words: readonly string[] }>
  english: { note: string; words: readonly string[] }
}

export type ChatContent = {
  fallback: string
  /** Label of the estimate hand-off button; chat.json must have it (schema), test content may not. */
  estimateAction?: string
  fallbackLinks?: readonly ChatLink[]
  intents: readonly Intent[]
  vocabulary?: Vocabulary
  /** Test content may leave it out: the catalogue then reads brands, categories and titles only. */
  understanding?: Understanding
}

export const soldItems = (): readonly SoldItem[] => soldItemsFile.items
export const shops = (): readonly Shop[] => shopsFile.items
export const brands = (): readonly Brand[] => brandsFile.items
export const categories = (): readonly Category[] => categoriesFile.items
/** The buy-back section's « Pourquoi nous choisir ? » cards. */
export const buybackCards = (): readonly Card[] => buybackFile.why
/** The indicative buy-back grid (src/contract/buyback-range.ts). */
export const buybackGrid = (): BuybackGrid => buybackFile.grid
/**
 * The shop's words after a request (the seller's page, its e-mails): the firm offer's delay, where
 * and how to send the parcel or drop it off, who pays the postage (`refunded`: up to
 * `postageRefundMax` euros, paid back with the purchase), the days of payment after reception.
 */
export type BuybackSale = {
  offerDelay: string
  address: string
  send: string
  dropOff: string
  postage: "shop" | "refunded" | "seller"
  postageRefundMax: number
  /** What returning a garment refused at the check costs the seller, and how it is paid: said before the parcel is sent. */
  returnCost: string
  paymentDays: number
}
export const buybackSale = (): BuybackSale => buybackFile.sale as BuybackSale
/** The postage the sale's terms refund with the payment, in cents: their ceiling, or null when the seller or the shop pays it. */
export const postageRefundCap = (sale: BuybackSale = buybackSale()): number | null =>
  sale.postage === "refunded" ? Math.round(sale.postageRefundMax * 100) : null
/** Who the shop is, as the legal notice says it (content/legal.json `publisher`): the seller's pages and mails show it. */
export type ShopIdentity = { name: string; address: string; registration: string; email: string; phone: string }
export const shopIdentity = (): ShopIdentity => {
  const { name, address, registration, email, phone } = legalFile.publisher
  return { name, address, registration, email, phone }
}
/** The authentication steps and the materials the engine panel shows. */
export const engineFacts = (): { steps: readonly Card[]; materialsTitle: string; materials: readonly string[] } => ({
  steps: engineFile.expertise.steps,
  materialsTitle: engineFile.panel.materialsTitle,
  materials: engineFile.panel.materials,
})
export const chatContent = (): ChatContent => chatFile

/** Who keeps the register, for its page and print view: the publisher of content/legal.json as the studio holds it now. */
export type RegisterShop = { name: string; address: string; registration: string; prefectureReceipt: string }

/** Read afresh from `siteDir`/content/legal.json (the studio's copy: an edit shows at once); empty texts when unreadable. */
export async function registerShop(siteDir: string): Promise<RegisterShop> {
  try {
    const { publisher } = JSON.parse(await readFile(path.join(siteDir, "content", "legal.json"), "utf8")) as { publisher: Partial<RegisterShop> }
    return {
      name: publisher.name ?? "",
      address: publisher.address ?? "",
      registration: publisher.registration ?? "",
      prefectureReceipt: publisher.prefectureReceipt ?? "",
    }
  } catch {
    return { name: "", address: "", registration: "", prefectureReceipt: "" }
  }
}

/** The site's configured address (content/site.json › seo.url, the sitemap's base): the base of the links the server writes (./site-link.ts). */
export function siteUrl(): string {
  return siteFile.seo.url
}
