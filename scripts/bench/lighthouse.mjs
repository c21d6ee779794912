/**
 * Lighthouse 12, mobile form factor with the default simulated throttling, on the served build
 * (BASE_URL) and on two references measured in the same session, interleaved run by run
 * (site, stripped, bare, site, stripped, bare, …), each load in a fresh headless Chromium:
 *
 * - stripped: this build with every script removed from its HTML (references.mjs): what the
 *   HTML alone allows, for the paints and the main thread (style, layout);
 * - bare: a Gatsby 5 hello world (fixtures/bare-gatsby): what Gatsby and React cost alone on
 *   the main thread on this machine.
 *
 * On a shared 2-core machine an absolute TBT says more about the machine's load than about the
 * page, so TBT, FCP and the performance score are gated as ratios or differences against a
 * reference measured in the same session (see BARS; docs/testing.md#lighthouse-ratios-against-references-not-absolute-figures gives the figures behind them);
 * the LCP ratio is printed, lcp.mjs gates the paint the browser records. Absolute values are
 * printed and kept in artifacts/bench/lighthouse.json, not gated. CLS and the scores that do not
 * depend on the CPU (accessibility, best practices, SEO: one more load of the site) stay absolute.
 * Reports go to artifacts/lighthouse/ (report, stripped.report, bare.report: each page's median
 * load; markup.report).
 *
 *   node scripts/bench/lighthouse.mjs [--runs 5] [--path /]
 *   BENCH_REF_PORT: loopback port of the stripped page; the bare page's is the next one, then
 *   references.mjs's "waiting" page (default: BASE_URL's port + 1, so 9001 to 9003 in CI).
 */
import * as chromeLauncher from "chrome-launcher"
import lighthouse from "lighthouse"
import { BASE_URL, median, printChecks, table, writeResult } from "./lib.mjs"
import { failingAudits, medianLoad, REPORTS_DIR, writeReport } from "./lighthouse-reports.mjs"
import { buildBareFixture, serveReferences } from "./references.mjs"

/**
 * Every bar of this script, and why that value. All compare medians of the loads of each page,
 * and must hold on a busy 2-core machine. The site's main thread does what the stripped page
 * does (style and layout of its long HTML) plus what the bare page does (Gatsby and React), so
 * its TBT is held to the sum of both references, which moves with the machine's load as the
 * site's does. The simulated paints move by about 300 ms either way from one load to the next
 * (Lighthouse counts the requests that happened to start before the paint it observed), even
 * for the stripped page.
 */
const BARS = {
  // Loads per page, 3 pages interleaved. Every 5 of the 7 loads of a run at a load average of 18
  // gave FCP ratios of 0.81–1.00, TBT 1.24–1.85 × R and a performance gap within 2 points: the
  // medians of 5 keep well inside every bar below; medians of 3 did not (FCP ratio up to 1.15).
  runs: 5,
  // TBT(site) ≤ max(reference × 2.5, reference + 400 ms), reference = TBT(stripped) + TBT(bare):
  // what the HTML and Gatsby cost together; on a busy machine the site measured up to 1.71 times
  // that. On a quiet one both references sit near Lighthouse's 50 ms threshold (R 47–151 ms)
  // while the site's median, which evaluates and hydrates about twice the bare page's script,
  // measured 168–353 ms (one load of five up to 544 ms): up to R + 233 ms, so the margin is
  // 400 ms. A page hydrated in one long task instead of React's slices costs a second or more.
  tbtFactor: 2.5,
  tbtMarginMs: 400,
  // The scripts load after the first paint (build-steps/scripts-after-paint.ts): the first
  // paint is the HTML's (measured 0.97–1.02; the margin covers the same simulation noise).
  fcpRatio: 1.1,
  // performance(site) ≥ the lower of both references' − 20: the paints are gated above and the
  // score's gap follows TBT (30 % of the score, not linear): measured 2–13 points under the
  // lower reference with TBT under its bar.
  performancePoints: 20,
  // Layout shifts do not scale with CPU speed: absolute. 0.01 is a tenth of Google's "good".
  cls: 0.01,
  // Audits of markup and headers, independent of the machine: everything passes.
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
}

const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking"]
// The interleaved loads audit performance only, without what no bar reads (the full-page
// screenshot; the back/forward cache check, weight 0, which navigates away and back after the
// trace). The markup audits do not depend on the CPU: one load of the site.
const PERFORMANCE_LOAD = { onlyCategories: ["performance"], disableFullPageScreenshot: true, skipAudits: ["bf-cache"] }
const MARKUP_LOAD = { onlyCategories: ["accessibility", "best-practices", "seo"] }

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? process.argv[index + 1] : fallback
}
const runs = Number(argument("runs", String(BARS.runs)))
const pagePath = argument("path", "/")
const siteUrl = `${BASE_URL}${pagePath}`
const referencePort = Number(process.env.BENCH_REF_PORT ?? Number(new URL(BASE_URL).port || 80) + 1)

