/**
 * One page load on an emulated mid-range phone, as the LCP and font bars measure it: a fresh
 * browser context (empty cache) at 390×844 under Lighthouse's mobile conditions applied by
 * Chromium itself, and what the browser recorded from navigation start until the page has been
 * still for a second: the last largest-contentful-paint candidate, the first contentful paint,
 * the layout shifts (CLS, shifts after input excluded) and when Inter finished loading.
 */
import { throttling as lighthouseThrottling } from "lighthouse/core/config/constants.js"
import { chromium } from "playwright-core"
import { CHROMIUM, CHROMIUM_ARGS } from "../../e2e/lib/browser.mjs"

/**
 * Lighthouse's mobile conditions as its DevTools throttling applies them (request-level latency
 * 562.5 ms, 1.47 Mb/s down, CPU ×4): the paint follows from bytes and round trips that Chromium
 * shapes the same way for every load, so the machine's noise is a small share of it.
 */
const SLOW_4G = lighthouseThrottling.mobileSlow4G
export const NETWORK = {
  offline: false,
  latency: SLOW_4G.requestLatencyMs,
  downloadThroughput: (SLOW_4G.downloadThroughputKbps * 1024) / 8,
  uploadThroughput: (SLOW_4G.uploadThroughputKbps * 1024) / 8,
}
export const CPU_SLOWDOWN = SLOW_4G.cpuSlowdownMultiplier

/** Runs in the page before any of its scripts: records the paints, the shifts and Inter's arrival. */
function recordPaints() {
  window.__load = { lcp: NaN, fcp: NaN, lcpText: "", lcpCount: 0, cls: 0, interLoadedAt: NaN }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const text = (entry.element?.textContent ?? entry.url ?? "").trim().slice(0, 60)
      window.__load = { ...window.__load, lcp: entry.startTime, lcpText: text, lcpCount: window.__load.lcpCount + 1 }
    }
  }).observe({ type: "largest-contentful-paint", buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") window.__load = { ...window.__load, fcp: entry.startTime }
  }).observe({ type: "paint", buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__load = { ...window.__load, cls: window.__load.cls + entry.value }
  }).observe({ type: "layout-shift", buffered: true })
  document.fonts.addEventListener("loadingdone", (event) => {
    if (Number.isNaN(window.__load.interLoadedAt) && event.fontfaces.some((face) => face.family.replace(/"/g, "") === "Inter Variable")) {
      window.__load = { ...window.__load, interLoadedAt: performance.now() }
    }
  })
}

/** Resolves once no LCP candidate and no request has come for `quietMs` (or after 30 s). */
async function untilStill(page, quietMs = 1000) {
  let last = Date.now()
  const touch = () => {
    last = Date.now()
  }
  page.on("request", touch)
  page.on("requestfinished", touch)
  let count = -1
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    const now = await page.evaluate(() => window.__load.lcpCount)
    if (now !== count) {
      count = now
      touch()
    }
    if (Date.now() - last >= quietMs) break
    await page.waitForTimeout(200)
  }
  page.off("request", touch)
  page.off("requestfinished", touch)
}

/** The font families Chromium actually drew `selector`'s text with (not what CSS asked for). */
async function renderedFonts(cdp, selector) {
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 })
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector })
  if (!nodeId) return []
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId })
  return fonts.map((font) => font.familyName)
}

/**
 * Loads `url` once. Returns { lcp, fcp, lcpText, cls, interLoadedAt } (milliseconds from
 * navigation start, NaN when it did not happen) and, when `fontOf` names an element, `fonts`:
 * the families that element's text was drawn with once the page was still.
 */
async function loadOnSlowPhone(browser, url, { fontOf } = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: "fr-FR" })
  try {
    await context.addInitScript(recordPaints)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send("Network.enable")
    await cdp.send("Network.emulateNetworkConditions", NETWORK)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN })
    await page.goto(url, { waitUntil: "load", timeout: 60_000 })
    await untilStill(page)
    const load = await page.evaluate(() => window.__load)
    if (fontOf) {
      await cdp.send("DOM.enable")
      await cdp.send("CSS.enable")
      load.fonts = await renderedFonts(cdp, fontOf)
    }
    return load
  } finally {
    // A context whose browser went away cannot be closed: the load's own error is the one to see.
    await context.close().catch(() => undefined)
  }
}

/** What Playwright says when the page, its context or the whole browser went away under a load. */
const GONE = /Target page, context or browser has been closed|Target closed|crash/i

/**
 * A Chromium for a bar's phone loads that one crash does not end: a load cut short because its
 * page or the browser went away (the font bar lost its browser 14 s into a run on 2026-11-28,
 * on a page it loads 27 times a run without trouble) is done again once, in a browser launched
 * afresh if it was the browser that went, and said in the log. A second crash of the same load
 * fails the bar: it is no longer chance.
 */
export function phoneBrowser() {
  let browser = null
  const launched = async () => {
    if (!browser?.isConnected()) browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    return browser
  }
  return {
    async load(url, options) {
      try {
        return await loadOnSlowPhone(await launched(), url, options)
      } catch (error) {
        const message = String(error?.message ?? error).split("\n")[0]
        if (!GONE.test(message)) throw error
        console.log(`  chargement de ${url} interrompu (${message}) : refait une fois`)
        return await loadOnSlowPhone(await launched(), url, options)
      }
    },
    close: async () => {
      if (browser?.isConnected()) await browser.close()
    },
  }
}
