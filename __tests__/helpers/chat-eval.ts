/**
 * The chat's evaluation set (../data/chat-eval.json): visitor questions as visitors type them
 * (typos, no accents, SMS, English, follow-ups), each tagged with its `kind` and with what maxAi
 * should answer from — an intent or fact of the content (`intent:rachat`, `buyback:0`,
 * `engine:2`, `shop:maxai-premium`), the sold items it should name (`items:1,4`; `items:` when
 * none), `range:Lacoste/Polo` (the buy-back range), `other-brand`, `absent-category` or
 * `fallback`. A list accepts any of its answers; `history` holds the earlier turns. The kind
 * `out of scope` holds questions the content does not cover (payment means, services the shop
 * does not offer, events, jobs…): their right answer is the honest one, `fallback`
 * (src/server/chat/confidence.ts decides). The two figures are kept apart: the in-scope questions
 * must keep their score while the out-of-scope ones get the honest answer.
 * jest (__tests__/server/chat-eval.test.ts) and the bench (scripts/bench/chat.ts) both use it.
 */
import questions from "../data/chat-eval.json"
import type { ChatTurn } from "../../src/contract/chat"
import { decide, type Decision } from "../../src/server/chat/answer"
import type { ChatIndex } from "../../src/server/chat/search-index"

/** The kind of the questions the content does not cover. */
export const OUT_OF_SCOPE = "out of scope"

export type EvalCase = { question: string; kind: string; expected: string | string[]; history?: ChatTurn[] }
export type Miss = { question: string; kind: string; expected: string; got: string }

export const EVAL_SET: readonly EvalCase[] = questions as EvalCase[]

/** The decision in the evaluation set's words. */
export function label(decision: Decision): string {
  switch (decision.kind) {
    case "fallback":
      return "fallback"
    case "knowledge":
      return decision.doc.id
    case "range":
      return `range:${decision.brand}/${decision.category}`
    case "otherBrand":
      return "other-brand"
    case "absentCategory":
      return "absent-category"
    case "catalogue":
      return `items:${decision.match.items
        .map((item) => item.id)
        .sort((a, b) => a - b)
        .join(",")}`
  }
}

export type KindScore = { kind: string; total: number; correct: number; accuracy: number }

export function evaluate(index: ChatIndex, cases: readonly EvalCase[] = EVAL_SET) {
  const misses: Miss[] = []
  const kinds = new Map<string, KindScore>()
  for (const { question, kind, expected, history } of cases) {
    const accepted = Array.isArray(expected) ? expected : [expected]
    const got = label(decide(index, question, history ?? []))
    const score = kinds.get(kind) ?? { kind, total: 0, correct: 0, accuracy: 0 }
    score.total += 1
    if (accepted.includes(got)) score.correct += 1
    else misses.push({ question, kind, expected: accepted.join(" | "), got })
    score.accuracy = score.correct / score.total
    kinds.set(kind, score)
  }
  const correct = cases.length - misses.length
  const share = (picked: KindScore[]) => {
    const total = picked.reduce((sum, kind) => sum + kind.total, 0)
    const right = picked.reduce((sum, kind) => sum + kind.correct, 0)
    return { total, correct: right, accuracy: total === 0 ? 1 : right / total }
  }
  const byKind = [...kinds.values()]
  return {
    total: cases.length,
    correct,
    accuracy: correct / cases.length,
    misses,
    byKind,
    inScope: share(byKind.filter((kind) => kind.kind !== OUT_OF_SCOPE)),
    outOfScope: share(byKind.filter((kind) => kind.kind === OUT_OF_SCOPE)),
  }
}

/** The two figures in the words the jest test and the bench print. */
export function figures(result: ReturnType<typeof evaluate>): string {
  const percent = (part: { correct: number; total: number; accuracy: number }) => `${(part.accuracy * 100).toFixed(1)} % (${part.correct}/${part.total})`
  return `questions couvertes justes : ${percent(result.inScope)} ; hors sujet, réponse honnête : ${percent(result.outOfScope)}`
}