async function lighthouseOnce(url, settings) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS })
  try {
    // Lighthouse's defaults are the mobile form factor with simulated throttling.
    const result = await lighthouse(url, { port: chrome.port, output: ["html", "json"], logLevel: "error", ...settings })
    if (!result?.lhr) throw new Error("Lighthouse n'a rendu aucun rapport")
    if (result.lhr.runtimeError) throw new Error(`Lighthouse : ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`)
    return result
  } finally {
    await chrome.kill()
  }
}

/**
 * Up to three tries: a load that times out, or a trace Lighthouse lost (NO_NAVSTART, seen twice in
 * a row in a fresh-clone CI), says nothing about the page. A failed try gives no figure, so a retry
 * cannot bias the measure; a page that fails three times still fails the bar.
 */
const TRIES = 3
async function measure(url, settings = PERFORMANCE_LOAD) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, settings)
    } catch (error) {
      if (attempt >= TRIES) throw error
      console.log(`  (${url} : ${error.message} ; nouvel essai)`)
    }
  }
}

const score = (lhr, category) => Math.round(lhr.categories[category].score * 100)
const markupScores = (lhr) => ({ accessibility: score(lhr, "accessibility"), bestPractices: score(lhr, "best-practices"), seo: score(lhr, "seo") })
const figures = (lhr) => ({
  performance: score(lhr, "performance"),
  fcp: lhr.audits["first-contentful-paint"].numericValue,
  lcp: lhr.audits["largest-contentful-paint"].numericValue,
  tbt: lhr.audits["total-blocking-time"].numericValue,
  cls: lhr.audits["cumulative-layout-shift"].numericValue,
  si: lhr.audits["speed-index"].numericValue,
})

const medians = (all) => Object.fromEntries(Object.keys(all[0]).map((key) => [key, median(all.map((f) => f[key]))]))
const ms = (value) => Math.round(value)
const ratio = (value) => value.toFixed(3)

