/**
 * The names ./mask.ts cannot tell by a label before them (issue 59): a relative's (« mon mari
 * Rachid Haddad »), one with a particle (« de Villeneuve »), and any capitalised word that is no
 * word of the shop's, which may be someone's name.
 *
 *   « Mon mari Rachid Haddad passera chez Mme de Villeneuve avec les polos Lacoste »
 *   → « Mon mari [nom] passera chez Mme [nom] avec les polos Lacoste »
 *
 * The shop's words are the chat's own (ShopWords): what its index says it uses (keywords, answers,
 * brands, categories, titles, shops), its vocabulary and understanding lists (« Zara » is a brand it
 * does not take, « XL » a size), beside the common words of ./mask-name-words.ts.
 *
 * What must stay true: a visitor's words never vouch for themselves, so the visitors' questions
 * kept in chat.json (the owner's earlier answers) are not read; a word at the start of a sentence
 * is masked only when it is a known first name or stands beside another part of a name (« Rachid
 * [nom] »), so « Comment… », « Vous… » stay; a question of maxAi's evaluation set comes out unchanged.
 */
import { siteContent } from "../chat/handler"
import { ChatIndex, type CatalogueContent } from "../chat/search-index"
import { subjectOf } from "../chat/confidence"
import { normalize } from "../chat/text"
import { FIRST_NAMES, folded, NAME_WORD, START } from "./mask-words"
import * as names from "./mask-name-words"

/** Every string of a content's lists (nested objects and arrays), a sentence such as the English note left out. */
const stringsOf = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsOf)
      : value && typeof value === "object"
        ? Object.entries(value).flatMap(([key, inner]) => (key === "note" ? [] : stringsOf(inner)))
        : []

/** The words of the shop's content, as the chat reads them: what is no one's name, and what a keyword may be. */
export class ShopWords {
  private readonly index: ChatIndex
  private readonly listed: ReadonlySet<string>

  constructor(content: CatalogueContent) {
    // The visitors' questions of the owner's earlier answers are not the shop's words: without them.
    const intents = content.chat.intents.map((intent) => ({ ...intent, questions: [] }))
    this.index = new ChatIndex({ ...content, chat: { ...content.chat, intents } })
    const { vocabulary, understanding } = content.chat
    this.listed = new Set(stringsOf([vocabulary, understanding]).flatMap((text) => normalize(text).split(" ")))
  }

  /** Whether the chat's content uses this word (normalised: « reprenez », « kilt »), itself or its stem. */
  uses(word: string): boolean {
    return this.listed.has(word) || this.index.knows(word)
  }

  /** The words saying what a text is about, as the chat reads them (chat/answer.ts questionTerms): « Vous reprenez les kilts ? » → reprenez, kilts. */
  subjectWords(text: string): string[] {
    return subjectOf(this.index.analyzer.question(text), this.index.lexicon?.english)
  }

  /** Whether a word as typed (« Lacoste », « Levi's », « Saint-Tropez ») is the shop's or common in every part of it: no name. */
  isShopWord(typed: string): boolean {
    const parts = this.index.analyzer.words(typed).filter((part) => part.length > 1)
    return parts.length > 0 && parts.every((part) => this.uses(part) || NOT_NAMES.some((list) => list.has(part)))
  }
}

const NOT_NAMES = [names.COMMON_WORDS, names.PLACES, names.SERVICES_AND_BRANDS, names.ACRONYMS]

let siteWords: ShopWords | null = null
/** The words of the site's own content (src/server/content.ts), read once. */
export const siteShopWords = (): ShopWords => (siteWords ??= new ShopWords(siteContent()))

const isFirstName = (word: string) => FIRST_NAMES.has(word.toLowerCase()) || FIRST_NAMES.has(folded(word))
const CAPITAL = /^\p{Lu}/u
const MASK = "[nom]"

/** How many of the words after « mon mari » are a name: capitalised or a known first name, then its surname. */
function relativeName(parts: readonly string[], shop: ShopWords): number {
  let taken = 0
  for (const part of parts.slice(0, 4)) {
    const capitalised = CAPITAL.test(part) && (isFirstName(part) || !shop.isShopWord(part))
    const surname = taken > 0 && isFirstName(parts[0]!) && !names.AFTER_NAME.has(folded(part)) && !shop.isShopWord(part)
    if (!(capitalised || (taken === 0 && isFirstName(part)) || surname)) break
    taken += 1
  }
  return taken
}

