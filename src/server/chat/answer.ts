/**
 * maxAi's answer to one question, composed from the best matches of the indexes (search-index.ts)
 * in plain French text, with the links the widget shows under it.
 *
 * Order of precedence, so a question gets the most specific answer the content allows:
 *   1. a service question (an intent of chat.json matched by one of its keywords, e.g.
 *      authentication, buy-back, delivery): that intent's answer;
 *   2. a question naming brands, categories or items (prices, availability, "vous avez…"):
 *      the sold items with their prices, the price range and the shop that sells them;
 *   3. any other good match (a buy-back card, an engine step, a shop, an intent found through
 *      the words of its answer);
 *   4. the fallback of chat.json, which hands over to the estimate form.
 */
import type { ChatAction, ChatLink } from "../../contract/chat"
import type { SoldItem } from "../content"
import { formatPrice } from "../../lib/format"
import type { CatalogueMatch, ChatIndex, KnowledgeDoc } from "./search-index"

/**
 * The wire contract of POST /api/chat's 200 answer. `links` and `actions` are each left out
 * when there is none; older widgets ignore them.
 */
export type ChatAnswer = { bot_response: string; links?: ChatLink[]; actions?: ChatAction[] }

/**
 * A knowledge match weaker than this is noise (one fuzzy word of a long answer). On the
 * evaluation set (__tests__/data/chat-eval.json) the weakest right answers found through an
 * answer's words score about 2.4 to 3 (« c'est payant ? » → the free-estimate card), the only
 * noise 1.4 (« recette » ≈ « réception »); keyword matches score 6 and more.
 */
export const MIN_SCORE = 2

/**
 * A service intent (authentication, buy-back…) answers a question that also names the catalogue
 * when its keywords score at least this share of the best keyword match: "Bonjour, je veux vendre
 * mon polo" is about selling, "où acheter vos articles" is not about buy-back for the fuzzy
 * likeness of "acheter" and "racheter".
 */
const SERVICE_SHARE = 0.6

/** Items named one by one before "et N autres". */
const LISTED_ITEMS = 4

const GALLERY_LINK: ChatLink = { label: "Voir les articles vendus", href: "#galerie" }

function list(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join("")
  return `${parts.slice(0, -1).join(", ")} et ${parts[parts.length - 1]}`
}

function plural(word: string): string {
  return /[sxz]$/.test(word) ? word : `${word}s`
}

/** "2 polos Lacoste", "1 article de maroquinerie Lancaster", "3 articles Ralph Lauren". */
function describeGroup(index: ChatIndex, items: readonly SoldItem[], brands: readonly string[]): string {
  const count = items.length
  const categories = [...new Set(items.map((item) => item.category))]
  const category = categories.length === 1 ? categories[0] : undefined
  const rule = category ? index.content.chat.vocabulary?.categories.find((entry) => entry.category === category) : undefined
  const singular = category ? (rule?.plural?.replace(/s\b/, "") ?? category.toLowerCase()) : "article"
  const many = category ? (rule?.plural ?? plural(category.toLowerCase())) : "articles"
  const itemBrands = [...new Set(items.map((item) => item.brand))]
  const brand = itemBrands.length === 1 && brands.length > 0 ? ` ${itemBrands[0]}` : ""
  return `${count} ${count > 1 ? many : singular}${brand}`
}

