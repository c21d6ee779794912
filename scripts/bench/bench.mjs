/**
 * `npm run bench`: the measured quality bars on the built site, then one summary table.
 * Runs chat (answer accuracy and latency, in-process), bundle-budget (with the in-browser count),
 * html-validate, lighthouse, lcp (the largest paint against the page without its scripts),
 * fonts (Inter on a first visit: paint and layout shift against the previous font choice),
 * rendering, load, server (GET / throughput, server memory, 60 s soak), estimate-upload
 * (20 concurrent uploads of 4 × 2 MB) and publish (the studio's save → live: the first save after
 * a start without and with a warm workspace, the steady warm ones, and every build's memory), each
 * as its own process. The machine's speed is printed beside the figures (one scrypt check at the
 * studio's cost, the median of 7, before and after the runs: ./lib.mjs scryptCheckMs), so that two
 * runs on two machines compare. Uses the site served at BASE_URL (default http://127.0.0.1:9000) or, when
 * nothing answers there, serves public/ itself with `npm run serve` (src/server/host/serve.ts) for the duration.
 * Exits non-zero when any bar fails.
 *
 *   npm run build && npm run bench
 */
import { spawn, spawnSync } from "node:child_process"
import { existsSync, readFileSync, rmSync } from "node:fs"
import path from "node:path"
import { BASE_URL, RESULTS_DIR, ROOT, scryptCheckMs, table } from "./lib.mjs"

const STEPS = [
  { name: "chat", script: "chat.ts", args: [], node: ["--import", "tsx"] },
  { name: "bundle", script: "bundle-budget.mjs", args: ["--runtime"] },
  { name: "html", script: "html-validate.mjs", args: [] },
  { name: "lighthouse", script: "lighthouse.mjs", args: [] },
  { name: "lcp", script: "lcp.mjs", args: [] },
  { name: "fonts", script: "fonts.mjs", args: [] },
  { name: "rendering", script: "rendering.mjs", args: [] },
  { name: "load", script: "load.mjs", args: [] },
  // Starts its own server (ephemeral port) to read its memory: GET / throughput, 60 s soak.
  { name: "server", script: "server.mjs", args: [] },
  // Starts its own server (BASE_URL's port + 1) to read its memory.
  { name: "estimate-upload", script: "estimate-upload.mjs", args: [] },
  // Starts its own server (ephemeral port, STUDIO_PUBLISH on) on a copy of content/ and a new
  // workspace: a price saved through the studio's protocol until the page shows it, first while the
  // server warms its workspace at start, then warm, then once more after a restart (gatsby builds).
  { name: "publish", script: "publish.mjs", args: [] },
]

const answers = () =>
  fetch(`${BASE_URL}/`)
    .then((response) => response.ok)
    .catch(() => false)

async function ensureServer() {
  if (await answers()) return null
  const { port, hostname } = new URL(BASE_URL)
  console.log(`Rien ne répond sur ${BASE_URL} : lancement de npm run serve.`)
  const server = spawn("npm", ["run", "serve"], {
    cwd: ROOT,
    // Load and soak traffic comes from one address: the chat rate limit is raised, as in .ci/run.
    // No warm-up at start (docs/studio.md#warm-up-at-start): a gatsby build beside the bars would skew them.
    env: { ...process.env, PORT: port || "80", HOST: hostname, CHAT_RATE_LIMIT: "1000000", BODY_TIMEOUT_MS: "2000", STUDIO_PUBLISH_WARM_UP: "off" },
    stdio: "ignore",
    detached: true,
  })
  for (let attempt = 0; attempt < 60; attempt += 1) {
    if (await answers()) return server
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  process.kill(-server.pid)
  throw new Error(`le serveur ne répond pas sur ${BASE_URL} (lancez "npm run build" d'abord).`)
}

async function main() {
  const speed = [scryptCheckMs()]
  const server = await ensureServer()
  const outcomes = []
  try {
    for (const step of STEPS) {
      console.log(`\n=== ${step.name} ===`)
      rmSync(path.join(RESULTS_DIR, `${step.name}.json`), { force: true })
      const started = Date.now()
      const run = spawnSync(process.execPath, [...(step.node ?? []), path.join(ROOT, "scripts/bench", step.script), ...step.args], {
        stdio: "inherit",
        env: process.env,
      })
      outcomes.push({ ...step, status: run.status, seconds: Math.round((Date.now() - started) / 1000) })
    }
  } finally {
    if (server) process.kill(-server.pid)
  }

  const rows = []
  for (const outcome of outcomes) {
    const file = path.join(RESULTS_DIR, `${outcome.name}.json`)
    if (!existsSync(file)) {
      rows.push([outcome.name, "(pas de résultat : le script a échoué)", "", "", "ÉCHEC"])
      continue
    }
    for (const check of JSON.parse(readFileSync(file, "utf8")).checks)
      rows.push([outcome.name, check.name, String(check.value), check.bar, check.ok ? "OK" : "ÉCHEC"])
  }
  speed.push(scryptCheckMs())
  console.log(`\n=== Résumé (${BASE_URL}) ===\n`)
  // The figures are this machine's: its speed beside them (docs/testing.md#latest-figures gives the check beside each figure).
  console.log(`Vitesse de la machine : un scrypt N = 2^15 en ${speed.map((ms) => `${ms.toFixed(0)} ms`).join(" avant, ")} après (médianes de 7)\n`)
  console.log(table(["script", "barre", "mesure", "seuil", ""], rows))
  console.log(`\nDurées : ${outcomes.map((outcome) => `${outcome.name} ${outcome.seconds} s`).join(", ")}`)
  const failed = outcomes.filter((outcome) => outcome.status !== 0)
  if (failed.length > 0) console.log(`En échec : ${failed.map((outcome) => outcome.name).join(", ")}`)
  process.exit(failed.length > 0 ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
