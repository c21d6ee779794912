/**
 * Lighthouse 12 on the served build (BASE_URL), mobile form factor with the default simulated
 * throttling, 3 runs in a fresh headless Chromium each, median of every figure. Bars:
 * performance ≥ 98, accessibility = 100, best practices = 100, SEO = 100, LCP ≤ 1.5 s,
 * TBT ≤ 50 ms, CLS ≤ 0.01. Reports of the median run go to artifacts/lighthouse/.
 *
 *   node scripts/bench/lighthouse.mjs [--runs 3] [--path /]
 */
import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import * as chromeLauncher from "chrome-launcher"
import lighthouse from "lighthouse"
import { computeMedianRun } from "lighthouse/core/lib/median-run.js"
import { BASE_URL, median, printChecks, ROOT, table, writeResult } from "./lib.mjs"

const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking"]
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
const OUT_DIR = path.join(ROOT, "artifacts", "lighthouse")

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? process.argv[index + 1] : fallback
}
const runs = Number(argument("runs", "3"))
const url = `${BASE_URL}${argument("path", "/")}`

async function runOnce() {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS })
  try {
    // Lighthouse's defaults are the mobile form factor with simulated throttling.
    const result = await lighthouse(url, { port: chrome.port, output: ["html", "json"], logLevel: "error", onlyCategories: CATEGORIES })
    if (!result?.lhr) throw new Error("Lighthouse n'a rendu aucun rapport")
    if (result.lhr.runtimeError) throw new Error(`Lighthouse : ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`)
    return result
  } finally {
    await chrome.kill()
  }
}

const figures = (lhr) => ({
  performance: Math.round(lhr.categories.performance.score * 100),
  accessibility: Math.round(lhr.categories.accessibility.score * 100),
  bestPractices: Math.round(lhr.categories["best-practices"].score * 100),
  seo: Math.round(lhr.categories.seo.score * 100),
  fcp: lhr.audits["first-contentful-paint"].numericValue,
  lcp: lhr.audits["largest-contentful-paint"].numericValue,
  tbt: lhr.audits["total-blocking-time"].numericValue,
  cls: lhr.audits["cumulative-layout-shift"].numericValue,
  si: lhr.audits["speed-index"].numericValue,
})

/** Audits that cost points, to say why a category is below 100. */
function failingAudits(lhr) {
  const lines = []
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id].auditRefs) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) lines.push(`${id} › ${ref.id} (${audit.score}) ${audit.displayValue ?? ""} ${audit.title}`.trim())
    }
  }
  return lines
}

async function main() {
  console.log(`Lighthouse ${url} : ${runs} passages, mobile, limitation simulée`)
  const results = []
  for (let run = 1; run <= runs; run += 1) {
    const result = await runOnce()
    results.push(result)
    const f = figures(result.lhr)
    console.log(`  passage ${run} : perf ${f.performance}, a11y ${f.accessibility}, bonnes pratiques ${f.bestPractices}, SEO ${f.seo}, LCP ${Math.round(f.lcp)} ms, TBT ${Math.round(f.tbt)} ms, CLS ${f.cls.toFixed(3)}`)
  }
  const all = results.map((result) => figures(result.lhr))
  const m = Object.fromEntries(Object.keys(all[0]).map((key) => [key, median(all.map((f) => f[key]))]))

  console.log()
  console.log(
    table(
      ["", ...all.map((_, index) => `passage ${index + 1}`), "médiane"],
      [
        ["performance", ...all.map((f) => f.performance), m.performance],
        ["accessibilité", ...all.map((f) => f.accessibility), m.accessibility],
        ["bonnes pratiques", ...all.map((f) => f.bestPractices), m.bestPractices],
        ["SEO", ...all.map((f) => f.seo), m.seo],
        ["FCP (ms)", ...all.map((f) => Math.round(f.fcp)), Math.round(m.fcp)],
        ["LCP (ms)", ...all.map((f) => Math.round(f.lcp)), Math.round(m.lcp)],
        ["TBT (ms)", ...all.map((f) => Math.round(f.tbt)), Math.round(m.tbt)],
        ["CLS", ...all.map((f) => f.cls.toFixed(3)), m.cls.toFixed(3)],
        ["Speed Index (ms)", ...all.map((f) => Math.round(f.si)), Math.round(m.si)],
      ],
    ),
  )

  const medianRun = computeMedianRun(results.map((result) => result.lhr))
  const medianResult = results.find((result) => result.lhr === medianRun) ?? results[0]
  mkdirSync(OUT_DIR, { recursive: true })
  writeFileSync(path.join(OUT_DIR, "report.html"), medianResult.report[0])
  writeFileSync(path.join(OUT_DIR, "report.json"), medianResult.report[1])
  const failing = [...new Set(results.flatMap((result) => failingAudits(result.lhr)))]
  if (failing.length > 0) console.log(`\nAudits sous 1 (au moins un passage) :\n  ${failing.join("\n  ")}`)
  console.log(`\nRapport du passage médian : ${path.relative(ROOT, path.join(OUT_DIR, "report.html"))}\n`)

  const checks = [
    { name: "Lighthouse performance", value: m.performance, bar: "≥ 98", ok: m.performance >= 98 },
    { name: "Lighthouse accessibilité", value: m.accessibility, bar: "= 100", ok: m.accessibility === 100 },
    { name: "Lighthouse bonnes pratiques", value: m.bestPractices, bar: "= 100", ok: m.bestPractices === 100 },
    { name: "Lighthouse SEO", value: m.seo, bar: "= 100", ok: m.seo === 100 },
    { name: "LCP", value: `${(m.lcp / 1000).toFixed(2)} s`, bar: "≤ 1,5 s", ok: m.lcp <= 1500 },
    { name: "TBT", value: `${Math.round(m.tbt)} ms`, bar: "≤ 50 ms", ok: m.tbt <= 50 },
    { name: "CLS", value: m.cls.toFixed(3), bar: "≤ 0,01", ok: m.cls <= 0.01 },
  ]
  printChecks(checks)
  writeResult("lighthouse", checks, { url, runs, median: m, perRun: all, failing })
  process.exit(checks.every((check) => check.ok) ? 0 : 1)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
