/**
 * The owner's gestures in the studio as the browser tests make them, on a phone by taps or on a
 * computer: the phone's screen, publishing, a field of the open item, a photo added, Decap's
 * notifications caught as they appear. The studio itself (its server and copy of content/) is
 * ./studio.mjs's `useStudio()`.
 */
import assert from "node:assert/strict"
import path from "node:path"
import { expect } from "@playwright/test"

/** A phone in portrait: the owner's usual screen (static/admin/studio.css below 800 px). */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

/** Fails unless `locator` is wholly on the screen. */
export async function assertOnScreen(page, locator, what) {
  const box = await locator.boundingBox()
  const { width, height } = page.viewportSize()
  const inside = box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height
  assert.ok(inside, `${what} hors de l'écran : ${JSON.stringify(box)}`)
}

/** « Publier › Publier maintenant », both on the screen, by taps. */
export async function publishByTap(page) {
  const publish = page.getByRole("button", { name: /^Publier$/ })
  await assertOnScreen(page, publish, "« Publier »")
  await publish.tap()
  const now = page.getByRole("menuitem", { name: "Publier maintenant" })
  // Decap redraws its toolbar after a change (« Modifications non enregistrées »): a tap that lands
  // while it does opens nothing, as under a finger, and the owner taps again. Seen once in a
  // fresh-clone CI, right after a drag: the menu never opened and the test ran out of time.
  const opened = await now.waitFor({ timeout: 10_000 }).then(
    () => true,
    () => false,
  )
  if (!opened) await publish.tap()
  await assertOnScreen(page, now, "« Publier maintenant »")
  await now.tap()
}

/** The field of that label in the open item: the last one shown (folded items hide theirs; the section's heading comes first). */
export const field = (page, label) => page.getByLabel(label, { exact: true }).filter({ visible: true }).last()

/**
 * The name a photo picked from `file` shows in the media library: static/admin/touch.js gives
 * each picked photo a name of its own (its name, a time stamp), which Decap lowercases.
 */
export function pickedName(file) {
  const { name, ext } = path.parse(file)
  const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  return new RegExp(`^${literal(name)}-[0-9a-z]+${literal(ext)}$`, "i")
}

/**
 * On a phone, in the open sold items: « Ajouter un article », its fields filled with `item` (brand,
 * title, price, category) and a photo taken by the phone (`photo`: name and bytes) picked through
 * the media library. The new item comes first and is left open; the other items must be folded.
 */
export async function addItemByTouch(page, item, photo) {
  await page.getByRole("button", { name: /^Ajouter un article/ }).tap()
  await field(page, "Marque").fill(item.brand)
  await field(page, "Titre").fill(item.title)
  await field(page, "Prix (€)").fill(item.price)
  await field(page, "Vues").fill("0")
  await field(page, "Favoris").fill("0")
  // The category's select (the relation widget): its box in the open item, then the option.
  const openItem = page.locator('[class*="-ListItem"]').filter({ has: page.getByLabel("Marque", { exact: true }).filter({ visible: true }) })
  await openItem
    .locator('[class*="-control"]')
    .filter({ has: page.getByLabel("Catégorie", { exact: true }) })
    .tap()
  await page.getByRole("option", { name: item.category, exact: true }).tap()

  await page.getByRole("button", { name: "Choisir une image" }).filter({ visible: true }).tap()
  const chooser = page.waitForEvent("filechooser")
  await page.getByText("Téléverser une nouvelle ressource").tap()
  await (await chooser).setFiles({ name: photo.name, mimeType: "image/jpeg", buffer: photo.buffer })
  // Picked, it gets a name of its own (a phone calls every new photo « image.jpg »).
  await page.getByText(pickedName(photo.name)).waitFor({ timeout: 30000 })
  const choose = page.getByRole("button", { name: "Choisir les éléments sélectionnés" })
  await expect(choose).toBeEnabled({ timeout: 30000 })
  await assertOnScreen(page, choose, "« Choisir les éléments sélectionnés »")
  await choose.tap()
}

/**
 * Decap's notifications leave after 8 s, sooner than a busy machine lets a test look: each one
 * is recorded as it appears (window.notifications), and the test waits for the one it expects.
 */
export async function recordNotifications(page) {
  await page.evaluate(() => {
    window.notifications = []
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll(".Toastify__toast-body")) {
        if (!window.notifications.includes(toast.textContent)) window.notifications.push(toast.textContent)
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  })
}

/** Waits until a notification containing `text` has been shown; returns them all. */
export async function untilNotified(page, text, timeout = 60000) {
  await page.waitForFunction((expected) => window.notifications.some((shown) => shown.includes(expected)), text, { timeout })
  return page.evaluate(() => window.notifications)
}
