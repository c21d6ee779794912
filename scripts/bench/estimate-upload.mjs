/**
 * Upload bar of POST /api/estimate: 20 visitors send 4 photos of 2 MB at the same time.
 * Starts its own server (src/server/host/serve.ts on the built public/, port ESTIMATE_BENCH_PORT or
 * BASE_URL's port + 1) with a temporary LEADS_DIR, no rate limit and no proof-of-work
 * (LEADS_PROOF_OF_WORK=off: it measures uploads, not browsers), so its memory can be read from
 * /proc. Bars: 0 errors (every answer 201, every request stored with its 4 photos whole), server
 * RSS growth under 100 MB (peak during the burst minus the figure after one warm-up upload). Prints p50/p99 latency. Exits non-zero when a bar fails.
 *
 *   npm run build && node scripts/bench/estimate-upload.mjs [--uploads 20]
 */
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { BASE_URL, ROOT, printChecks, table, writeResult } from "./lib.mjs"

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return Number(index > 0 ? process.argv[index + 1] : fallback)
}
const UPLOADS = argument("uploads", 20)
const PHOTOS = 4
const PHOTO_BYTES = 2 * 1024 * 1024
const RSS_BAR_MB = 100
const PORT = Number(process.env.ESTIMATE_BENCH_PORT ?? Number(new URL(BASE_URL).port || 80) + 1)
const URL_ = `http://127.0.0.1:${PORT}/api/estimate`

const jpeg = readFileSync(path.join(ROOT, "content/images/items/01-lacoste-polo-blanc.jpg"))
const photo = Buffer.concat([jpeg, Buffer.alloc(PHOTO_BYTES - jpeg.length, 7)])

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8")
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024
}

function upload(index) {
  const form = new FormData()
  form.append("email", `bench-${index}@exemple.fr`)
  form.append("description", "Mesure de charge")
  for (let number = 1; number <= PHOTOS; number += 1) form.append("photos", new Blob([photo], { type: "image/jpeg" }), `photo-${number}.jpg`)
  const started = performance.now()
  return fetch(URL_, { method: "POST", body: form })
    .then(async (response) => ({ status: response.status, body: await response.json().catch(() => null), ms: performance.now() - started }))
    .catch((error) => ({ status: 0, body: String(error), ms: performance.now() - started }))
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

async function main() {
  if (!existsSync(path.join(ROOT, "public", "index.html"))) throw new Error("public/ est vide : lancez d'abord npm run build")
  const leadsDir = mkdtempSync(path.join(os.tmpdir(), "maxai-bench-leads-"))
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/host/serve.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      LEADS_DIR: leadsDir,
      ESTIMATE_RATE_LIMIT: "off",
      LEADS_PROOF_OF_WORK: "off",
      SMTP_URL: "",
      LEADS_WEBHOOK_URL: "",
      // No warm-up at start (docs/studio.md#warm-up-at-start): a gatsby build beside the uploads would skew them.
      STUDIO_PUBLISH_WARM_UP: "off",
    },
    stdio: ["ignore", "ignore", "inherit"],
  })
  try {
    for (let attempt = 0; ; attempt += 1) {
      const up = await fetch(`http://127.0.0.1:${PORT}/`)
        .then((response) => response.ok)
        .catch(() => false)
      if (up) break
      if (attempt > 60) throw new Error(`le serveur de mesure ne répond pas sur le port ${PORT}`)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    const warm = await upload(0)
    if (warm.status !== 201) throw new Error(`envoi de chauffe : HTTP ${warm.status} ${JSON.stringify(warm.body)}`)
    const baseline = rssMb(server.pid)
    let peak = baseline
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 25)
    const started = performance.now()
    const results = await Promise.all(Array.from({ length: UPLOADS }, (_, index) => upload(index + 1)))
    const wall = performance.now() - started
    clearInterval(sampler)
    peak = Math.max(peak, rssMb(server.pid))

    const failed = results.filter((result) => result.status !== 201)
    const stored = results
      .filter((result) => result.status === 201)
      .map((result) => path.join(leadsDir, result.body.id))
      .filter(
        (dir) =>
          existsSync(dir) &&
          readdirSync(dir).filter((name) => name.startsWith("photo-") && statSync(path.join(dir, name)).size === PHOTO_BYTES).length === PHOTOS,
      )
    const latencies = results.map((result) => result.ms)
    const p50 = percentile(latencies, 50)
    const p99 = percentile(latencies, 99)
    const growth = peak - baseline
    const megabytes = (UPLOADS * PHOTOS * PHOTO_BYTES) / 1024 / 1024

    console.log(
      table(
        ["mesure", "valeur"],
        [
          ["envois simultanés", `${UPLOADS} × ${PHOTOS} photos de ${PHOTO_BYTES / 1024 / 1024} Mo (${megabytes} Mo)`],
          ["durée totale", `${(wall / 1000).toFixed(2)} s`],
          ["latence p50", `${p50.toFixed(0)} ms`],
          ["latence p99", `${p99.toFixed(0)} ms`],
          ["RSS serveur", `${baseline.toFixed(1)} → ${peak.toFixed(1)} Mo`],
        ],
      ),
    )
    for (const failure of failed.slice(0, 5)) console.log(`échec : HTTP ${failure.status} ${JSON.stringify(failure.body)}`)
    const checks = [
      { name: "erreurs", value: failed.length, bar: "0", ok: failed.length === 0 },
      { name: "demandes stockées entières", value: `${stored.length}/${UPLOADS}`, bar: `${UPLOADS}/${UPLOADS}`, ok: stored.length === UPLOADS },
      { name: "croissance RSS", value: `${growth.toFixed(1)} Mo`, bar: `< ${RSS_BAR_MB} Mo`, ok: growth < RSS_BAR_MB },
    ]
    printChecks(checks)
    const result = writeResult("estimate-upload", checks, { p50_ms: Math.round(p50), p99_ms: Math.round(p99), rss_baseline_mb: baseline, rss_peak_mb: peak })
    process.exitCode = result.ok ? 0 : 1
  } finally {
    server.kill("SIGTERM")
    rmSync(leadsDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(`estimate-upload : ${error.message}`)
  process.exit(1)
})
