/**
 * The search side of maxAi: MiniSearch indexes over everything the site knows, built once per
 * content (at function start, never per request), queried with French stems and typo tolerance.
 *   - knowledge: the FAQ intents of chat.json (keywords weigh most, then the answer's words),
 *     the buy-back cards, the authentication steps and materials, the shops;
 *   - entities: brands and categories with the editors' extra words (chat.json › vocabulary);
 *   - items: the sold items' titles (model, colour, material).
 */
import MiniSearch from "minisearch"
import type { BuybackGrid } from "../../contract/buyback-range"
import type { Brand, Category, ChatContent, ChatLink, Intent, Shop, SoldItem } from "../content"
import { lexiconOf, readQuestion, type Lexicon, type Reading } from "./filters"
import { Analyzer, normalize, stem, typoTolerance } from "./text"

export type CatalogueContent = {
  chat: ChatContent
  items: readonly SoldItem[]
  brands: readonly Brand[]
  categories: readonly Category[]
  shops: readonly Shop[]
  buybackCards: ReadonlyArray<{ title: string; text: string }>
  engine: { steps: ReadonlyArray<{ title: string; text: string }>; materialsTitle: string; materials: readonly string[] }
  /** The buy-back form's grid (content/buyback.json › grid); without it maxAi gives no range. */
  grid?: BuybackGrid
}

/** One thing maxAi can say: an intent's answer, a buy-back card, an engine fact, a shop. */
export type KnowledgeDoc = {
  id: string
  keywords: string
  text: string
  answer: string
  links: readonly ChatLink[]
  answerFromCatalogue: boolean
  offerEstimate: boolean
}

/**
 * One answer found, its score, whether an editor's keyword matched (`byKeyword`) and the terms of
 * the question it matched (`terms`: words or their stems, as MiniSearch reports them), which
 * chat/confidence.ts weighs against the whole question.
 */
export type KnowledgeHit = { doc: KnowledgeDoc; score: number; byKeyword: boolean; terms: readonly string[] }

type EntityDoc = { id: string; kind: "brand" | "category"; name: string; words: string }

const SEARCH_DEFAULTS = { fuzzy: typoTolerance, prefix: false, combineWith: "OR" as const, weights: { fuzzy: 0.4, prefix: 0.3 } }

function indexOf<T extends { id: string | number }>(fields: string[], docs: readonly T[], analyzer: Analyzer, boost?: Record<string, number>) {
  const index = new MiniSearch<T>({
    fields,
    tokenize: (text) => analyzer.meaningful(analyzer.words(text)),
    // The word itself beside its stem: the stemmer cuts a misspelt word differently
    // ("livraision" → "livrais", "livraison" → "livraison"), the typo search still meets the word.
    processTerm: (term) => {
      const stemmed = stem(term)
      return stemmed === term ? stemmed : [term, stemmed]
    },
    searchOptions: { ...SEARCH_DEFAULTS, ...(boost ? { boost } : {}) },
  })
  index.addAll(docs as T[])
  return index
}

function knowledgeDocs(content: CatalogueContent, analyzer: Analyzer): KnowledgeDoc[] {
  const intentDoc = (intent: Intent): KnowledgeDoc => ({
    id: `intent:${intent.id}`,
    // A visitor's question given as an example weighs like keywords: its meaningful words.
    keywords: [...intent.keywords, ...(intent.questions ?? []).flatMap((question) => analyzer.question(question))].join(" "),
    text: intent.answer,
    answer: intent.answer,
    links: intent.links ?? [],
    answerFromCatalogue: intent.answerFromCatalogue ?? false,
    offerEstimate: intent.offerEstimate ?? false,
  })
  const fact = (id: string, title: string, text: string, links: readonly ChatLink[]): KnowledgeDoc => ({
    id,
    keywords: "",
    text: `${title} ${text}`,
    answer: `${title.replace(/^\d+\.\s*/, "")} : ${text}`,
    links,
    answerFromCatalogue: false,
    offerEstimate: false,
  })
  const rachat = [{ label: "Demander une estimation", href: "#rachat" }]
  return [
    ...content.chat.intents.map(intentDoc),
    ...content.buybackCards.map((card, index) => fact(`buyback:${index}`, card.title, card.text, rachat)),
    ...content.engine.steps.map((step, index) => fact(`engine:${index}`, step.title, step.text, [])),
    fact("engine:materials", content.engine.materialsTitle, `${content.engine.materials.join(", ")}.`, []),
    ...content.shops.map((shop) => fact(`shop:${shop.id}`, `« ${shop.name} »`, shop.description, [{ label: `${shop.name} sur Vinted`, href: shop.url }])),
  ]
}

