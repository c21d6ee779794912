/**
 * maxAi's one confidence rule: an answer is given only when it explains enough of the question.
 *
 * The question's subject is its meaningful words (text.ts already dropped the filler words), less
 * the words that only ask ("proposez-vous", "je peux", "vous auriez") and the English ones the
 * content lists as such. A word is explained when the chosen answer matched it (an editor's keyword
 * or a word of the answer, stems and typos included), or when the catalogue names it (a brand, a
 * category, a word of a sold item's title) or reads it (a size, a price bound, a condition).
 *
 *   « Acceptez-vous les paiements en bitcoin ? » → subject paiements, bitcoin; the free-estimate
 *   card matched neither → not confident → the honest answer (chat.json › fallback).
 *   « livraison gratuite ? » → livraison explained by the delivery intent's keyword, 1 of 2 → given.
 *
 * What must stay true: an answer found through an editor's keyword (or the catalogue) needs at
 * least half of the subject explained; an answer found only through the words of its text needs
 * all of it (one shared word of a long answer is how the unrelated answers came). The evaluation
 * set (__tests__/data/chat-eval.json, kind "out of scope") holds this rule to ≥ 95 % honest while
 * the in-scope questions keep their score.
 */
import { stem } from "./text"

/**
 * Words that ask without saying about what: verbs of asking and offering, SMS forms, fillers.
 * Normalised (no accents). They are left out of the subject, never out of the search.
 */
const ASKING_WORDS = new Set(
  (
    "peux peut pouvez pourriez possible faites faut prenez prend propose proposez proposer acceptez accepte " +
    "cherche cherchez jcherche recherche jveux veut voulais souhaite souhaiterais savez sais savoir parler passez passe " +
    "fonctionne fonctionnez fonctionnent marche parlez dites expliquez explique expliquer reconnaissez auriez aurais aurai ya koi trucs beaucoup va quelque chez pr dla moment please to talk " +
    // the shop and its assistant name themselves, not a subject (« la précision de votre IA »); « une fois »
    "ia maxai fois"
  ).split(" "),
)

/**
 * Facts every catalogue answer states for each item (src/server/chat/catalogue-answer.ts): asking
 * about them is asking about the items named.
 */
const ITEM_FACTS = new Set(["taille", "tailles", "etat", "prix", "combien", "coute", "cout", "dispo", "disponible", "stock"])

/** How the chosen answer was found: through an editor's keyword, the catalogue, or only the words of its text. */
export type Grounds = "keyword" | "catalogue" | "answer text"

/**
 * Whether the answer may be given. `subject`: the question's meaningful words that named no brand
 * or category; `named`: how many things the catalogue or the filters already recognised in it
 * (brands, categories, a size, a price bound, the subject of an earlier turn); `explains`: whether
 * the answer explains one subject word; `english`: the content's English filler words.
 */
export function isConfident(
  grounds: Grounds,
  subject: readonly string[],
  named: number,
  explains: (word: string) => boolean,
  knows: (word: string) => boolean,
  english: ReadonlySet<string> = new Set(),
): boolean {
  const asked = subjectOf(subject, english)
  const unexplained = asked.filter((word) => !explains(word) && !(grounds === "catalogue" && ITEM_FACTS.has(word)))
  const total = named + asked.length
  const explained = total - unexplained.length
  if (explained * 2 > total) return true
  // Half explained: enough only through a keyword or the catalogue, and when the rest is words the content uses.
  return grounds !== "answer text" && explained * 2 === total && unexplained.every(knows)
}

/** The words that say what the question is about: asking words, the content's English filler words and bare numbers left out. */
export function subjectOf(words: readonly string[], english: ReadonlySet<string> = new Set()): string[] {
  return words.filter((word) => !ASKING_WORDS.has(word) && !english.has(word) && !/^\d+$/.test(word))
}

/** Whether a search hit matched this word of the question (itself or its stem, as the index stores both). */
export function matched(terms: readonly string[], word: string): boolean {
  return terms.includes(word) || terms.includes(stem(word))
}
