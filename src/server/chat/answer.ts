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
 *   4. the fallback of chat.json: the honest « Je n'ai pas encore la réponse… » pointing to « Mes infos ».
 * Whatever 1 to 3 chose is given only if it explains enough of the question (chat/confidence.ts,
 * the one rule); otherwise the fallback, and the handler hands the question to the owner's list.
 * Before 1, a brand the shop does not work with is answered as such; a buy-back question naming
 * a brand and a category gets the form's indicative range; a question with no subject of its
 * own that follows up ("et en taille L ?", "il est encore dispo ?") takes the subject of the
 * visitor's earlier turns (`history`).
 */
import type { ChatAnswer, ChatLink, ChatTurn } from "../../contract/chat"
import { formatPrice } from "../../lib/format"
import { absentCategoryAnswer, catalogueAnswer, otherBrandAnswer, rangeAnswer } from "./catalogue-answer"
import { applyFilters, hasFilters, type Filters } from "./filters"
import { isConfident, matched, subjectOf } from "./confidence"
import { context, leansOnContext, merge, swapped, understand, type Understood } from "./follow-up"
import type { CatalogueMatch, ChatIndex, KnowledgeDoc, KnowledgeHit } from "./search-index"
import { normalize, stem } from "./text"

export type { ChatAnswer }

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
export type Decision =
  | { kind: "knowledge"; doc: KnowledgeDoc }
  | { kind: "catalogue"; match: CatalogueMatch; filters: Filters }
  | { kind: "range"; brand: string; category: string; condition?: string | undefined }
  | { kind: "otherBrand"; name: string }
  | { kind: "absentCategory"; name: string }
  | { kind: "fallback" }

/** The best answer the content has for the question, before the confidence rule weighs it. */
function choose(index: ChatIndex, now: Understood, hits: readonly KnowledgeHit[], history: readonly ChatTurn[]): Decision {
  const { reading } = now
  if (reading.otherBrand && !(now.match && now.match.brands.length > 0)) return { kind: "otherBrand", name: reading.otherBrand }
  const byKeyword = hits.filter((hit) => hit.byKeyword)
  const top = byKeyword[0]
  const service = byKeyword.find((hit) => !hit.doc.answerFromCatalogue && top && hit.score >= top.score * SERVICE_SHARE)
  if (service) {
    const [brand, ...moreBrands] = now.match?.brands ?? []
    const [category, ...moreCategories] = now.match?.categories ?? []
    const condition = reading.filters.conditions?.length === 1 ? reading.filters.conditions[0] : undefined
    const grid = index.grid
    const ranged = service.doc.offerEstimate && brand && category && moreBrands.length === 0 && moreCategories.length === 0 && grid
    if (ranged && rangeAnswer(index, grid, brand, category, condition)) return { kind: "range", brand, category, condition }
    return { kind: "knowledge", doc: service.doc }
  }
  if (reading.absentCategory && !(now.match && now.match.categories.length > 0)) return { kind: "absentCategory", name: reading.absentCategory }
  const earlier = now.match && !reading.followUp ? null : leansOnContext(now) ? context(index, history) : null
  const allItems = { brands: [], categories: [], items: [...index.content.items], byTitle: false }
  const subject =
    (earlier && now.match && swapped(index, earlier.match, now.match)) || now.match || earlier?.match || (hasFilters(reading.filters) ? allItems : null)
  if (subject) {
    const filters = earlier ? merge(earlier.filters, reading.filters) : reading.filters
    return { kind: "catalogue", match: { ...subject, items: applyFilters(subject.items, filters) }, filters }
  }
  const best = top ?? hits[0]
  return best ? { kind: "knowledge", doc: best.doc } : { kind: "fallback" }
}

/**
 * Whether the chosen answer explains enough of the question (chat/confidence.ts, the one rule).
 * The catalogue and the filters count as explaining what they recognised: brands, categories,
 * a size or price bound, the subject carried over from an earlier turn.
 */
