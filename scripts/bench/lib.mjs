/**
 * Shared plumbing of the quality-bar scripts: where results go, the served site's address,
 * median, fixed-width tables, the machine's speed. Each bar script writes its figures to
 * artifacts/bench/<name>.json, so `npm run bench` (bench.mjs) can print one summary without
 * re-measuring, and the same as a short dated page, artifacts/bench/<name>.md
 * (docs/testing.md#results-under-artifactsbench).
 */
import { spawn } from "node:child_process"
import { scryptSync } from "node:crypto"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
export const PUBLIC_DIR = path.join(ROOT, "public")
export const RESULTS_DIR = path.join(ROOT, "artifacts", "bench")

/** The served build (npm run serve listens on 9000); BASE_URL overrides, as for the e2e tests. */
export const BASE_URL = (process.env.BASE_URL ?? "http://127.0.0.1:9000").replace(/\/$/, "")

export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b)
  if (sorted.length === 0) return NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** Left-aligned first column, right-aligned others. */
export function table(headers, rows) {
  const cells = [headers, ...rows].map((row) => row.map((cell) => String(cell)))
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => row[column]?.length ?? 0)))
  const line = (row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ")
  return [line(cells[0]), widths.map((width) => "-".repeat(width)).join("  "), ...cells.slice(1).map(line)].join("\n")
}

/**
 * One bar = one check. `checks` is a list of { name, value, bar, ok }; the result file is what
 * bench.mjs summarises. Writes artifacts/bench/<name>.json (the checks, `extra`, the time `at` and
 * the machine's scrypt check `scrypt_check_ms`) and artifacts/bench/<name>.md, the same for a
 * reader: title, date, the machine's speed and the table of the checks.
 */
export function writeResult(name, checks, extra = {}) {
  mkdirSync(RESULTS_DIR, { recursive: true })
  const at = new Date()
  const scryptMs = processScryptCheckMs()
  const result = {
    name,
    ok: checks.every((check) => check.ok),
    checks,
    ...extra,
    at: at.toISOString(),
    scrypt_check_ms: Number.isFinite(scryptMs) ? Math.round(scryptMs * 10) / 10 : null,
  }
  writeFileSync(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`)
  writeFileSync(path.join(RESULTS_DIR, `${name}.md`), resultMarkdown(result, at))
  return result
}

/** A table cell: one line, its pipes escaped. */
const markdownCell = (value) =>
  String(value ?? "")
    .replace(/\s*\n\s*/g, " ")
    .replace(/\|/g, "\\|")

/** The result as a short Markdown page: title, date (ISO and the day, UTC), the machine's speed, the checks. */
export function resultMarkdown(result, at = new Date(result.at)) {
  const day = at.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })
  const speed = result.scrypt_check_ms === null ? "not measured" : `${result.scrypt_check_ms} ms`
  return [
    `# Bench: ${result.name}`,
    "",
    `- Date: ${at.toISOString()} (${day}, UTC)`,
    `- Machine's speed: one scrypt check (N = 2^15, r = 8, p = 1, median of 7) took ${speed}`,
    `- Result: ${result.ok ? "OK, every check passed" : "ÉCHEC, at least one check failed"}`,
    "",
    "| bar | measured | threshold | result |",
    "| --- | --- | --- | --- |",
    ...result.checks.map((check) => `| ${[check.name, check.value, check.bar, check.ok ? "OK" : "ÉCHEC"].map(markdownCell).join(" | ")} |`),
    "",
  ].join("\n")
}

export function printChecks(checks) {
  console.log(
    table(
      ["barre", "mesure", "seuil", ""],
      checks.map((check) => [check.name, check.value, check.bar, check.ok ? "OK" : "ÉCHEC"]),
    ),
  )
}

export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`

/**
 * The machine's speed, the figure this project's timings are given with: the median time of one
 * scrypt check at the studio's production cost (N = 2^15, r = 8, p = 1: src/server/studio/accounts.ts),
 * in ms, over `runs` checks. About 80–94 ms on the quiet 2-core machine the figures of
 * docs/testing.md#latest-figures come from (the check is given beside a figure where one was
 * measured); the bars written for a 100 ms machine scale by it (`scaledTo100Ms`). Measures afresh at each call (load.mjs and publish.mjs measure before and
 * after their runs); `processScryptCheckMs` measures once per process.
 */
export function scryptCheckMs(runs = 7) {
  const times = []
  for (let run = 0; run < runs; run += 1) {
    const started = process.hrtime.bigint()
    scryptSync("mesure de la machine", "sel de mesure", 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 })
    times.push(Number(process.hrtime.bigint() - started) / 1e6)
  }
  return median(times)
}

let measuredScryptMs = null

/** The machine's scrypt check for this process's results: measured on the first call, then reused. */
export function processScryptCheckMs() {
  measuredScryptMs ??= scryptCheckMs()
  return measuredScryptMs
}

/** `seconds` measured on a machine whose scrypt check took `scryptMs`, as on a 100 ms machine (never faster than measured). */
export const scaledTo100Ms = (seconds, scryptMs) => seconds * Math.min(1, 100 / scryptMs)
/** A rate (per second) measured on a machine whose check took `scryptMs`, as on a 100 ms machine (never more than measured). */
export const rateScaledTo100Ms = (perSecond, scryptMs) => perSecond / Math.min(1, 100 / scryptMs)

/** A process's resident memory in MB, from /proc. */
export const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024)

/**
 * The production server (`node --import tsx src/server/host/serve.ts`, so its pid is the server's
 * own and its memory can be read in /proc) on an ephemeral loopback port, with `env` added.
 * Resolves with the process, its address and its error output so far.
 */
export function startServerProcess(env = {}) {
  const server = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "src/server/host/serve.ts")], {
    cwd: ROOT,
    // No warm-up at start (docs/studio.md#warm-up-at-start): a gatsby build beside a measure would skew it; the publish bench asks for it.
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", STUDIO_PUBLISH_WARM_UP: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let log = ""
  server.stderr.on("data", (chunk) => (log += chunk))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`le serveur ne démarre pas : ${log}`)), 60_000)
    server.stdout.on("data", (chunk) => {
      const url = /http:\/\/[\d.]+:\d+/.exec(String(chunk))?.[0]
      if (url) {
        clearTimeout(timer)
        resolve({ server, url, log: () => log })
      }
    })
    server.once("exit", (code) => reject(new Error(`le serveur s'est arrêté (${code}) : ${log}`)))
  })
}
