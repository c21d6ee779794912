/**
 * The sold-items gallery in a real browser: category chips with their counts, « Voir plus »
 * until every card shows, focus on the first new card, the VENDU badge, and a photo that fails.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { gotoHome, reusedPage } from "./lib/browser.mjs"

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

test("gallery: chips with counts, 'voir plus' until gone, focus on the first new card, VENDU everywhere", async () => {
  const { page, pageErrors, close } = await reusedPage(browser)
  await gotoHome(page)
  const gallery = page.locator("#galerie")
  await gallery.scrollIntoViewIfNeeded()
  const chips = gallery.getByRole("group", { name: "Filtrer par catégorie" })
  const expected = [
    ["Tous", 15],
    ["Polo", 4],
    ["Chemise", 3],
    ["Pull", 3],
    ["Maroquinerie", 2],
    ["Accessoires", 3],
  ]
  assert.equal(await chips.getByRole("button").count(), expected.length)
  for (const [index, [name, count]] of expected.entries()) {
    const chip = chips.getByRole("button").nth(index)
    assert.equal(await chip.getAttribute("aria-pressed"), String(index === 0))
    // Seen: the name and a count badge; heard: "Polo (4 articles)".
    assert.equal(await chip.locator("[aria-hidden=true]").textContent(), String(count))
    // Visible once the browser renders the section it just scrolled to (content-visibility: auto).
    await chip.locator("[aria-hidden=true]").waitFor({ state: "visible", timeout: 2000 })
    assert.equal(await chips.getByRole("button", { name: `${name} (${count} articles)`, exact: true }).count(), 1)
  }
  const visibleCards = () => gallery.locator("li:visible")

  assert.equal(await visibleCards().count(), 8)
  const more = gallery.getByRole("button", { name: /^Voir plus d'articles/ })
  assert.equal(await more.textContent(), "Voir plus d'articles (7 restants)")
  await more.click()
  assert.equal(await visibleCards().count(), 15)
  assert.equal(await more.count(), 0)
  const focused = await page.evaluate(() => document.activeElement?.querySelector("h3")?.textContent)
  assert.equal(focused, await visibleCards().nth(8).locator("h3").textContent())
  assert.equal(await gallery.locator("li:visible", { hasText: "VENDU" }).count(), 15)

  for (const [name, count] of [
    ["Polo", 4],
    ["Chemise", 3],
    ["Pull", 3],
    ["Maroquinerie", 2],
    ["Accessoires", 3],
  ]) {
    const chip = gallery.getByRole("button", { name: new RegExp(`^${name} `) })
    await chip.click()
    assert.equal(await chip.getAttribute("aria-pressed"), "true")
    assert.equal(await visibleCards().count(), count, `${name} : ${count} articles attendus`)
    assert.equal(await more.count(), 0)
  }

  // Back to 'Tous': 8 again, and the keyboard works the same way.
  await gallery.getByRole("button", { name: /^Tous / }).focus()
  await page.keyboard.press("Enter")
  assert.equal(await visibleCards().count(), 8)
  await more.focus()
  await page.keyboard.press("Enter")
  assert.equal(await visibleCards().count(), 15)
  assert.equal(await page.evaluate(() => document.activeElement?.tagName), "LI")
  assert.deepEqual(pageErrors, [])
  await close()
})

test("gallery: a photo that fails to load shows the brand's initial and the category", async () => {
  const { page, pageErrors, close } = await reusedPage(browser)
  await page.route(/01-lacoste-polo-blanc/, (route) => route.fulfill({ status: 404, body: "" }))
  await gotoHome(page)
  const card = page.locator("#galerie li", { hasText: "Polo L.12.12 blanc classique" })
  await card.scrollIntoViewIfNeeded()
  await card.getByText("Polo", { exact: true }).waitFor({ timeout: 5000 })
  assert.equal(await card.locator("img").count(), 0)
  assert.equal(await card.getByText("L", { exact: true }).isVisible(), true)
  assert.equal(await card.getByText("VENDU").isVisible(), true)
  // Its neighbour still has its photo.
  const next = page.locator("#galerie li", { hasText: "Polo Custom Fit bleu marine" })
  assert.equal(await next.locator("img").count(), 1)
  assert.deepEqual(pageErrors, [])
  await close()
})
