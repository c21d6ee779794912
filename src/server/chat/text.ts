/**
 * French text analysis shared by every index of the chat: the same steps run on the content
 * when it is indexed and on each question, so both sides meet on the same terms.
 *   "Vous avez des PULLS Tommy ?" → words ["pulls", "tommy"] → terms ["pull", "tommy"]
 */
import { stemmer } from "@orama/stemmers/french"

/**
 * Lower case, no accents, words separated by single spaces: "Délai d'envoi ?" → "delai d envoi".
 * Digits and letters are split ("48h" → "48 h") so a keyword "48" finds them.
 */
export function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/(\d)([a-z])/g, "$1 $2")
    .replace(/([a-z])(\d)/g, "$1 $2")
    .trim()
}

/**
 * Words that say nothing about the subject (already normalised). A word an editor uses as a
 * keyword in content/chat.json is never dropped, whatever this list says (see Analyzer).
 */
const STOPWORDS = new Set(
  (
    "a au aux avec ce ces cet cette c ca ci d dans de des du elle elles en es est et etes eu il ils j je l la le les leur leurs lui " +
    "m ma mais me mes moi mon n ne ni nos notre nous on ou par pas peu plus pour qu que qui s sa sans se ses si son sont sur t ta te " +
    "tes toi ton tu un une vos votre vous y avez ai as avons ont suis etre avoir fait faire peut peux puis veux voudrais voulez " +
    "aimerais svp stp please bien tres trop encore deja aussi alors donc oui non ok la ici cela celui celle ceux tout tous toute toutes " +
    "quel quelle quels quelles quoi comment genre truc chose svp merci"
  ).split(" "),
)

export type WordRule = { means: string; words: readonly string[] }

/** Longer than any French word a visitor types ("anticonstitutionnellement" has 25 letters). */
const MAX_WORD_LENGTH = 30

/** A chat question rarely has 15 meaningful words; the rest of a long message is not read. */
const MAX_QUESTION_WORDS = 40

/**
 * Folds a question into words: normalised, slang and SMS spellings replaced by what they mean
 * (content/chat.json › vocabulary.words, e.g. "cb" → "combien"), filler words dropped.
 */
export class Analyzer {
  private readonly phrases: Array<{ from: string[]; to: string[] }>
  private readonly kept: Set<string>

  constructor(rules: readonly WordRule[], keywords: readonly string[]) {
    const phrase = (from: string, to: string[]) => ({ from: normalize(from).split(" "), to })
    const multiWord = keywords.map(normalize).filter((keyword) => keyword.includes(" "))
    this.phrases = [
      ...rules.flatMap((rule) => rule.words.map((word) => phrase(word, normalize(rule.means).split(" ")))),
      // A keyword of several words is one term ("combien de temps" is not "combien"), on both
      // sides: the index reads the keywords through this same method.
      ...multiWord.map((keyword) => phrase(keyword, [keyword.replace(/ /g, "")])),
    ]
      .filter(({ from }) => from[0] !== "")
      // Longest first, so "frais de port" is replaced before "port".
      .sort((a, b) => b.from.length - a.from.length)
    this.kept = new Set([...keywords.map(normalize).filter((keyword) => !keyword.includes(" ")), ...multiWord.map((keyword) => keyword.replace(/ /g, ""))])
  }

  /** Normalised words with the vocabulary applied, filler words kept (multi-word keywords need them). */
  words(text: string): string[] {
    const words = normalize(text).split(" ").filter(Boolean)
    const out: string[] = []
    for (let index = 0; index < words.length;) {
      const phrase = this.phrases.find(({ from }) => from.every((part, offset) => words[index + offset] === part))
      if (phrase) {
        out.push(...phrase.to)
        index += phrase.from.length
      } else {
        out.push(words[index] as string)
        index += 1
      }
    }
    return out
  }

  /**
   * A visitor's question as the indexes are asked it: its meaningful words, each once, none
   * longer than MAX_WORD_LENGTH, at most MAX_QUESTION_WORDS. The API accepts 2,000 characters:
   * without these bounds such a message (1,000 one-letter words, or one 2,000-letter "word"
   * searched with typo tolerance) costs hundreds of times the CPU of a real question.
   */
  question(text: string): string[] {
    return this.bounded(this.words(text))
  }

  /** question() on words already read (chat/filters.ts took out sizes, prices, conditions). */
  bounded(words: readonly string[]): string[] {
    const kept = this.meaningful(words).filter((word) => word.length <= MAX_WORD_LENGTH)
    return [...new Set(kept)].slice(0, MAX_QUESTION_WORDS)
  }

  /** The words that carry meaning: filler words dropped unless an editor made them a keyword. */
  meaningful(words: readonly string[]): string[] {
    return words.filter((word) => this.kept.has(word) || !STOPWORDS.has(word))
  }
}

/** French Snowball stem of one normalised word: "chemises" → "chemis", "authentifiez" → "authentif". */
export function stem(word: string): string {
  return stemmer(word)
}

/**
 * Typo tolerance by the length of the stem: none up to 4 letters ("sac", "prix", "fait" must be
 * exact, or "fait" would find "fit" and "crep" "crem"), one letter from 5 ("lacost" → "lacoste"
 * stems alike, "rouj" no), two from 8 ("lancastre" → "lancaster"). Short misspellings such as
 * "tomy" are listed in content/chat.json › vocabulary instead.
 */
export function typoTolerance(term: string): number {
  if (term.length <= 4) return 0
  return term.length >= 8 ? 2 : 1
}
