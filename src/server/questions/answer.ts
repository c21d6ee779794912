/**
 * The owner's answer to a group of unanswered questions, as a new answer of content/chat.json
 * (pure: the router saves it through the studio's validated save). The answer is an intent like
 * the editors' own, so it stays editable in the studio: its keywords are the group's meaningful
 * words (as the chat read them) that the chat already uses or that the owner typed in the answer
 * form, its `questions` the wording asked and the owner's other formulations (the chat reads
 * their words as keywords too, src/server/chat/search-index.ts).
 *
 * What must stay true: nothing of the visitor's raw words reaches chat.json (public: the chat
 * matches on it, git keeps it): the wordings are masked again here with today's rules (a group
 * stored before a rule existed keeps what that rule masks now), and a keyword is kept only when
 * the masked wording still holds it and it is a word of the chat's content (ShopWords: never a
 * visitor's) or one the owner typed (issue 59: a surname the mask missed is neither); the owner's
 * page shows these keywords before saving (answerKeywords).
 */
import { createHash } from "node:crypto"
import type { UnansweredQuestion } from "../../contract/questions"
import type { ChatContent } from "../content"
import { siteContent } from "../chat/handler"
import { stem } from "../chat/text"
import { maskPersonalData } from "./mask"
import { ShopWords } from "./mask-names"

/** The page address of a group: its key hashed, so the address says nothing and is always 12 hex digits. */
export function questionId(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 12)
}

export const isQuestionId = (text: string) => /^[0-9a-f]{12}$/.test(text)

/** One formulation per line, trimmed, each once, the empty ones dropped. */
export function rephrasingsOf(text: string): string[] {
  return [...new Set(text.split(/\r?\n/).map((line) => line.replace(/\s+/g, " ").trim()))].filter((line) => line !== "").slice(0, 20)
}

/** Lower case without accents: a keyword as the chat read it ("velo") still found in the wording ("vélo"). */
const comparable = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()

type Intent = { id: string; keywords: string[]; questions?: string[]; answer: string }

/** chat.json as the studio holds it, or a throw: the studio's file is always an object with an `intents` list. */
function chatOf(chatRaw: string): ChatContent & { intents: Intent[] } {
  const chat = JSON.parse(chatRaw) as ChatContent & { intents?: Intent[] }
  if (!Array.isArray(chat.intents)) throw new Error("content/chat.json sans liste « intents »")
  return chat as ChatContent & { intents: Intent[] }
}

let lastWords: { raw: string; words: ShopWords } | null = null
/** The shop's words with chat.json as the studio holds it (the rest of the content the site's), made once per version of it. */
export function shopWordsOf(chatRaw: string): ShopWords {
  if (lastWords?.raw !== chatRaw) lastWords = { raw: chatRaw, words: new ShopWords({ ...siteContent(), chat: chatOf(chatRaw) }) }
  return lastWords.words
}

/** A wording masked again with today's rules, then the masks ("[e-mail]") left out: their words would read as keywords ("mail" is the contact's). */
const unmasked = (text: string, shop: ShopWords) =>
  maskPersonalData(text, shop)
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\s+/g, " ")
    .trim()

const wordsOf = (text: string) =>
  comparable(text)
    .split(/[^\p{L}\d]+/u)
    .filter(Boolean)

/**
 * The keywords the answer gets: the group's words still in its masked wordings that the chat's
 * content uses or the owner typed (the answer, or a formulation of their own, not one of the
 * group's prefilled); when none, the meaningful words of the owner's formulations, else of the
 * answer. Shown on the answer form before saving (pages.ts).
 */
export function answerKeywords(shop: ShopWords, question: UnansweredQuestion, answer = "", rephrasings: readonly string[] = []): string[] {
  const wordings = [question.text, ...question.variants]
  const askedWords = new Set(wordings.flatMap((text) => wordsOf(unmasked(text, shop))))
  const own = rephrasings.filter((line) => !wordings.includes(line)).map((line) => unmasked(line, shop))
  const typed = new Set([unmasked(answer, shop), ...own].flatMap(wordsOf).flatMap((word) => [word, stem(word)]))
  const known = [...new Set(question.words.map(comparable))].filter(
    (word) => askedWords.has(word) && (shop.uses(word) || typed.has(word) || typed.has(stem(word))),
  )
  if (known.length > 0 || answer.trim() === "") return known
  const fromOwner = [...new Set(own.flatMap((line) => shop.subjectWords(line)))]
  const fromAnswer = [...new Set(shop.subjectWords(unmasked(answer, shop)))]
  return (fromOwner.length > 0 ? fromOwner : fromAnswer).slice(0, 5)
}

/**
 * chat.json with the new intent appended (`question-<id>`, `-2`… when taken). Throws on a
 * chat.json that is not an object with an `intents` list: the studio's file is always one.
 */
export function withOwnerAnswer(chatRaw: string, question: UnansweredQuestion, answer: string, rephrasings: readonly string[]): string {
  const chat = chatOf(chatRaw)
  const shop = shopWordsOf(chatRaw)
  const taken = new Set(chat.intents.map((intent) => intent.id))
  const base = `question-${questionId(question.key)}`
  let id = base
  for (let suffix = 2; taken.has(id); suffix += 1) id = `${base}-${suffix}`
  const asked = [question.text, ...question.variants].map((text) => unmasked(text, shop))
  const questions = [...new Set([...asked, ...rephrasings.map((text) => unmasked(text, shop))])].filter((text) => text !== "")
  const found = answerKeywords(shop, question, answer, rephrasings)
  // An answer of filler words only (« Oui. ») is its own keyword: the owner typed it, and chat.json wants one.
  const keywords = found.length > 0 ? found : [answer.trim()]
  chat.intents.push({ id, keywords, questions, answer: answer.trim() })
  return `${JSON.stringify(chat, null, 2)}\n`
}
