/**
 * Full-page screenshots for review, in artifacts/screenshots/ (git-ignored): 390×844 and
 * 1440×900, light and dark, after the splash and after scrolling so lazy images are loaded;
 * plus the splash itself and the open chat. Each must render without a page error.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { mkdirSync, statSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { BASE_URL, gotoHome, openPage } from "./lib/browser.mjs"
import { renderWholePage, waitForAnimations } from "./lib/settle.mjs"

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "artifacts", "screenshots")
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
  mkdirSync(OUT, { recursive: true })
})

async function save(page, name, fullPage) {
  const file = path.join(OUT, `${name}.png`)
  // Sections below the fold skip rendering until they come near the viewport
  // (content-visibility: auto); a visitor scrolling sees them, but a capture beyond the viewport
  // would show them blank. `style` lets the capture render them all.
  const style = fullPage ? "[data-lazy-hydrate] > * { content-visibility: visible !important }" : undefined
  await page.screenshot({ path: file, fullPage, animations: "disabled", style })
  assert.ok(statSync(file).size > 10_000, `${name}.png vide`)
}

for (const viewport of VIEWPORTS) {
  for (const theme of ["light", "dark"]) {
    test(`home page ${viewport.width}×${viewport.height} ${theme}`, async () => {
      const { page, context, pageErrors } = await openPage(browser, { viewport, colorScheme: theme })
      await page.goto(`${BASE_URL}/`, { waitUntil: "load" })
      await page.getByRole("dialog").waitFor()
      await save(page, `splash-${viewport.width}-${theme}`, false)
      await gotoHome(page)
      await renderWholePage(page)
      await save(page, `home-${viewport.width}-${theme}`, true)
      await page.getByRole("button", { name: "Chat avec maxAi" }).click()
      await page.getByRole("textbox", { name: "Votre message" }).waitFor()
      await waitForAnimations(page)
      await save(page, `chat-${viewport.width}-${theme}`, false)
      assert.deepEqual(pageErrors, [])
      await context.close()
    })
  }
}
