/**
 * maxAi's answers about the catalogue, in French: the sold items a question names (with its
 * filters said back), one item's own facts, a brand the shop does not work with, a kind of
 * garment it does not sell, and the indicative buy-back range (the form's own figures).
 */
import { buybackRange, rangeText, type BuybackGrid } from "../../contract/buyback-range"
import type { ChatAnswer, ChatLink } from "../../contract/chat"
import { formatPrice } from "../../lib/format"
import type { SoldItem } from "../content"
import type { Filters } from "./filters"
import type { CatalogueMatch, ChatIndex } from "./search-index"

/** Items named one by one before "et N autres". */
const LISTED_ITEMS = 4

const GALLERY_LINK: ChatLink = { label: "Voir les articles vendus", href: "#galerie" }
const ESTIMATE_LINK: ChatLink = { label: "Demander une estimation", href: "#rachat" }

export function list(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join("")
  return `${parts.slice(0, -1).join(", ")} et ${parts[parts.length - 1]}`
}

function plural(word: string): string {
  return /[sxz]$/.test(word) ? word : `${word}s`
}

/** The plural of a category in a sentence: "polos", "articles de maroquinerie". */
function pluralOf(index: ChatIndex, category: string): string {
  const rule = index.content.chat.vocabulary?.categories.find((entry) => entry.category === category)
  return rule?.plural ?? plural(category.toLowerCase())
}

/** "2 polos Lacoste", "1 article de maroquinerie Lancaster", "3 articles Ralph Lauren". */
function describeGroup(index: ChatIndex, items: readonly SoldItem[], brands: readonly string[]): string {
  const count = items.length
  const categories = [...new Set(items.map((item) => item.category))]
  const category = categories.length === 1 ? categories[0] : undefined
  const many = category ? pluralOf(index, category) : "articles"
  const singular = category ? many.replace(/s\b/, "") : "article"
  const itemBrands = [...new Set(items.map((item) => item.brand))]
  const brand = itemBrands.length === 1 && brands.length > 0 ? ` ${itemBrands[0]}` : ""
  return `${count} ${count > 1 ? many : singular}${brand}`
}

/** The filters said back: " en taille L, à 100 € au plus, en bon état". */
function describeFilters(filters: Filters): string {
  const parts = [
    filters.size ? `en taille ${filters.size}` : "",
    filters.min !== undefined && filters.max !== undefined ? `entre ${formatPrice(filters.min)} et ${formatPrice(filters.max)}` : "",
    filters.min !== undefined && filters.max === undefined ? `à ${formatPrice(filters.min)} au moins` : "",
    filters.max !== undefined && filters.min === undefined ? `à ${formatPrice(filters.max)} au plus` : "",
    filters.conditions ? `en état « ${filters.conditions.join(" » ou « ").toLowerCase()} »` : "",
  ].filter(Boolean)
  return parts.length > 0 ? ` ${parts.join(", ")}` : ""
}

/** One item's facts: "Polo Sport vert bouteille Lacoste : taille XL, neuf sans étiquette, 42,00 €". */
function itemFacts(item: SoldItem): string {
  const facts = [item.size ? `taille ${item.size}` : "", item.condition?.toLowerCase() ?? "", formatPrice(item.price)].filter(Boolean)
  return `${item.title} ${item.brand} : ${facts.join(", ")}`
}

