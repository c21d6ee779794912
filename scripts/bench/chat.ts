/**
 * maxAi's answer quality and speed, in-process (no server): accuracy on the evaluation set
 * (__tests__/data/chat-eval.json, bar ≥ 90 %), the misses, the time to build the index once,
 * and the answer latency p50/p99 over every question of the set asked `--rounds` times (200)
 * (bar: p99 < 5 ms). The chat API's throughput on loopback is load.mjs's bar.
 *
 *   node --import tsx scripts/bench/chat.ts [--rounds 200]
 */
import { performance } from "node:perf_hooks"
import { EVAL_SET, evaluate } from "../chat-eval"
import { ChatIndex } from "../../src/server/chat-index"
import { findAnswer, siteContent } from "../../src/server/chat"
// @ts-expect-error: plain ESM helpers shared by the bench scripts, without type declarations.
import { printChecks, writeResult } from "./lib.mjs"

const index = process.argv.indexOf("--rounds")
const rounds = Number(index > 0 ? process.argv[index + 1] : 200)

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN

const buildStarted = performance.now()
const built = new ChatIndex(siteContent())
const buildMs = performance.now() - buildStarted

const result = evaluate(built)
console.log(`Évaluation : ${result.correct}/${result.total} questions (${(result.accuracy * 100).toFixed(1)} %)`)
for (const miss of result.misses) console.log(`  raté : « ${miss.question} » — attendu ${miss.expected}, obtenu ${miss.got}`)

// findAnswer is what the API calls: the site's index, built on the first question, then reused.
// One untimed round first, as a running server has (compiled code, warm caches).
for (const { question } of EVAL_SET) findAnswer(question)
const timings: number[] = []
for (let round = 0; round < rounds; round += 1) {
  for (const { question } of EVAL_SET) {
    const started = performance.now()
    findAnswer(question)
    timings.push(performance.now() - started)
  }
}
timings.sort((a, b) => a - b)
const p50 = percentile(timings, 50)
const p99 = percentile(timings, 99)
console.log(`Index construit en ${buildMs.toFixed(1)} ms ; ${timings.length} réponses : p50 ${p50.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms, max ${timings[timings.length - 1]?.toFixed(2)} ms\n`)

const checks = [
  { name: "Évaluation du chat (questions justes)", value: `${(result.accuracy * 100).toFixed(1)} % (${result.correct}/${result.total})`, bar: "≥ 90 %", ok: result.accuracy >= 0.9 },
  { name: "Latence d'une réponse, en processus (p50 / p99)", value: `${p50.toFixed(2)} / ${p99.toFixed(2)} ms`, bar: "p99 < 5 ms", ok: p99 < 5 },
]
printChecks(checks)
const written = writeResult("chat", checks, { rounds, buildMs, p50, p99, misses: result.misses })
process.exit(written.ok ? 0 : 1)