function entityDocs(content: CatalogueContent): EntityDoc[] {
  const vocabulary = content.chat.vocabulary
  const extraBrandWords = (name: string) => vocabulary?.brands.filter((entry) => entry.brand === name).flatMap((entry) => entry.words) ?? []
  const extraCategoryWords = (name: string) => vocabulary?.categories.filter((entry) => entry.category === name).flatMap((entry) => entry.words) ?? []
  return [
    ...content.brands.map((brand): EntityDoc => ({
      id: `brand:${brand.name}`,
      kind: "brand",
      name: brand.name,
      words: [brand.name, ...extraBrandWords(brand.name)].join(" "),
    })),
    ...content.categories.map((category): EntityDoc => ({
      id: `category:${category.name}`,
      kind: "category",
      name: category.name,
      words: [category.name, ...extraCategoryWords(category.name)].join(" "),
    })),
  ]
}

/** What a question names from the catalogue, and the words that named it. */
export type CatalogueMatch = { brands: string[]; categories: string[]; items: SoldItem[]; byTitle: boolean }

/** The catalogue a question names (null when none) and its words that named no brand or category. */
export type CatalogueSearch = { match: CatalogueMatch | null; otherWords: string[] }

type WordMatch = { brands: string[]; categories: string[]; itemIds: number[] }

const WORD_CACHE_SIZE = 5000

export class ChatIndex {
  readonly analyzer: Analyzer
  private readonly knowledge: MiniSearch<KnowledgeDoc>
  private readonly docs: Map<string, KnowledgeDoc>
  private readonly entities: MiniSearch<EntityDoc>
  private readonly items: MiniSearch<SoldItem & { id: number }>
  private readonly shopStems: ReadonlyArray<Set<string>>
  private readonly wordCache = new Map<string, WordMatch>()
  /** Every word and stem of what maxAi can say (keywords, answers, cards, steps, shops) and of the catalogue's names. */
  private readonly known: ReadonlySet<string>
  /** chat.json › understanding, folded once; null for test content without it. */
  readonly lexicon: Lexicon | null
  readonly grid: BuybackGrid | undefined

  constructor(readonly content: CatalogueContent) {
    const keywords = content.chat.intents.flatMap((intent) => intent.keywords)
    this.analyzer = new Analyzer(content.chat.vocabulary?.words ?? [], keywords)
    const docs = knowledgeDocs(content, this.analyzer)
    this.docs = new Map(docs.map((doc) => [doc.id, doc]))
    this.knowledge = indexOf(["keywords", "text"], docs, this.analyzer, { keywords: 4, text: 1 })
    this.entities = indexOf(["words"], entityDocs(content), this.analyzer)
    this.items = indexOf(["title"], content.items, this.analyzer)
    const said = [
      ...docs.map((doc) => `${doc.keywords} ${doc.text}`),
      ...entityDocs(content).map((doc) => doc.words),
      ...content.items.map((item) => item.title),
    ]
    this.known = new Set(said.flatMap((text) => this.analyzer.meaningful(this.analyzer.words(text)).flatMap((word) => [word, stem(word)])))
    this.shopStems = content.shops.map((shop) => this.stems(shop.description))
    this.lexicon = content.chat.understanding ? lexiconOf(content.chat.understanding) : null
    this.grid = content.grid
  }

  /** The question's filters, follow-up words and the rest of its words (chat/filters.ts). */
  read(message: string): Reading {
    const words = this.analyzer.words(message)
    if (!this.lexicon) return { filters: {}, count: false, followUp: false, rest: words }
    return readQuestion(words, this.lexicon)
  }

