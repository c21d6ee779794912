/**
 * JavaScript off: the static HTML alone is the site. Every section's text is on screen (all 15
 * gallery cards, the header links even at mobile width), the splash does not block anything,
 * and controls that need scripts are not offered.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { BASE_URL, reusedPage } from "./lib/browser.mjs"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const content = (name) => JSON.parse(readFileSync(path.join(ROOT, "content", `${name}.json`), "utf8"))
const SECTIONS = ["expertise", "marques", "moteur", "galerie", "rachat", "actualites", "boutiques"]

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

async function openWithoutJs(viewport) {
  const opened = await reusedPage(browser, { javaScriptEnabled: false, viewport })
  await opened.page.goto(`${BASE_URL}/`, { waitUntil: "load" })
  return opened
}

/**
 * Text on the page that a sighted visitor cannot see: zero-size or hidden boxes. Text meant
 * only for screen readers (clipped), inside aria-hidden parts (inactive carousel slides) or in
 * script-only controls is not expected on screen. A select's options are seen through the select
 * (its box is what must be visible). Of two wordings marked `data-alternative` (pointer or touch,
 * chosen by a media query), exactly one must be visible.
 */
function invisibleTexts(page, selector) {
  return page.evaluate((rootSelector) => {
    const root = document.querySelector(rootSelector)
    if (!root) return [`${rootSelector} absent`]
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    const problems = []
    const shown = (element) => {
      const box = element.getBoundingClientRect()
      return element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && box.width > 0 && box.height > 0
    }
    for (const group of new Set([...root.querySelectorAll("[data-alternative]")].map((alternative) => alternative.parentElement))) {
      const alternatives = [...group.querySelectorAll(":scope > [data-alternative]")]
      if (alternatives.filter(shown).length !== 1) problems.push(`${alternatives.length} formulations, ${alternatives.filter(shown).length} visible(s)`)
    }
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim()
      const element = node.parentElement
      if (!text || !element || element.closest("[aria-hidden='true'], .js-only, script, style, noscript, template, [data-alternative]")) continue
      let clipped = false
      for (let el = element; el && el !== root; el = el.parentElement) {
        const style = getComputedStyle(el)
        if (style.clip === "rect(0px, 0px, 0px, 0px)" || style.clipPath === "inset(50%)") clipped = true
      }
      if (clipped) continue
      if (!shown(element.closest("select") ?? element)) problems.push(`${element.tagName.toLowerCase()}: ${text.slice(0, 60)}`)
    }
    return problems
  }, selector)
}

test("every section's text is visible without JavaScript, on mobile and desktop", async () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    const { page, close } = await openWithoutJs(viewport)
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains("js")), false)
    assert.equal(await page.locator("h1").count(), 1)
    assert.equal(await page.locator("h1").isVisible(), true)
    for (const id of SECTIONS) {
      const section = page.locator(`section#${id}`)
      assert.equal(await section.count(), 1, `section #${id} manquante`)
      assert.equal(await section.getByRole("heading", { level: 2 }).first().isVisible(), true, `titre de #${id} invisible`)
    }
    assert.deepEqual(await invisibleTexts(page, "main"), [], `texte invisible sans JavaScript (${viewport.width} px)`)
    assert.deepEqual(await invisibleTexts(page, "footer"), [], `pied de page invisible sans JavaScript (${viewport.width} px)`)
    await close()
  }
})

test("all 15 gallery cards, the 3 news articles and both shops are shown without JavaScript", async () => {
  const { page, close } = await openWithoutJs({ width: 390, height: 844 })
  const items = content("sold-items").items
  assert.equal(items.length, 15)
  const gallery = page.locator("#galerie")
  for (const item of items) {
    assert.equal(await gallery.getByRole("heading", { name: item.title, exact: true }).isVisible(), true, `carte « ${item.title} » invisible`)
  }
  assert.equal(await gallery.getByText("VENDU", { exact: true }).count(), 15)
  // "See more" and the filter chips need scripts: not offered.
  assert.equal(await gallery.getByRole("button", { name: /Voir plus d'articles/ }).isVisible(), false)
  for (const article of content("news").items) {
    assert.equal(await page.locator("#actualites").getByText(article.title, { exact: true }).isVisible(), true, `article « ${article.title} » invisible`)
  }
  assert.equal(await page.getByRole("link", { name: /Visiter la boutique/ }).count(), 2)
  for (const link of await page.getByRole("link", { name: /Visiter la boutique/ }).all()) {
    // Scrolled to, as a reader would.
    await link.scrollIntoViewIfNeeded()
    assert.equal(await link.isVisible(), true)
  }
  await close()
})

test("the header links are visible at mobile width and the menu button is not offered", async () => {
  const { page, close } = await openWithoutJs({ width: 390, height: 844 })
  const nav = page.getByRole("navigation", { name: "Navigation principale" })
  const labels = content("site").nav.map((item) => item.label)
  assert.ok(labels.length >= 4)
  for (const label of labels) assert.equal(await nav.getByRole("link", { name: label }).isVisible(), true, `lien « ${label} » invisible`)
  assert.equal(await page.getByRole("button", { name: "Ouvrir le menu" }).isVisible(), false)
  assert.equal(await page.getByRole("button", { name: "Thème sombre" }).first().isVisible(), false)
  await close()
})

test("the splash does not block the page without JavaScript", async () => {
  const { page, close } = await openWithoutJs({ width: 390, height: 844 })
  assert.equal(await page.getByRole("dialog").isVisible(), false)
  assert.equal(await page.locator("[data-splash]").isVisible(), false)
  // What sits in the middle of the screen belongs to the page, and the page can be scrolled to its end.
  const covered = await page.evaluate(() => document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2)?.closest("[data-splash]") !== null)
  assert.equal(covered, false)
  await page
    .getByRole("link", { name: /Visiter la boutique/ })
    .first()
    .scrollIntoViewIfNeeded()
  assert.equal(
    await page
      .getByRole("link", { name: /Visiter la boutique/ })
      .first()
      .isVisible(),
    true,
  )
  assert.equal(await page.locator("#page").getAttribute("inert"), null)
  await close()
})
