/**
 * What a question asks of the catalogue beyond brands and categories: a size, price bounds, a
 * condition, the cheapest or dearest piece, a count, and whether it only follows up on what was
 * just discussed ("et en taille L ?"). Every word that says so comes from content/chat.json ›
 * understanding (the owner teaches new ones in the studio); the code only knows their roles.
 * It reads the question's words after the vocabulary (text.ts), so English already reads French.
 */
import type { SoldItem, Understanding } from "../content"
import { normalize } from "./text"

export type Superlative = "cheapest" | "dearest"

export type Filters = {
  size?: string
  min?: number
  max?: number
  /** The item conditions accepted, as written in sold-items.json. */
  conditions?: readonly string[]
  superlative?: Superlative
}

export type Reading = {
  filters: Filters
  count: boolean
  followUp: boolean
  /** A brand the shop does not work with, as the owner wrote it ("H&M"). */
  otherBrand?: string
  /** A kind of garment the shop does not sell, as the owner names it ("robes"). */
  absentCategory?: string
  /** The words no rule consumed, for the indexes. */
  rest: string[]
}

type Phrase = { words: string[]; role: string; value?: string }

/** The understanding block folded once per index (never per question): phrases and word sets, normalised. */
export type Lexicon = {
  understanding: Understanding
  phrases: Phrase[]
  sizes: Map<string, string>
  sizeWords: Set<string>
  currency: Set<string>
  followUps: Set<string>
  categoryOnly: Set<string>
  english: Set<string>
}

export function lexiconOf(understanding: Understanding): Lexicon {
  const set = (words: readonly string[]) => new Set(words.map(normalize))
  return {
    understanding,
    phrases: phrasesOf(understanding),
    sizes: new Map(understanding.sizes.map((size) => [normalize(size), size])),
    sizeWords: set(understanding.sizeWords),
    currency: set(understanding.currency),
    followUps: set(understanding.followUp),
    categoryOnly: set(understanding.categoryOnly),
    english: set(understanding.english.words),
  }
}

/** The phrases of the understanding block, normalised, longest first ("tres bon etat" before "bon etat"). */
function phrasesOf(understanding: Understanding): Phrase[] {
  const of = (role: string, list: readonly string[], value?: (word: string) => string) =>
    list.map((word) => ({ words: normalize(word).split(" "), role, ...(value ? { value: value(word) } : {}) }))
  return [
    ...understanding.conditions.flatMap((rule, position) => of("condition", rule.words, () => String(position))),
    ...of("atMost", understanding.atMost),
    ...of("atLeast", understanding.atLeast),
    ...of("between", understanding.between),
    ...of("cheapest", understanding.cheapest),
    ...of("dearest", understanding.dearest),
    ...of("count", understanding.count),
    ...of("otherBrand", understanding.otherBrands, (name) => name),
    ...understanding.absentCategories.flatMap((entry) => of("absent", entry.words, () => entry.name)),
  ]
    .filter((phrase) => phrase.words[0] !== "")
    .sort((a, b) => b.words.length - a.words.length)
}

const isNumber = (word: string | undefined) => word !== undefined && /^\d{1,5}$/.test(word)

/** Reads the question's words (vocabulary applied, filler words kept: "moins de", "en L" need them). */
export function readQuestion(words: readonly string[], lexicon: Lexicon): Reading {
  const { understanding, phrases, sizes, sizeWords, currency, followUps } = lexicon
  const reading: Reading = { filters: {}, count: false, followUp: false, rest: [] }
  const tagged: Array<{ word: string; role?: string; value?: string }> = []
  for (let index = 0; index < words.length;) {
    const phrase = phrases.find((candidate) => candidate.words.every((part, offset) => words[index + offset] === part))
    if (phrase) {
      tagged.push({ word: phrase.words.join(" "), role: phrase.role, ...(phrase.value !== undefined ? { value: phrase.value } : {}) })
      index += phrase.words.length
    } else {
      tagged.push({ word: words[index] as string })
      index += 1
    }
  }
  const price = (position: number) => Number(tagged[position]?.word)
  for (let index = 0; index < tagged.length; index += 1) {
    const { word, role, value } = tagged[index] as (typeof tagged)[number]
    const next = tagged[index + 1]?.word
    if (role === "condition") reading.filters.conditions = understanding.conditions[Number(value)]?.conditions ?? []
    else if (role === "cheapest" || role === "dearest") reading.filters.superlative = role
    else if (role === "count") reading.count = true
    else if (role === "otherBrand") reading.otherBrand = value
    else if (role === "absent") reading.absentCategory = value
    else if ((role === "atMost" || role === "atLeast") && isNumber(next)) {
      reading.filters[role === "atMost" ? "max" : "min"] = price(index + 1)
      index += 1
    } else if (role === "between" && isNumber(next) && isNumber(tagged[index + 3]?.word) && followUps.has(tagged[index + 2]?.word ?? "")) {
      const [low, high] = [price(index + 1), price(index + 3)].sort((a, b) => a - b)
      Object.assign(reading.filters, { min: low, max: high })
      index += 3
    } else if (isNumber(word)) {
      // "100 euros max": the bound follows the number, past a currency word.
      const after = currency.has(next ?? "") ? index + 2 : index + 1
      const bound = tagged[after]?.role
      if (bound === "atMost" || bound === "atLeast") {
        reading.filters[bound === "atMost" ? "max" : "min"] = price(index)
        index = after
      } else if (!currency.has(next ?? "")) reading.rest.push(word)
      else index += 1
    } else if (sizeWords.has(word) && next !== undefined && sizes.has(next)) {
      reading.filters.size = sizes.get(next)
      index += 1
    } else if (sizes.has(word) && word.length >= 2 && word !== "unique") reading.filters.size = sizes.get(word)
    else {
      if (followUps.has(word)) reading.followUp = true
      if (role === undefined) reading.rest.push(word)
    }
  }
  return reading
}

/** Whether the reading asks anything of the catalogue by itself ("le moins cher ?", "en bon état"). */
export function hasFilters(filters: Filters): boolean {
  return Object.values(filters).some((value) => value !== undefined)
}

/** The items the filters keep; a superlative keeps the one cheapest or dearest (first listed on a tie). */
export function applyFilters(items: readonly SoldItem[], filters: Filters): SoldItem[] {
  const size = filters.size ? normalize(filters.size) : undefined
  const kept = items.filter(
    (item) =>
      (size === undefined || normalize(item.size ?? "") === size) &&
      (filters.min === undefined || item.price >= filters.min) &&
      (filters.max === undefined || item.price <= filters.max) &&
      (filters.conditions === undefined || filters.conditions.includes(item.condition ?? "")),
  )
  if (!filters.superlative || kept.length === 0) return kept
  const pick =
    filters.superlative === "cheapest" ? (a: SoldItem, b: SoldItem) => (b.price < a.price ? b : a) : (a: SoldItem, b: SoldItem) => (b.price > a.price ? b : a)
  return [kept.reduce(pick)]
}
