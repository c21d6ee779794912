/**
 * maxAi against its evaluation set (__tests__/data/chat-eval.json): French visitor questions
 * with typos, no accents, slang and SMS spellings, about brands, items, prices, delivery,
 * authentication, selling, contact, and off-topic ones. The misses are printed so an editor or a
 * developer sees what a content or code change broke.
 */
import { ChatIndex } from "../../src/server/chat/search-index"
import { siteContent } from "../../src/server/chat/handler"
import { EVAL_SET, evaluate } from "../helpers/chat-eval"

const TOPICS = [
  "items:",
  "intent:livraison",
  "intent:authentification",
  "intent:rachat",
  "intent:contact",
  "intent:prix",
  "intent:marques",
  "intent:boutiques",
  "fallback",
]

describe("maxAi evaluation set", () => {
  it("holds at least 80 questions covering every topic", () => {
    expect(EVAL_SET.length).toBeGreaterThanOrEqual(80)
    const expected = EVAL_SET.flatMap((entry) => (Array.isArray(entry.expected) ? entry.expected : [entry.expected]))
    for (const topic of TOPICS) expect([topic, expected.some((answer) => answer.startsWith(topic))]).toEqual([topic, true])
  })

  it("answers at least 90 % of it right", () => {
    const result = evaluate(new ChatIndex(siteContent()))
    const report = result.misses.map((miss) => `  « ${miss.question} » : attendu ${miss.expected}, obtenu ${miss.got}`).join("\n")
    console.log(`Évaluation maxAi : ${result.correct}/${result.total} (${(result.accuracy * 100).toFixed(1)} %)${report ? `\nRatés :\n${report}` : ""}`)
    expect(result.accuracy).toBeGreaterThanOrEqual(0.9)
  })
})
