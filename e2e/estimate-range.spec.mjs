/**
 * Issue #28 in a real browser at 390×844, against the served build: the estimate form's
 * indicative range shows as soon as brand and category are chosen and updates with the
 * condition; a follow-up in the chat (« et en taille L ? ») is answered against the question before.
 * One page for both, no fixed waits.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { gotoHome, reusedPage } from "./lib/browser.mjs"

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

test("the range follows the selects on a phone, and the chat answers a follow-up", async () => {
  const { page, close } = await reusedPage(browser, { viewport: { width: 390, height: 844 } })
  try {
    await gotoHome(page)
    const form = page.locator("#rachat form")
    await form.scrollIntoViewIfNeeded()
    await form.getByRole("combobox", { name: "Marque (facultatif)" }).selectOption("Lacoste")
    await form.getByRole("combobox", { name: "Catégorie (facultatif)" }).selectOption("Polo")
    const range = form.getByText(/^Estimation indicative/)
    await range.waitFor()
    assert.match(await range.textContent(), /^Estimation indicative\s?: 11 à 22\s€$/)
    await form.getByRole("combobox", { name: "État (facultatif)" }).selectOption("Bon état")
    await form.getByText(/^Estimation indicative\s?: 11 à 14\s€$/).waitFor()
    const box = await range.boundingBox()
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `la fourchette tient dans l'écran : ${JSON.stringify(box)}`)

    await page.getByRole("button", { name: "Chat avec maxAi" }).click()
    const field = page.getByRole("textbox", { name: "Votre message" })
    const log = page.getByRole("log", { name: "Conversation avec maxAi" })
    await field.fill("des pulls ?")
    await field.press("Enter")
    await log.getByText("Nous avons déjà vendu 3 pulls", { exact: false }).waitFor({ timeout: 10_000 })
    await field.fill("et en taille L ?")
    await field.press("Enter")
    await log.getByText(/Pull col V en laine marine Lacoste\s?: taille L/).waitFor({ timeout: 10_000 })
  } finally {
    await close()
  }
})