async function main() {
  const started = Date.now()
  const fixture = buildBareFixture()
  if (fixture.built) console.log(`page Gatsby nue construite en ${fixture.seconds} s`)
  const references = await serveReferences(referencePort, pagePath)
  const pages = [
    { key: "site", label: "site", url: siteUrl },
    { key: "stripped", label: "sans scripts", url: references.strippedUrl },
    { key: "bare", label: "Gatsby nu", url: references.bareUrl },
  ]
  console.log(`Lighthouse, mobile, limitation simulée, ${runs} passages entrelacés :`)
  for (const page of pages) console.log(`  ${page.label.padEnd(12)} ${page.url}`)

  const results = { site: [], stripped: [], bare: [] }
  let markup
  try {
    markup = await measure(siteUrl, MARKUP_LOAD)
    for (let run = 1; run <= runs; run += 1) {
      for (const page of pages) results[page.key].push(await measure(page.url))
      const [s, r, b] = pages.map((page) => figures(results[page.key].at(-1).lhr))
      console.log(
        `  passage ${run} : LCP ${ms(s.lcp)} / sans scripts ${ms(r.lcp)} ms = ${ratio(s.lcp / r.lcp)}, FCP ${ms(s.fcp)} / ${ms(r.fcp)} ms, ` +
          `TBT ${ms(s.tbt)} / ${ms(r.tbt)} + nu ${ms(b.tbt)} ms, perf ${s.performance} / ${r.performance}, nu ${b.performance}, CLS ${s.cls.toFixed(3)}`,
      )
    }
  } finally {
    await references.close()
  }

  const perRun = Object.fromEntries(pages.map((page) => [page.key, results[page.key].map((result) => figures(result.lhr))]))
  const m = Object.fromEntries(pages.map((page) => [page.key, medians(perRun[page.key])]))
  const lcpRatios = perRun.site.map((f, index) => f.lcp / perRun.stripped[index].lcp)
  const fcpRatios = perRun.site.map((f, index) => f.fcp / perRun.stripped[index].fcp)
  // Ratios of the medians (see BARS): a load's figures move with races inside that load and with
  // bursts shorter than a load, so pairing neighbour loads does not cancel the spread.
  const lcpRatio = m.site.lcp / m.stripped.lcp
  const fcpRatio = m.site.fcp / m.stripped.fcp

  console.log()
  console.log(
    table(
      ["", ...perRun.site.map((_, index) => `passage ${index + 1}`), "médiane"],
      [
        ["LCP site (ms)", ...perRun.site.map((f) => ms(f.lcp)), ms(m.site.lcp)],
        ["LCP sans scripts (ms)", ...perRun.stripped.map((f) => ms(f.lcp)), ms(m.stripped.lcp)],
        ["LCP site / sans scripts", ...lcpRatios.map(ratio), ratio(lcpRatio)],
        ["FCP site (ms)", ...perRun.site.map((f) => ms(f.fcp)), ms(m.site.fcp)],
        ["FCP sans scripts (ms)", ...perRun.stripped.map((f) => ms(f.fcp)), ms(m.stripped.fcp)],
        ["FCP site / sans scripts", ...fcpRatios.map(ratio), ratio(fcpRatio)],
        ["TBT site (ms)", ...perRun.site.map((f) => ms(f.tbt)), ms(m.site.tbt)],
        ["TBT sans scripts (ms)", ...perRun.stripped.map((f) => ms(f.tbt)), ms(m.stripped.tbt)],
        ["TBT Gatsby nu (ms)", ...perRun.bare.map((f) => ms(f.tbt)), ms(m.bare.tbt)],
      ],
    ),
  )
  // The LCP ratio is printed, not gated here: Lighthouse simulates that paint from the requests it
  // saw start before it (±300 ms from one load to the next on an unchanged build); lcp.mjs gates
  // the paint the browser records under the same conditions.
  console.log("(ratios : passage par passage, puis ratio des médianes ; la barre du LCP est celle de lcp.mjs)")
  console.log("\nMédianes (relevées, sans seuil absolu) :\n")
  console.log(
    table(
      ["", ...pages.map((page) => page.label)],
      [
        ["performance", ...pages.map((page) => m[page.key].performance)],
        ["FCP (ms)", ...pages.map((page) => ms(m[page.key].fcp))],
        ["LCP (ms)", ...pages.map((page) => ms(m[page.key].lcp))],
        ["TBT (ms)", ...pages.map((page) => ms(m[page.key].tbt))],
        ["CLS", ...pages.map((page) => m[page.key].cls.toFixed(3))],
        ["Speed Index (ms)", ...pages.map((page) => ms(m[page.key].si))],
      ],
    ),
  )

  writeReport("report", medianLoad(results.site))
  writeReport("stripped.report", medianLoad(results.stripped))
  writeReport("bare.report", medianLoad(results.bare))
  writeReport("markup.report", markup)
  const failing = [...new Set([markup, ...results.site].flatMap((result) => failingAudits(result.lhr)))]
  if (failing.length > 0) console.log(`\nAudits du site sous 1 (au moins un passage) :\n  ${failing.join("\n  ")}`)
  console.log(`\nRapports : ${REPORTS_DIR}/{report,stripped.report,bare.report}.html (passages médians), markup.report.html\n`)
  const site = markupScores(markup.lhr)
  console.log(`Site, un chargement : accessibilité ${site.accessibility}, bonnes pratiques ${site.bestPractices}, SEO ${site.seo}`)

  const tbtReference = m.stripped.tbt + m.bare.tbt
  const tbtAllowed = Math.max(tbtReference * BARS.tbtFactor, tbtReference + BARS.tbtMarginMs)
  const performanceReference = Math.min(m.stripped.performance, m.bare.performance)
  const performanceFloor = performanceReference - BARS.performancePoints
  const checks = [
    { name: "FCP site / sans scripts", value: ratio(fcpRatio), bar: `≤ ${BARS.fcpRatio}`, ok: fcpRatio <= BARS.fcpRatio },
    { name: "TBT site (sans scripts + nu)", value: `${ms(m.site.tbt)} ms (${ms(tbtReference)})`, bar: `≤ ${ms(tbtAllowed)} ms`, ok: m.site.tbt <= tbtAllowed },
    {
      name: "performance site (moindre réf.)",
      value: `${m.site.performance} (${performanceReference})`,
      bar: `≥ ${performanceFloor}`,
      ok: m.site.performance >= performanceFloor,
    },
    { name: "CLS", value: m.site.cls.toFixed(3), bar: `≤ ${BARS.cls}`, ok: m.site.cls <= BARS.cls },
    { name: "accessibilité", value: site.accessibility, bar: `= ${BARS.accessibility}`, ok: site.accessibility >= BARS.accessibility },
    { name: "bonnes pratiques", value: site.bestPractices, bar: `= ${BARS.bestPractices}`, ok: site.bestPractices >= BARS.bestPractices },
    { name: "SEO", value: site.seo, bar: `= ${BARS.seo}`, ok: site.seo >= BARS.seo },
  ]
  printChecks(checks)
  const seconds = Math.round((Date.now() - started) / 1000)
  console.log(`\nDurée : ${seconds} s (${runs} × ${pages.length} chargements + 1)`)
  const urls = Object.fromEntries(pages.map((page) => [page.key, page.url]))
  writeResult("lighthouse", checks, { urls, runs, bars: BARS, median: m, markup: site, lcpRatios, fcpRatios, perRun, failing, seconds })
  process.exit(checks.every((check) => check.ok) ? 0 : 1)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
