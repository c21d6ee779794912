/**
 * The brand font on a first visit: the build (public/) against the same build with the font choice
 * it replaced (Inter `font-display: optional`), loaded in turn on an emulated
 * mid-range phone with an empty cache (phone-load.mjs). For each load: the largest paint, the
 * layout shifts, when Inter finished loading and which font Chromium drew the splash's title
 * with once the page was still.
 *
 * The site must draw the splash in Inter on every first load, move nothing doing it, and paint
 * its largest element no later than the "before" page. Two controls prove the checks can fail:
 * the "before" page must show the fallback most of the time, and the same build without its
 * metric-matched fallback (Inter swapped in over plain Arial) must shift.
 *
 *   node scripts/bench/fonts.mjs [--runs 9]
 *   BENCH_REF_PORT: loopback port of the "before" page, the next ones for the control without
 *   fitted fallback and for the build as it is (default BASE_URL's port + 1).
 */
import { BASE_URL, median, printChecks, table, writeResult } from "./lib.mjs"
import { CPU_SLOWDOWN, NETWORK, phoneBrowser } from "./phone-load.mjs"
import { listen, siteWithHtml } from "./references.mjs"

const BARS = {
  // Layout shift of a whole load (Google's "good" is 0.1; the fallback is metric-matched).
  cls: 0.02,
  // Largest paint of the site over the "before" page, medians. The two pages differ by one word,
  // so the ratio is noise (±4 % over 9 loads); preloading Inter measured 1.20.
  lcpRatio: 1.1,
  runs: 9,
}
const SPLASH_TITLE = "#splash-title"

const FITTED_FALLBACK = /@font-face\{font-family:"Inter Fallback"[^}]*\}/g

/** The build's HTML with Inter swapped in over the plain system font: what the fitted fallback prevents. */
export function withoutFittedFallback(html) {
  const faces = html.match(FITTED_FALLBACK) ?? []
  if (faces.length === 0) throw new Error("withoutFittedFallback : aucune @font-face « Inter Fallback » dans la page")
  return html.replace(FITTED_FALLBACK, "")
}

/** The build's HTML with the font choice it replaced: `optional` instead of `swap`. */
export function fontBefore(html) {
  if (!html.includes("font-display:swap")) throw new Error("fontBefore : aucune @font-face en font-display:swap dans la page")
  return html.replaceAll("font-display:swap", "font-display:optional")
}

const runsArgument = process.argv.indexOf("--runs")
const runs = runsArgument > 0 ? Number(process.argv[runsArgument + 1]) : BARS.runs
const beforePort = Number(process.env.BENCH_REF_PORT ?? Number(new URL(BASE_URL).port || 80) + 1)

const ms = (value) => (Number.isFinite(value) ? String(Math.round(value)) : "—")
// Chromium names the font file's own family ("Inter"); the fallback is drawn as Liberation Sans or Arial.
const drawnInBrandFont = (load) => load.fonts.some((family) => /^Inter\b/.test(family))

async function main() {
  // All three through the same server (references.mjs: the build's brotli twins), so that only
  // the font choice differs: the site's own server sends more header bytes (its CSP), which a
  // shaped network turns into a steady 20 to 40 ms.
  const servers = [
    await listen(siteWithHtml(fontBefore), beforePort),
    await listen(siteWithHtml(withoutFittedFallback), beforePort + 1),
    await listen(
      siteWithHtml((html) => html),
      beforePort + 2,
    ),
  ]
  const pages = [
    { key: "site", label: "site (swap, secours ajusté)", url: `http://127.0.0.1:${beforePort + 2}/` },
    { key: "before", label: "avant (optional)", url: `http://127.0.0.1:${beforePort}/` },
    { key: "unfitted", label: "swap sans secours ajusté", url: `http://127.0.0.1:${beforePort + 1}/` },
  ]
  console.log(
    `Police de marque au premier affichage, 390×844, cache vide, réseau et CPU de Lighthouse mobile (latence ${NETWORK.latency} ms, CPU ×${CPU_SLOWDOWN}), ${runs} passages entrelacés :`,
  )
  for (const page of pages) console.log(`  ${page.label.padEnd(38)} ${page.url}`)
  const browser = phoneBrowser()
  const loads = { site: [], before: [], unfitted: [] }
  try {
    for (let run = 1; run <= runs; run += 1) {
      for (const page of pages) loads[page.key].push(await browser.load(page.url, { fontOf: SPLASH_TITLE }))
      const line = pages.map((page) => {
        const load = loads[page.key].at(-1)
        return `${page.key} LCP ${ms(load.lcp)} ms, CLS ${load.cls.toFixed(3)}, Inter chargée à ${ms(load.interLoadedAt)} ms, titre en ${load.fonts.join("/") || "?"}`
      })
      console.log(`  passage ${run} : ${line.join(" | ")}`)
    }
  } finally {
    await browser.close()
    await Promise.all(
      servers.map((server) => {
        const closed = new Promise((resolve) => server.close(resolve))
        server.closeAllConnections()
        return closed
      }),
    )
  }

  const summary = Object.fromEntries(
    pages.map(({ key }) => [
      key,
      {
        lcp: median(loads[key].map((load) => load.lcp)),
        cls: median(loads[key].map((load) => load.cls)),
        clsMax: Math.max(...loads[key].map((load) => load.cls)),
        interLoadedAt: median(loads[key].map((load) => load.interLoadedAt)),
        brandShown: loads[key].filter(drawnInBrandFont).length,
      },
    ]),
  )
  console.log()
  console.log(
    table(
      ["", "LCP médiane (ms)", "CLS médiane", "CLS max", "Inter chargée (ms)", "titre du splash en Inter"],
      pages.map(({ key, label }) => {
        const s = summary[key]
        return [label, ms(s.lcp), s.cls.toFixed(3), s.clsMax.toFixed(3), ms(s.interLoadedAt), `${s.brandShown}/${runs}`]
      }),
    ),
  )
  console.log()
  const lcpRatio = summary.site.lcp / summary.before.lcp
  const checks = [
    { name: "titre du splash en Inter (site)", value: `${summary.site.brandShown}/${runs}`, bar: `${runs}/${runs}`, ok: summary.site.brandShown === runs },
    { name: "CLS max du site", value: summary.site.clsMax.toFixed(3), bar: `≤ ${BARS.cls}`, ok: summary.site.clsMax <= BARS.cls },
    { name: "LCP site / avant", value: lcpRatio.toFixed(3), bar: `≤ ${BARS.lcpRatio}`, ok: lcpRatio <= BARS.lcpRatio },
    {
      // Without these two, a check that cannot see a shift or the font would pass above.
      name: "témoin : décalage sans secours ajusté",
      value: summary.unfitted.cls.toFixed(3),
      bar: `> ${BARS.cls}`,
      ok: summary.unfitted.cls > BARS.cls,
    },
    {
      name: "témoin : avant montre le secours",
      value: `${runs - summary.before.brandShown}/${runs}`,
      bar: `> ${runs / 2}`,
      ok: runs - summary.before.brandShown > runs / 2,
    },
  ]
  printChecks(checks)
  writeResult("fonts", checks, { runs, summary, loads })
  process.exit(checks.every((check) => check.ok) ? 0 : 1)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
