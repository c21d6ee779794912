/**
 * The chat's evaluation set (../data/chat-eval.json): French visitor questions, each with
 * what maxAi should answer from — an intent or fact of the content (`intent:rachat`,
 * `buyback:0`, `engine:2`, `shop:maxai-premium`), the sold items it should name (`items:1,4`;
 * `items:` when it should say none was sold), or `fallback`. A list accepts any of its answers.
 * jest (__tests__/server/chat-eval.test.ts) and the bench (scripts/bench/chat.ts) both use it.
 */
import questions from "../data/chat-eval.json"
import { decide, type Decision } from "../../src/server/chat/answer"
import type { ChatIndex } from "../../src/server/chat/search-index"

export type EvalCase = { question: string; expected: string | string[] }
export type Miss = { question: string; expected: string; got: string }

export const EVAL_SET: readonly EvalCase[] = questions

/** The decision in the evaluation set's words. */
export function label(decision: Decision): string {
  if (decision.kind === "fallback") return "fallback"
  if (decision.kind === "knowledge") return decision.doc.id
  return `items:${decision.match.items
    .map((item) => item.id)
    .sort((a, b) => a - b)
    .join(",")}`
}

export function evaluate(index: ChatIndex, cases: readonly EvalCase[] = EVAL_SET): { total: number; correct: number; accuracy: number; misses: Miss[] } {
  const misses: Miss[] = []
  for (const { question, expected } of cases) {
    const accepted = Array.isArray(expected) ? expected : [expected]
    const got = label(decide(index, question))
    if (!accepted.includes(got)) misses.push({ question, expected: accepted.join(" | "), got })
  }
  const correct = cases.length - misses.length
  return { total: cases.length, correct, accuracy: correct / cases.length, misses }
}