function explainsEnough(index: ChatIndex, now: Understood, hits: readonly KnowledgeHit[], decision: Decision): boolean {
  const named = index.analyzer.bounded(now.reading.rest).length - now.otherWords.length
  const english = index.lexicon?.english
  const knows = (word: string) => index.knows(word)
  const byAnyKeyword = (word: string) => hits.some((hit) => hit.byKeyword && matched(hit.terms, word))
  switch (decision.kind) {
    case "knowledge": {
      const hit = hits.find((one) => one.doc === decision.doc)
      if (!hit) return true
      return isConfident(hit.byKeyword ? "keyword" : "answer text", now.otherWords, named, (word) => matched(hit.terms, word), knows, english)
    }
    case "catalogue": {
      const read = (hasFilters(now.reading.filters) || now.reading.count ? 1 : 0) + (now.match ? 0 : 1)
      return isConfident("catalogue", now.otherWords, named + read, (word) => index.namesCatalogue(word) || byAnyKeyword(word), knows, english)
    }
    case "absentCategory":
      return isConfident("catalogue", now.otherWords, named + 1, byAnyKeyword, knows, english)
    default:
      return true
  }
}

export function decide(index: ChatIndex, message: string, history: readonly ChatTurn[] = []): Decision {
  const now = understand(index, message)
  // Brands and categories are the catalogue's business: the knowledge search sees the rest.
  const hits = index.searchKnowledge(now.otherWords).filter((hit) => hit.score >= MIN_SCORE)
  const chosen = choose(index, now, hits, history)
  return explainsEnough(index, now, hits, chosen) ? chosen : { kind: "fallback" }
}

export function render(index: ChatIndex, decision: Decision): ChatAnswer {
  const estimateLabel = index.content.chat.estimateAction
  switch (decision.kind) {
    case "catalogue":
      return catalogueAnswer(index, decision.match, decision.filters)
    case "knowledge":
      return answer(index, decision.doc.answer, decision.doc.links, decision.doc.offerEstimate)
    case "otherBrand":
      return otherBrandAnswer(index, decision.name)
    case "absentCategory":
      return absentCategoryAnswer(index, decision.name)
    case "range": {
      const ranged = index.grid && rangeAnswer(index, index.grid, decision.brand, decision.category, decision.condition, estimateLabel)
      if (ranged) return ranged
    }
  }
  const { fallback, fallbackLinks } = index.content.chat
  return answer(index, fallback, fallbackLinks ?? [])
}

/**
 * A question in English is answered in French, said once per conversation: the note of
 * chat.json › understanding.english goes before the first such answer.
 */
function inEnglish(index: ChatIndex, message: string, history: readonly ChatTurn[]): string | null {
  const english = index.content.chat.understanding?.english
  const words = index.lexicon?.english
  if (!english || !words) return null
  const hits = normalize(message)
    .split(" ")
    .filter((word) => words.has(word)).length
  const saidBefore = history.some((turn) => turn.from === "maxai" && turn.text.startsWith(english.note))
  return hits >= 2 && !saidBefore ? english.note : null
}

/** The answer, and whether it is the honest "I don't know yet" (the question then goes to the owner). */
export function composeReply(index: ChatIndex, message: string, history: readonly ChatTurn[] = []): { answer: ChatAnswer; unanswered: boolean } {
  const decision = decide(index, message, history)
  const answered = render(index, decision)
  const note = inEnglish(index, message, history)
  const unanswered = decision.kind === "fallback"
  const answer = { ...answered, ...(note ? { bot_response: `${note} ${answered.bot_response}` } : {}), ...(unanswered ? { unanswered: true as const } : {}) }
  return { answer, unanswered }
}

export function composeAnswer(index: ChatIndex, message: string, history: readonly ChatTurn[] = []): ChatAnswer {
  return composeReply(index, message, history).answer
}

/**
 * How near-duplicate questions meet in the owner's list: the stems of the words saying what they
 * are about (chat/confidence.ts subjectOf), each once, sorted: « Acceptez-vous les paiements en
 * bitcoin ? » and « paiement en bitcoin possible ? » are both "bitcoin pai". Those words are the
 * keywords of the owner's answer.
 */
export function questionTerms(index: ChatIndex, text: string): { key: string; words: string[] } {
  const words = subjectOf(index.analyzer.question(text), index.lexicon?.english)
  return { key: [...new Set(words.map(stem))].sort().join(" "), words }
}
