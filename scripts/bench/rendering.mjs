/**
 * What the deferred sections save (content-visibility: auto, src/hydration) and
 * what an in-page link costs now that it lays out every section before scrolling
 * (src/lib/scroll-to-section). Chromium at 390×844 with the CPU slowed 4×, as a mid-range phone;
 * milliseconds of style and layout in a Chromium trace (median of `--runs`, noisy on a shared
 * machine) over:
 *   - the first load: navigation → splash → its button → the page shown, as built and with every
 *     section laid out (the html attribute an in-page link sets), interleaved, `--runs` each;
 *   - a link: the hero's button → its section reached (everything laid out, then the scroll).
 * Prints the figures; fails only when a step does not happen (the link must reach its section).
 *
 *   node scripts/bench/rendering.mjs [--runs 3]
 */
import { chromium } from "playwright-core"
import { CHROMIUM, CHROMIUM_ARGS } from "../../e2e/lib/browser.mjs"
import { BASE_URL, median, printChecks, writeResult } from "./lib.mjs"

/**
 * Loads of each variant. The figures are printed, not gated (the gate is the link reaching its
 * section, on every run), and one load moves by a fifth or more on a shared machine (1,148 to
 * 1,823 ms for the same build within one run): 3 runs give a median, the per-run lines show the
 * spread, and each run costs 10 to 30 s of the CI's quiet time.
 */
const RUNS = 3
const runs = Number(process.argv[process.argv.indexOf("--runs") + 1] || RUNS) || RUNS

/** Milliseconds of style and layout (UpdateLayoutTree, Layout) in a Chromium trace. */
function renderMs(buffer) {
  let us = 0
  for (const event of JSON.parse(buffer.toString("utf8")).traceEvents) {
    if (event.ph === "X" && (event.name === "Layout" || event.name === "UpdateLayoutTree")) us += event.dur ?? 0
  }
  return Math.round(us / 1000)
}

/** The page once two more frames have been drawn after `ms`. */
const settle = (page, ms) =>
  page.waitForTimeout(ms).then(() => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))))

async function traced(browser, page, action) {
  await browser.startTracing(page, { categories: ["devtools.timeline"] })
  await action()
  return renderMs(await browser.stopTracing())
}

async function measure(browser, { everySection }) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "fr-FR" })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 })
  if (everySection) await context.addInitScript(() => document.documentElement.setAttribute("data-sections-rendered", ""))
  const firstLoad = await traced(browser, page, async () => {
    await page.goto(`${BASE_URL}/`, { waitUntil: "load" })
    await page.waitForFunction(() => document.activeElement?.textContent === "Entrer sur le site", null, { timeout: 30000 })
    await page.getByRole("button", { name: "Entrer sur le site" }).click()
    await page.getByRole("dialog").waitFor({ state: "detached", timeout: 10000 })
    await settle(page, 500)
  })
  let link = NaN
  if (!everySection) {
    link = await traced(browser, page, async () => {
      await page.getByRole("main").getByRole("link", { name: "Découvrir nos boutiques" }).click()
      await page.waitForFunction(() => Math.abs(document.getElementById("boutiques").getBoundingClientRect().top - 76) <= 2, null, { timeout: 20000 })
      await settle(page, 300)
    })
  }
  await context.close()
  return { firstLoad, link }
}

async function main() {
  console.log(`Rendu (style + mise en page, CPU ×4, 390×844) sur ${BASE_URL}/ : ${runs} passages de chaque variante, alternés`)
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  const built = []
  const everything = []
  try {
    for (let run = 0; run < runs; run += 1) {
      built.push(await measure(browser, { everySection: false }))
      everything.push(await measure(browser, { everySection: true }))
      console.log(
        `  passage ${run + 1} : premier chargement ${built.at(-1).firstLoad} ms (toutes sections mises en page : ${everything.at(-1).firstLoad} ms), lien ${built.at(-1).link} ms`,
      )
    }
  } finally {
    await browser.close()
  }
  const firstLoad = median(built.map((entry) => entry.firstLoad))
  const firstLoadAll = median(everything.map((entry) => entry.firstLoad))
  const link = median(built.map((entry) => entry.link))
  const checks = [
    { name: "premier chargement, sections différées (tel que construit)", value: `${firstLoad} ms`, bar: "mesuré", ok: Number.isFinite(firstLoad) },
    {
      name: "premier chargement, toutes sections mises en page",
      value: `${firstLoadAll} ms (différées / toutes : ${(firstLoad / firstLoadAll).toFixed(2)})`,
      bar: "mesuré",
      ok: Number.isFinite(firstLoadAll),
    },
    { name: "lien « Découvrir nos boutiques » → section atteinte", value: `${link} ms`, bar: "atteinte", ok: Number.isFinite(link) },
  ]
  console.log()
  printChecks(checks)
  writeResult("rendering", checks, { runs, built, everything })
  process.exit(checks.every((check) => check.ok) ? 0 : 1)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
