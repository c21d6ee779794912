/**
 * The owner's answer to a group of unanswered questions, as a new answer of content/chat.json
 * (pure: the router saves it through the studio's validated save). The answer is an intent like
 * the editors' own, so it stays editable in the studio: its keywords are the group's meaningful
 * words (as the chat read them), its `questions` the wording asked and the owner's other
 * formulations (the chat reads their words as keywords too, src/server/chat/search-index.ts).
 *
 * What must stay true: nothing of the visitor's raw words reaches chat.json (public: the chat
 * matches on it, git keeps it): the wordings are masked again here with today's rules (a group
 * stored before a rule existed keeps what that rule masks now), and a keyword is kept only when
 * the masked wording still holds it; the rest comes from what the owner types.
 */
import { createHash } from "node:crypto"
import type { UnansweredQuestion } from "../../contract/questions"
import { maskPersonalData } from "./mask"

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

/**
 * chat.json with the new intent appended (`question-<id>`, `-2`… when taken). Throws on a
 * chat.json that is not an object with an `intents` list: the studio's file is always one.
 */
export function withOwnerAnswer(chatRaw: string, question: UnansweredQuestion, answer: string, rephrasings: readonly string[]): string {
  const chat = JSON.parse(chatRaw) as { intents?: Intent[] }
  if (!Array.isArray(chat.intents)) throw new Error("content/chat.json sans liste « intents »")
  const taken = new Set(chat.intents.map((intent) => intent.id))
  const base = `question-${questionId(question.key)}`
  let id = base
  for (let suffix = 2; taken.has(id); suffix += 1) id = `${base}-${suffix}`
  // Masked again, then the masks ("[e-mail]") left out: their words would read as keywords ("mail" is the contact's).
  const unmasked = (text: string) =>
    maskPersonalData(text)
      .replace(/\[[^\]]*\]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  const asked = [question.text, ...question.variants].map(unmasked)
  const questions = [...new Set([...asked, ...rephrasings.map(unmasked)])].filter((text) => text !== "")
  const askedWords = new Set(asked.flatMap((text) => comparable(text).split(/[^\p{L}\d]+/u)))
  const words = [...new Set(question.words)].filter((word) => askedWords.has(comparable(word)))
  const keywords = words.length > 0 ? words : questions.slice(0, 1)
  chat.intents.push({ id, keywords, questions, answer: answer.trim() })
  return `${JSON.stringify(chat, null, 2)}\n`
}