export function catalogueAnswer(index: ChatIndex, match: CatalogueMatch, filters: Filters): ChatAnswer {
  const named = [match.categories.map((category) => pluralOf(index, category)).join(" ou "), match.brands.join(" ou ")].filter(Boolean).join(" ")
  const shops = index.shopsFor(match.brands.length > 0 ? match.brands : match.categories)
  const shopLinks = (shops.length > 0 ? shops : index.content.shops).map((shop) => ({ label: `${shop.name} sur Vinted`, href: shop.url }))
  const shopNames = list((shops.length > 0 ? shops : index.content.shops).map((shop) => `« ${shop.name} »`))
  const where = `Les pièces disponibles sont en vente sur ${shops.length === 1 ? "notre boutique Vinted" : "nos boutiques Vinted"} ${shopNames}.`
  if (match.items.length === 0) {
    return {
      bot_response: `Nous n'avons pas encore vendu de ${named || "pièce"}${describeFilters(filters)}. ${where} Vous en avez à vendre ? Demandez une estimation gratuite.`,
      links: [...shopLinks, ESTIMATE_LINK],
    }
  }
  const [only] = match.items
  if (match.items.length === 1 && only && (match.byTitle || filters.superlative)) {
    return { bot_response: `${itemFacts(only)}. Cette pièce est déjà vendue. ${where}`, links: [GALLERY_LINK, ...shopLinks] }
  }
  const prices = match.items.map((item) => item.price)
  const low = Math.min(...prices)
  const high = Math.max(...prices)
  const range = low === high ? "" : `, de ${formatPrice(low)} à ${formatPrice(high)}`
  const showBrand = new Set(match.items.map((item) => item.brand)).size > 1 || match.brands.length === 0
  const showSize = filters.size === undefined && match.items.some((item) => item.size)
  const describe = (item: SoldItem) => {
    const details = [formatPrice(item.price), showSize && item.size ? `taille ${item.size}` : ""].filter(Boolean).join(", ")
    return `${item.title}${showBrand ? ` ${item.brand}` : ""} (${details})`
  }
  const namedItems = match.items.slice(0, LISTED_ITEMS).map(describe)
  const rest = match.items.length - LISTED_ITEMS
  const listed = rest > 0 ? `${namedItems.join(", ")} et ${rest} autre${rest > 1 ? "s" : ""}` : list(namedItems)
  return {
    bot_response: `Nous avons déjà vendu ${describeGroup(index, match.items, match.brands)}${describeFilters(filters)}${range} : ${listed}. ${where}`,
    links: [GALLERY_LINK, ...shopLinks],
  }
}

/** The brands the shop works with, as brands.json lists them. */
const ourBrands = (index: ChatIndex) => list(index.content.brands.map((brand) => brand.name))

export function otherBrandAnswer(index: ChatIndex, name: string): ChatAnswer {
  return {
    bot_response: `Nous ne rachetons ni ne vendons de ${name} : nous travaillons uniquement avec ${ourBrands(index)}, des marques que notre IA sait authentifier.`,
    links: [GALLERY_LINK],
  }
}

export function absentCategoryAnswer(index: ChatIndex, name: string): ChatAnswer {
  const categories = list(index.content.categories.map((category) => pluralOf(index, category.name)))
  return {
    bot_response: `Nous n'avons pas de ${name} pour l'instant. Nous proposons des ${categories}, de ${ourBrands(index)}.`,
    links: [GALLERY_LINK, { label: "Nos boutiques", href: "#boutiques" }],
  }
}

/** "combien vous me rachetez un polo Lacoste ?": the form's range, or the buy-back answer when the grid has none. */
export function rangeAnswer(
  index: ChatIndex,
  grid: BuybackGrid,
  brand: string,
  category: string,
  condition: string | undefined,
  estimateLabel?: string,
): ChatAnswer | null {
  const range = buybackRange(grid, { brand, category, condition })
  if (!range) return null
  const what = `${pluralOf(index, category).replace(/s\b/, "")} ${brand}${condition ? ` en état « ${condition.toLowerCase()} »` : ""}`
  return {
    bot_response: `Pour un ${what}, notre estimation indicative est de ${rangeText(range)}. L'offre définitive suit l'examen de vos photos : envoyez-les avec le formulaire « Service de Rachat », la réponse arrive sous 48 h.`,
    links: [ESTIMATE_LINK],
    ...(estimateLabel ? { actions: [{ type: "estimate" as const, label: estimateLabel }] } : {}),
  }
}
