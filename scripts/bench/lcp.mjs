/**
 * The largest paint with the page's scripts against the same build without them, on an emulated
 * mid-range phone, as the browser itself records it (no simulation):
 *
 * - site: the served build (BASE_URL);
 * - stripped: the same HTML without its scripts (references.mjs): what the HTML allows;
 * - waiting: the same page whose splash stays hidden until React has hydrated it
 *   (references.mjs), the regression this bar exists to catch. It must fail the bar in the same
 *   run, or the bar proves nothing.
 *
 * Each load runs in a fresh browser context (empty cache) at 390×844 under Lighthouse's mobile
 * conditions applied by Chromium itself (NETWORK, CPU_SLOWDOWN), pages interleaved run by run
 * (site, stripped, waiting, site, stripped, …; the waiting control every fifth run, see BARS)
 * so that a busy spell of the machine falls on all three. The
 * LCP is the startTime of the last `largest-contentful-paint` entry, read once the page has been
 * still for a second; the first contentful paint is printed beside it (equal when the first
 * frame is final).
 *
 * Lighthouse's own LCP is simulated from the requests it saw start before the paint and moves by
 * ±300 ms from one load to the next on an unchanged build; the paint the browser records under
 * shaped network follows the bytes and round trips before it, the same for the site and the
 * stripped page as long as the scripts do not hold the paint back.
 *
 *   node scripts/bench/lcp.mjs [--runs 15]
 *   BENCH_REF_PORT: first loopback port of the references (default BASE_URL's port + 1).
 */
import { BASE_URL, median, printChecks, table, writeResult } from "./lib.mjs"
import { CPU_SLOWDOWN, NETWORK, phoneBrowser } from "./phone-load.mjs"
import { serveReferences } from "./references.mjs"

const BARS = {
  // The site paints its largest element within 5 % of the HTML alone (ratio of the medians).
  ratio: 1.05,
  // Loads of the site and the stripped page. On a quiet machine one load moves by ±5 %; with
  // other jobs running (load average 5), by ±20 %, and the median of 15 still lands within a few
  // percent.
  runs: 15,
  // The waiting control is loaded every `controlEvery` rounds (3 loads of 15): it paints about
  // 4 to 4.9 times later than the stripped page (every load of the CI runs of 2026-11-24 to 28),
  // so far beyond the bar that the median of 3 loads shows the bar catching it as surely as 15
  // would (each of its loads takes about 7 s).
  controlEvery: 5,
  // A first ratio just over the bar (up to `recheckBelow`) is measured again with as many more
  // rounds (without the control) and judged on all of them. Over 9 fresh-clone CI runs of
  // unchanged builds the ratio went from 0.962 to 1.056 (standard deviation 0.031): the bar alone
  // failed one run in nine on noise. Twice the loads narrow the medians' spread by about 1.4; a
  // site that really holds its paint back stays over the bar.
  recheckBelow: 1.1,
}

const runsArgument = process.argv.indexOf("--runs")
const runs = runsArgument > 0 ? Number(process.argv[runsArgument + 1]) : BARS.runs
const referencePort = Number(process.env.BENCH_REF_PORT ?? Number(new URL(BASE_URL).port || 80) + 1)

const ms = (value) => Math.round(value)

async function main() {
  const references = await serveReferences(referencePort)
  const pages = [
    { key: "site", label: "site", url: `${BASE_URL}/` },
    { key: "stripped", label: "sans scripts", url: references.strippedUrl },
    { key: "waiting", label: "splash qui attend l'hydratation", url: references.waitingUrl },
  ]
  console.log(
    `Plus grande peinture (LCP du navigateur), 390×844, réseau et CPU de Lighthouse mobile (latence ${NETWORK.latency} ms, CPU ×${CPU_SLOWDOWN}), ${runs} passages entrelacés :`,
  )
  for (const page of pages) console.log(`  ${page.label.padEnd(32)} ${page.url}`)
  const browser = phoneBrowser()
  const loads = { site: [], stripped: [], waiting: [] }
  const ratioOfMedians = () => median(loads.site.map((load) => load.lcp)) / median(loads.stripped.map((load) => load.lcp))
  /** Rounds `from` to `to`, the waiting control in every `controlEvery`-th of the first `runs`. */
  const measure = async (from, to) => {
    for (let run = from; run <= to; run += 1) {
      const control = run <= runs && (run - 1) % BARS.controlEvery === 0
      for (const page of control ? pages : pages.slice(0, 2)) loads[page.key].push({ run, ...(await browser.load(page.url)) })
      const [site, stripped, waiting] = pages.map((page) => loads[page.key].at(-1))
      console.log(
        `  passage ${run} : site ${ms(site.lcp)} ms (FCP ${ms(site.fcp)}), sans scripts ${ms(stripped.lcp)} ms (FCP ${ms(stripped.fcp)})` +
          (control ? `, splash qui attend ${ms(waiting.lcp)} ms (FCP ${ms(waiting.fcp)})` : ""),
      )
    }
  }
  let rounds = runs
  try {
    await measure(1, runs)
    const first = ratioOfMedians()
    if (first > BARS.ratio && first <= BARS.recheckBelow) {
      rounds = 2 * runs
      console.log(`  rapport ${first.toFixed(3)}, juste au-dessus de ${BARS.ratio} : ${runs} passages de plus, jugés sur les ${rounds}`)
      await measure(runs + 1, rounds)
    }
  } finally {
    await browser.close()
    await references.close()
  }

  const m = Object.fromEntries(pages.map((page) => [page.key, median(loads[page.key].map((load) => load.lcp))]))
  const ratio = m.site / m.stripped
  const waitingRatio = m.waiting / m.stripped
  console.log()
  console.log(
    table(
      ["", ...loads.site.map(({ run }) => `passage ${run}`), "médiane"],
      pages.map((page) => [
        `LCP ${page.label} (ms)`,
        ...loads.site.map(({ run }) => loads[page.key].find((load) => load.run === run)).map((load) => (load ? ms(load.lcp) : "")),
        ms(m[page.key]),
      ]),
    ),
  )
  const elements = pages.map((page) => `  ${page.label} : « ${loads[page.key].at(-1).lcpText} »`)
  console.log(`\nÉlément de la plus grande peinture (dernier passage) :\n${elements.join("\n")}\n`)

  const checks = [
    { name: "LCP site / sans scripts (navigateur)", value: ratio.toFixed(3), bar: `≤ ${BARS.ratio}`, ok: ratio <= BARS.ratio },
    {
      // The bar must see the regression it guards against, in this very run.
      name: "témoin : splash qui attend l'hydratation",
      value: waitingRatio.toFixed(3),
      bar: `> ${BARS.ratio} (la barre le voit)`,
      ok: waitingRatio > BARS.ratio,
    },
  ]
  printChecks(checks)
  writeResult("lcp", checks, { runs: rounds, network: NETWORK, cpuSlowdown: CPU_SLOWDOWN, median: m, ratio, waitingRatio, loads })
  process.exit(checks.every((check) => check.ok) ? 0 : 1)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
