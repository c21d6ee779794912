/**
 * The splash's first frame is final: what the browser paints first, and counts as the largest
 * paint, comes from the server HTML, fully visible, with no fade-in or script to wait for. So
 * the page's largest paint does not wait for its JavaScript.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { BASE_URL, openPage } from "./lib/browser.mjs"
import { runAlone } from "./lib/locks.mjs"

// Which paint comes first depends on when the scripts run: it runs alone, on an idle machine
// (lib/locks.mjs).
runAlone()

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

/**
 * Records every largest-contentful-paint candidate from the start of the page, and, as soon as
 * the browser reports it (right after that paint), whatever could be hiding it, moving it or
 * fading it in: opacity, visibility, transform, running animations on it or its ancestors.
 */
function recordLargestPaints() {
  window.__largestPaints = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element
      const gating = []
      for (let node = element; node instanceof Element; node = node.parentElement) {
        const style = getComputedStyle(node)
        if (style.opacity !== "1") gating.push(`${node.tagName} opacity ${style.opacity}`)
        if (style.visibility !== "visible") gating.push(`${node.tagName} visibility ${style.visibility}`)
        if (style.transform !== "none") gating.push(`${node.tagName} transform ${style.transform}`)
        if (node.getAnimations().length > 0) gating.push(`${node.tagName} animé`)
      }
      window.__largestPaints.push({
        text: element?.textContent ?? null,
        inSplash: Boolean(element?.closest("[data-splash]")),
        at: Math.round(entry.startTime),
        gating,
      })
    }
  }).observe({ type: "largest-contentful-paint", buffered: true })
}

const largestPaints = (page) => page.evaluate(() => window.__largestPaints)

const settle = (page) => page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), 500)))

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the largest paint is the splash's server HTML, visible as painted, with or without the page's scripts (${viewport.width}×${viewport.height})`, async () => {
    // Without the bundles: only the HTML, its CSS and its inline head script (theme, `js` class).
    const bare = await openPage(browser, { viewport, initScript: recordLargestPaints })
    await bare.page.route(/\.js(\?|$)/, (route) => route.abort())
    await bare.page.goto(`${BASE_URL}/`, { waitUntil: "load" })
    await settle(bare.page)
    const withoutScripts = await largestPaints(bare.page)
    assert.equal(await bare.page.evaluate(() => typeof window.___loader), "undefined", "les scripts de la page ne devaient pas s'exécuter")
    await bare.context.close()

    assert.ok(withoutScripts.length > 0, "aucune plus grande peinture sans les scripts")
    const first = withoutScripts.at(-1)
    assert.ok(first.inSplash, `la plus grande peinture devrait être dans le splash : ${JSON.stringify(first)}`)
    assert.deepEqual(first.gating, [], `rien ne doit masquer ni animer ce qui est peint : ${JSON.stringify(first)}`)

    // With the scripts: the same element, painted once; hydration adds no later candidate.
    const full = await openPage(browser, { viewport, initScript: recordLargestPaints })
    await full.page.goto(`${BASE_URL}/`, { waitUntil: "load" })
    await full.page.waitForFunction(() => document.activeElement?.textContent === "Entrer sur le site", null, { timeout: 20000 })
    await settle(full.page)
    const withScripts = await largestPaints(full.page)
    await full.context.close()
    assert.equal(withScripts.at(-1)?.text, first.text, `avec les scripts, la plus grande peinture change : ${JSON.stringify(withScripts)}`)
    assert.deepEqual(withScripts.at(-1).gating, [])
  })
}
