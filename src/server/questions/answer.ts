/**
 * The owner's answer to a group of unanswered questions, as a new answer of content/chat.json
 * (pure: the router saves it through the studio's validated save). The answer is an intent like
 * the editors' own, so it stays editable in the studio: its keywords are the group's meaningful
 * words (as the chat read them), its `questions` the wording asked and the owner's other
 * formulations (the chat reads their words as keywords too, src/server/chat/search-index.ts).
 */
import { createHash } from "node:crypto"
import type { UnansweredQuestion } from "../../contract/questions"

/** The page address of a group: its key hashed, so the address says nothing and is always 12 hex digits. */
export function questionId(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 12)
}

export const isQuestionId = (text: string) => /^[0-9a-f]{12}$/.test(text)

/** One formulation per line, trimmed, each once, the empty ones dropped. */
export function rephrasingsOf(text: string): string[] {
  return [...new Set(text.split(/\r?\n/).map((line) => line.replace(/\s+/g, " ").trim()))].filter((line) => line !== "").slice(0, 20)
}

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
  // The masks ("[e-mail]") are left out: their words would read as keywords ("mail" is the contact's).
  const unmasked = (text: string) =>
    text
      .replace(/\[[^\]]*\]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  const questions = [...new Set([question.text, ...question.variants, ...rephrasings].map(unmasked))].filter((text) => text !== "")
  const keywords = question.words.length > 0 ? [...new Set(question.words)] : [question.text]
  chat.intents.push({ id, keywords, questions, answer: answer.trim() })
  return `${JSON.stringify(chat, null, 2)}\n`
}
