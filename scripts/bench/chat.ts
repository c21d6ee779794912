/**
 * maxAi's answer quality and speed, in-process (no server): accuracy on the evaluation set
 * (__tests__/data/chat-eval.json, bar ≥ 90 %), the misses, the time to build the index once,
 * and the answer latency p50/p99 over every question of the set asked `--rounds` times (200),
 * in 5 runs whose best p99 must stay under 5 ms. The chat API's throughput on loopback is load.mjs's bar.
 *
 *   node --import tsx scripts/bench/chat.ts [--rounds 200]
 */
import os from "node:os"
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

/** One run: every question `rounds` times; wall-clock and CPU time of each answer. */
function run(rounds: number) {
  const wall: number[] = []
  const cpu: number[] = []
  for (let round = 0; round < rounds; round += 1) {
    for (const { question } of EVAL_SET) {
      const cpuStarted = process.cpuUsage()
      const started = performance.now()
      findAnswer(question)
      wall.push(performance.now() - started)
      const used = process.cpuUsage(cpuStarted)
      cpu.push((used.user + used.system) / 1000)
    }
  }
  wall.sort((a, b) => a - b)
  cpu.sort((a, b) => a - b)
  return { count: wall.length, p50: percentile(wall, 50), p99: percentile(wall, 99), cpuP99: percentile(cpu, 99) }
}

// On a shared machine another process can take the core mid-answer; the best of RUNS runs is
// what the code costs, the others are printed so a noisy measurement shows as such.
const RUNS = 5
const runs = Array.from({ length: RUNS }, () => run(Math.max(1, Math.round(rounds / RUNS))))
const best = runs.reduce((a, b) => (b.p99 < a.p99 ? b : a))
const { p50, p99 } = best
const load = os.loadavg()[0]?.toFixed(1)
console.log(`Index construit en ${buildMs.toFixed(1)} ms ; ${RUNS} passes de ${best.count} réponses (charge machine ${load}) :`)
for (const [position, one] of runs.entries()) {
  console.log(`  passe ${position + 1} : p50 ${one.p50.toFixed(3)} ms, p99 ${one.p99.toFixed(3)} ms (temps CPU p99 ${one.cpuP99.toFixed(3)} ms)`)
}
console.log()

const checks = [
  { name: "Évaluation du chat (questions justes)", value: `${(result.accuracy * 100).toFixed(1)} % (${result.correct}/${result.total})`, bar: "≥ 90 %", ok: result.accuracy >= 0.9 },
  { name: "Latence d'une réponse, en processus (p50 / p99, meilleure passe)", value: `${p50.toFixed(2)} / ${p99.toFixed(2)} ms`, bar: "p99 < 5 ms", ok: p99 < 5 },
]
printChecks(checks)
const written = writeResult("chat", checks, { rounds, buildMs, p50, p99, runs, loadAverage: os.loadavg()[0], misses: result.misses })
process.exit(written.ok ? 0 : 1)
