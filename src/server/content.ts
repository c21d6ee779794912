/**
 * The one place the chat backend reads content/*.json. One function per file, each returning
 * that file's data in the shape the chat needs: when a file's layout changes (an array root
 * wrapped in an object for the content studio, say), only its line here changes.
 *
 * The files are imported, so the function bundle carries them: the answers always match the
 * build the visitor sees.
 */
import type { BuybackGrid } from "../contract/buyback-range"
import type { ChatLink } from "../contract/chat"
import brandsFile from "../../content/brands.json"
import buybackFile from "../../content/buyback.json"
import categoriesFile from "../../content/categories.json"
import chatFile from "../../content/chat.json"
import engineFile from "../../content/engine.json"
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
/** The shop's words after a request: the firm offer's delay, how to send or drop off the parcel (the seller's page, its e-mails). */
export type BuybackSale = { offerDelay: string; send: string; dropOff: string }
export const buybackSale = (): BuybackSale => buybackFile.sale
/** The authentication steps and the materials the engine panel shows. */
export const engineFacts = (): { steps: readonly Card[]; materialsTitle: string; materials: readonly string[] } => ({
  steps: engineFile.expertise.steps,
  materialsTitle: engineFile.panel.materialsTitle,
  materials: engineFile.panel.materials,
})
export const chatContent = (): ChatContent => chatFile

/** The site's configured address (content/site.json › seo.url, the sitemap's base): the base of the links the server writes (./site-link.ts). */
export function siteUrl(): string {
  return siteFile.seo.url
}
