import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { gotoHome, reusedPage } from "./lib/browser.mjs"

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

test("the home page loads with every section and no console error", async () => {
  const { page, pageErrors, consoleErrors, close } = await reusedPage(browser)
  await gotoHome(page)
  assert.equal(await page.locator("h1").count(), 1)
  for (const id of ["expertise", "marques", "moteur", "galerie", "rachat", "actualites", "boutiques"]) {
    assert.equal(await page.locator(`section#${id}`).count(), 1, `section #${id} manquante`)
  }
  await page.getByRole("heading", { name: "Articles Vendus Authentifiés" }).waitFor()
  assert.equal(await page.getByRole("link", { name: /Visiter la boutique/ }).count(), 2)
  assert.deepEqual(pageErrors, [])
  assert.deepEqual(consoleErrors, [])
  await close()
})

test("the header anchors lead to their sections", async () => {
  const { page, close } = await reusedPage(browser)
  await gotoHome(page)
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Boutiques" }).click()
  await page.waitForFunction(() => location.hash === "#boutiques")
  // Smooth scrolling takes a moment: wait until the section reaches the top of the viewport.
  await page.waitForFunction(() => Math.abs(document.querySelector("#boutiques").getBoundingClientRect().top) < 120, null, { timeout: 5000 })
  await close()
})
