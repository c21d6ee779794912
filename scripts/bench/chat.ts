/**
 * maxAi's answer quality and speed, in-process (no server): accuracy on the evaluation set
 * (__tests__/data/chat-eval.json: bar ≥ 99 % on the questions the content covers, ≥ 95 % honest
 * answers on the out-of-scope ones, ≥ 85 % for every kind of question), the misses, the time to build the index once,
 * and the answer latency p50/p99 over every question of the set asked `--rounds` times (200),
 * in 5 runs on a fresh index each: words met for the first time, then the steady state; the
 * best steady p99 must stay under 5 ms (the first rounds' figures are printed beside). The chat API's throughput on loopback is load.mjs's bar.
 *
 *   node --import tsx scripts/bench/chat.ts [--rounds 200]
 */
import os from "node:os"
import { performance } from "node:perf_hooks"
import { EVAL_SET, evaluate, figures } from "../../__tests__/helpers/chat-eval"
import { ChatIndex } from "../../src/server/chat/search-index"
import { composeAnswer } from "../../src/server/chat/answer"
import { siteContent } from "../../src/server/chat/handler"
// @ts-expect-error: plain ESM helpers shared by the bench scripts, without type declarations.
import { printChecks, writeResult } from "./lib.mjs"

const index = process.argv.indexOf("--rounds")
const rounds = Number(index > 0 ? process.argv[index + 1] : 200)

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN

const buildStarted = performance.now()
const built = new ChatIndex(siteContent())
const buildMs = performance.now() - buildStarted

const result = evaluate(built)
console.log(`Évaluation : ${figures(result)}`)
for (const kind of result.byKind) console.log(`  ${kind.kind} : ${kind.correct}/${kind.total} (${(kind.accuracy * 100).toFixed(0)} %)`)
for (const miss of result.misses) console.log(`  raté [${miss.kind}] : « ${miss.question} » — attendu ${miss.expected}, obtenu ${miss.got}`)
const weakest = result.byKind.reduce((a, b) => (b.accuracy < a.accuracy ? b : a))

/** p50/p99 of wall-clock times and p99 of CPU times, in ms. */
function summarise(wall: number[], cpu: number[]) {
  wall.sort((a, b) => a - b)
  cpu.sort((a, b) => a - b)
  return { count: wall.length, p50: percentile(wall, 50), p99: percentile(wall, 99), cpuP99: percentile(cpu, 99) }
}

/**
 * One run on a fresh index, as a function that just started (the code itself is already
 * compiled by evaluate() above): the first round meets every word for the first time (the
 * index remembers what each word names), the next `rounds - 1` are the steady state.
 */
function run(rounds: number) {
  const index = new ChatIndex(siteContent())
  const timings = [
    { wall: [] as number[], cpu: [] as number[] },
    { wall: [] as number[], cpu: [] as number[] },
  ]
  for (let round = 0; round < rounds; round += 1) {
    const into = timings[round === 0 ? 0 : 1] as { wall: number[]; cpu: number[] }
    for (const { question, history } of EVAL_SET) {
      const cpuStarted = process.cpuUsage()
      const started = performance.now()
      composeAnswer(index, question, history)
      into.wall.push(performance.now() - started)
      const used = process.cpuUsage(cpuStarted)
      into.cpu.push((used.user + used.system) / 1000)
    }
  }
  pooled.wall.push(...timings[0]!.wall)
  pooled.cpu.push(...timings[0]!.cpu)
  return { first: summarise(timings[0]!.wall, timings[0]!.cpu), steady: summarise(timings[1]!.wall, timings[1]!.cpu) }
}

const pooled = { wall: [] as number[], cpu: [] as number[] }

// On a shared machine another process can take the core mid-answer; the best of RUNS runs is
// what the code costs, the others are printed so a noisy measurement shows as such.
const RUNS = 5
const runs = Array.from({ length: RUNS }, () => run(Math.max(2, Math.round(rounds / RUNS))))
const bestOf = (pick: (one: (typeof runs)[number]) => ReturnType<typeof summarise>) => runs.map(pick).reduce((a, b) => (b.p99 < a.p99 ? b : a))
// A first round has only one answer per question: the five are pooled for a meaningful p99.
const first = summarise(pooled.wall, pooled.cpu)
const steady = bestOf((one) => one.steady)
const { p50, p99 } = steady
const load = os.loadavg()[0]?.toFixed(1)
const line = (one: ReturnType<typeof summarise>) => `p50 ${one.p50.toFixed(3)} ms, p99 ${one.p99.toFixed(3)} ms (temps CPU p99 ${one.cpuP99.toFixed(3)} ms)`
console.log(`Index construit en ${buildMs.toFixed(1)} ms ; ${RUNS} passes sur un index neuf (charge machine ${load}) :`)
for (const [position, one] of runs.entries()) {
  console.log(`  passe ${position + 1} : mots nouveaux ${line(one.first)} ; ensuite ${line(one.steady)}`)
}
// Informative, not a bar: a word is new once per function start, so visitors meet the steady
// state; this shows what the typo-tolerant search itself costs.
console.log(`Mots jamais vus (premières passes réunies, ${first.count} réponses) : ${line(first)}\n`)

const checks = [
  {
    name: "Évaluation du chat (questions couvertes justes)",
    value: `${(result.inScope.accuracy * 100).toFixed(1)} % (${result.inScope.correct}/${result.inScope.total})`,
    bar: "≥ 99 %",
    ok: result.inScope.accuracy >= 0.99,
  },
  {
    name: "Évaluation du chat (hors sujet : « je n'ai pas encore la réponse »)",
    value: `${(result.outOfScope.accuracy * 100).toFixed(1)} % (${result.outOfScope.correct}/${result.outOfScope.total})`,
    bar: "≥ 95 %",
    ok: result.outOfScope.accuracy >= 0.95,
  },
  {
    name: "Évaluation du chat, type de question le plus faible",
    value: `${weakest.kind} : ${(weakest.accuracy * 100).toFixed(0)} % (${weakest.correct}/${weakest.total})`,
    bar: "≥ 85 %",
    ok: weakest.accuracy >= 0.85,
  },
  {
    name: "Latence d'une réponse, en processus (p50 / p99, meilleure passe)",
    value: `${p50.toFixed(2)} / ${p99.toFixed(2)} ms`,
    bar: "p99 < 5 ms",
    ok: p99 < 5,
  },
]
printChecks(checks)
const written = writeResult("chat", checks, { rounds, buildMs, p50, p99, firstWords: first, runs, loadAverage: os.loadavg()[0], misses: result.misses })
process.exit(written.ok ? 0 : 1)