  /** The best answers from the knowledge index, best first; `byKeyword` when an editor's keyword matched. */
  searchKnowledge(words: readonly string[]): KnowledgeHit[] {
    const query = this.analyzer.meaningful(words).join(" ")
    if (query === "") return []
    return this.knowledge.search(query).flatMap((result) => {
      const doc = this.docs.get(String(result.id))
      if (!doc) return []
      const byKeyword = Object.values(result.match).some((fields) => fields.includes("keywords"))
      return [{ doc, score: result.score, byKeyword, terms: result.queryTerms }]
    })
  }

  /**
   * Brands and categories the words name (each word searched alone, with typo tolerance), and
   * the sold items they point to: items whose title shares the most words with the question
   * ("pull rouge" → the red jumper), else those of the named brands and categories.
   */
  matchCatalogue(words: readonly string[]): CatalogueSearch {
    const meaningful = this.analyzer.meaningful(words)
    const brands = new Set<string>()
    const categories = new Set<string>()
    const titleHits = new Map<number, number>()
    const categoryOnly = this.lexicon?.categoryOnly
    const otherWords: string[] = []
    for (const word of meaningful) {
      const found = this.lookUp(word)
      if (found.brands.length === 0 && found.categories.length === 0) otherWords.push(word)
      for (const brand of found.brands) brands.add(brand)
      for (const category of found.categories) categories.add(category)
      if (found.categories.length > 0 && categoryOnly?.has(word)) continue
      for (const id of found.itemIds) titleHits.set(id, (titleHits.get(id) ?? 0) + 1)
    }
    let items = this.content.items.filter((item) => brands.size === 0 || brands.has(item.brand))
    const best = Math.max(0, ...items.map((item) => titleHits.get(item.id) ?? 0))
    const byTitle = best > 0
    if (byTitle) items = items.filter((item) => titleHits.get(item.id) === best)
    else if (categories.size > 0) items = items.filter((item) => categories.has(item.category))
    else if (brands.size === 0) return { match: null, otherWords }
    return { match: { brands: [...brands], categories: [...categories], items, byTitle }, otherWords }
  }

  /** Whether the content uses the word (or its stem) anywhere: a word it never uses names a subject it does not cover. */
  knows(word: string): boolean {
    return this.known.has(word) || this.known.has(stem(word))
  }

  /** Whether the word names a brand, a category or a word of a sold item's title ("blanc", "torsade"). */
  namesCatalogue(word: string): boolean {
    const found = this.lookUp(word)
    return found.brands.length > 0 || found.categories.length > 0 || found.itemIds.length > 0
  }

  /**
   * What one word names: brands, categories (typo-tolerant search of the entity index) and the
   * items whose title has it. Remembered per word: visitors reuse few words, the content of an
   * index never changes, and a known word then costs no fuzzy search. At most WORD_CACHE_SIZE
   * words are kept (forgotten all at once past that), so a flood of new words cannot grow memory.
   */
  private lookUp(word: string): WordMatch {
    const known = this.wordCache.get(word)
    if (known) return known
    const found: WordMatch = { brands: [], categories: [], itemIds: this.items.search(word).map((hit) => Number(hit.id)) }
    for (const hit of this.entities.search(word)) {
      const [kind, ...name] = String(hit.id).split(":")
      ;(kind === "brand" ? found.brands : found.categories).push(name.join(":"))
    }
    if (this.wordCache.size >= WORD_CACHE_SIZE) this.wordCache.clear()
    this.wordCache.set(word, found)
    return found
  }

  /** The shops whose description names the brand or category ("Maroquinerie Lancaster…" → maxAi Premium). */
  shopsFor(names: readonly string[]): Shop[] {
    const wanted = names.map((name) => [...this.stems(name)])
    return this.content.shops.filter((shop, position) => {
      const described = this.shopStems[position]
      return wanted.some((terms) => terms.length > 0 && terms.every((term) => described?.has(term)))
    })
  }

  private stems(text: string): Set<string> {
    return new Set(this.analyzer.meaningful(normalize(text).split(" ")).map(stem))
  }
}