function catalogueAnswer(index: ChatIndex, match: CatalogueMatch): ChatAnswer {
  const named = [match.categories.map((category) => category.toLowerCase()).join(" ou "), match.brands.join(" ou ")].filter(Boolean).join(" ")
  const shops = index.shopsFor(match.brands.length > 0 ? match.brands : match.categories)
  const shopLinks = (shops.length > 0 ? shops : index.content.shops).map((shop) => ({ label: `${shop.name} sur Vinted`, href: shop.url }))
  const shopNames = list((shops.length > 0 ? shops : index.content.shops).map((shop) => `« ${shop.name} »`))
  const where = `Les pièces disponibles sont en vente sur ${shops.length === 1 ? "notre boutique Vinted" : "nos boutiques Vinted"} ${shopNames}.`
  if (match.items.length === 0) {
    return {
      bot_response: `Nous n'avons pas encore vendu de ${named}. ${where} Vous en avez à vendre ? Demandez une estimation gratuite.`,
      links: [...shopLinks, { label: "Demander une estimation", href: "#rachat" }],
    }
  }
  const prices = match.items.map((item) => item.price)
  const low = Math.min(...prices)
  const high = Math.max(...prices)
  const range = low === high ? "" : `, de ${formatPrice(low)} à ${formatPrice(high)}`
  const showBrand = new Set(match.items.map((item) => item.brand)).size > 1 || match.brands.length === 0
  const named_items = match.items.slice(0, LISTED_ITEMS).map((item) => `${item.title}${showBrand ? ` ${item.brand}` : ""} (${formatPrice(item.price)})`)
  const rest = match.items.length - LISTED_ITEMS
  const listed = rest > 0 ? `${named_items.join(", ")} et ${rest} autre${rest > 1 ? "s" : ""}` : list(named_items)
  return {
    bot_response: `Nous avons déjà vendu ${describeGroup(index, match.items, match.brands)}${range} : ${listed}. ${where}`,
    links: [GALLERY_LINK, ...shopLinks],
  }
}

/** Shop pages an answer names get their link: "« maxAi Premium »" in the text → its Vinted page. */
function withShopLinks(index: ChatIndex, text: string, links: readonly ChatLink[]): ChatLink[] {
  const named = index.content.shops.filter((shop) => text.includes(shop.name) && !links.some((link) => link.href === shop.url))
  return [...links, ...named.map((shop) => ({ label: `${shop.name} sur Vinted`, href: shop.url }))]
}

/** Placeholder an editor writes in an answer for the price range of all sold items, computed here. */
export const PRICE_RANGE_PLACEHOLDER = "{fourchette_prix}"

function fillIn(index: ChatIndex, text: string): string {
  if (!text.includes(PRICE_RANGE_PLACEHOLDER)) return text
  const prices = index.content.items.map((item) => item.price)
  const range = prices.length === 0 ? "" : `entre ${formatPrice(Math.min(...prices))} et ${formatPrice(Math.max(...prices))}`
  return text.split(PRICE_RANGE_PLACEHOLDER).join(range)
}

function answer(index: ChatIndex, raw: string, links: readonly ChatLink[], offerEstimate = false): ChatAnswer {
  const text = fillIn(index, raw)
  const all = withShopLinks(index, text, links)
  const label = index.content.chat.estimateAction
  return {
    bot_response: text,
    ...(all.length > 0 ? { links: all } : {}),
    // The estimate hand-off (src/components/Chat/ChatActions.tsx) on answers about selling.
    ...(offerEstimate && label ? { actions: [{ type: "estimate" as const, label }] } : {}),
  }
}

/** What maxAi chose to answer with: the evaluation set checks this, the visitor reads render(). */
export type Decision = { kind: "knowledge"; doc: KnowledgeDoc } | { kind: "catalogue"; match: CatalogueMatch } | { kind: "fallback" }

export function decide(index: ChatIndex, message: string): Decision {
  const catalogue = index.matchCatalogue(index.analyzer.question(message))
  // Brands and categories are the catalogue's business: the knowledge search sees the rest.
  const hits = index.searchKnowledge(catalogue.otherWords).filter((hit) => hit.score >= MIN_SCORE)
  const byKeyword = hits.filter((hit) => hit.byKeyword)
  const top = byKeyword[0]
  const service = byKeyword.find((hit) => !hit.doc.answerFromCatalogue && top && hit.score >= top.score * SERVICE_SHARE)
  if (service) return { kind: "knowledge", doc: service.doc }
  if (catalogue.match) return { kind: "catalogue", match: catalogue.match }
  const best = top ?? hits[0]
  return best ? { kind: "knowledge", doc: best.doc } : { kind: "fallback" }
}

export function render(index: ChatIndex, decision: Decision): ChatAnswer {
  if (decision.kind === "catalogue") return catalogueAnswer(index, decision.match)
  if (decision.kind === "knowledge") return answer(index, decision.doc.answer, decision.doc.links, decision.doc.offerEstimate)
  const { fallback, fallbackLinks } = index.content.chat
  return answer(index, fallback, fallbackLinks ?? [])
}

export function composeAnswer(index: ChatIndex, message: string): ChatAnswer {
  return render(index, decide(index, message))
}