const RELATIVE = new RegExp(
  `${START}((?:${names.POSSESSIVES})\\s+(?:(?:${names.RELATIVE_ADJECTIVES})\\s+)?(?:${names.RELATIVES}))(?![\\p{L}])((?:\\s*,)?(?:\\s+${names.RELATIVE_NAME_LINKS})?\\s*:?)((?:\\s+${NAME_WORD}){1,4})`,
  "gu",
)
const PARTICLE_NAME = new RegExp(`${START}${names.PARTICLES}(\\p{Lu}[\\p{L}'’-]*)`, "gu")
/** A capitalised word, not the first letter of a mask (« [IBAN] »). */
const CAPITALISED = /(?<![\p{L}\d[_])\p{Lu}[\p{L}'’-]*/gu
const BEFORE_NAME = /(?<![\p{L}\d[_])(\p{Lu}[\p{L}'’-]*)(\s+)\[nom\]/gu
const AFTER_NAME = /\[nom\](\s+)(\p{Lu}[\p{L}'’-]*)(?![\p{L}\d])/gu
/** A last sentence of one to three capitalised words and initials: a signature (« … les polos ? Haddad R. »). */
const SIGNATURE = /((?:^|[.!?…]|\s[-–—]+)\s*)((?:\p{Lu}[\p{L}'’-]*\.?\s*){1,3}?)([.!]?\s*)$/u

/** Whether the word at `offset` starts a sentence: nothing but spaces, quotes or brackets since the text's start or a stop. */
function startsSentence(text: string, offset: number): boolean {
  const before = text.slice(0, offset).replace(/[\s«»"“”'‘’([*_~–—-]+$/u, "")
  return before === "" || /[.!?…:;]$/u.test(before)
}

function maskCapitalised(text: string, shop: ShopWords): string {
  const all = text.replace(/[^\p{L}]/gu, "")
  const shouted = all.replace(/[^\p{Lu}]/gu, "").length * 2 > all.length
  return text.replace(CAPITALISED, (word: string, offset: number) => {
    const letters = word.replace(/[^\p{L}]/gu, "")
    if (letters.length < 2 || shop.isShopWord(word)) return word
    // A word in upper case: a surname (« DUPONT ») in a text that is not shouted, from four letters (« VIP », « SAV » are not); else judged beside a name below.
    if (letters === letters.toUpperCase()) return letters.length >= 4 && !shouted ? MASK : word
    return startsSentence(text, offset) && !isFirstName(word) ? word : MASK
  })
}

/** A capitalised word that is no shop word, beside a masked name, is part of it: « Rachid [nom] », « [nom] HADDAD ». */
function joinNeighbours(text: string, shop: ShopWords): string {
  const beside = (word: string) => word.replace(/[^\p{L}]/gu, "").length >= 2 && (isFirstName(word) || !shop.isShopWord(word))
  let masked = text
  for (let round = 0; round < 3; round += 1) {
    const before = masked
    masked = masked
      .replace(BEFORE_NAME, (match: string, word: string) => (beside(word) ? MASK : match))
      .replace(AFTER_NAME, (match: string, _gap: string, word: string) => (beside(word) ? MASK : match))
      // Initials beside a name (« R. [nom] », « [nom] H. »), and two masks in a row, are one name.
      .replace(/(?<![\p{L}\d])(?:\p{Lu}\.\s*)+\[nom\]/gu, MASK)
      .replace(/\[nom\](?:\s+\p{Lu}\.)+(?![\p{L}\d])/gu, MASK)
      .replace(/\[nom\](?:[\s-]+\[nom\])+/gu, MASK)
    if (masked === before) break
  }
  return masked
}

export function maskNames(text: string, shop: ShopWords = siteShopWords()): string {
  const withRelatives = text.replace(RELATIVE, (match: string, relative: string, link: string, following: string) => {
    const parts = following.trim().split(/\s+/)
    const taken = relativeName(parts, shop)
    return taken === 0 ? match : `${relative}${link} ${MASK}${parts.length > taken ? ` ${parts.slice(taken).join(" ")}` : ""}`
  })
  const withParticles = withRelatives.replace(PARTICLE_NAME, (match: string, name: string) => (shop.isShopWord(name) ? match : MASK))
  const signed = withParticles.replace(SIGNATURE, (match: string, stop: string, signature: string, end: string) => {
    const words = signature.trim().split(/\s+/)
    const named = words.every((word) => /^\p{Lu}\.$/u.test(word) || !shop.isShopWord(word.replace(/\.$/, "")))
    return named && words.some((word) => word.length > 2) ? `${stop}${MASK}${end}` : match
  })
  return joinNeighbours(maskCapitalised(signed, shop), shop)
}
