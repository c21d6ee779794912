/**
 * The interactive parts in a real browser: the welcome splash (keyboard journey), its
 * carousel, the AI-engine slideshow, and taps on a phone. The gallery: gallery.spec.mjs.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { BASE_URL, gotoHome, openPage, reusedPage, waitForHydration } from "./lib/browser.mjs"

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

const activeInside = (page, selector) => page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector)
const activeId = (page) => page.evaluate(() => document.activeElement?.id ?? "")

test("splash → main page with the keyboard only", async () => {
  const { page, pageErrors, consoleErrors, close } = await reusedPage(browser)
  await page.goto(`${BASE_URL}/`, { waitUntil: "load" })
  const dialog = page.getByRole("dialog", { name: "Bienvenue chez maxAi" })
  await dialog.waitFor()
  const enter = dialog.getByRole("button", { name: "Entrer sur le site" })
  await waitForHydration(page)
  assert.equal(await page.locator("#page").getAttribute("inert"), "")

  // Tab and Shift+Tab go round the dialog's controls and never reach the page behind.
  for (let i = 0; i < 7; i += 1) {
    await page.keyboard.press("Tab")
    assert.ok(await activeInside(page, "[role=dialog]"), `Tab n°${i + 1} a quitté la boîte de dialogue`)
  }
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press("Shift+Tab")
    assert.ok(await activeInside(page, "[role=dialog]"), `Shift+Tab n°${i + 1} a quitté la boîte de dialogue`)
  }

  await enter.focus()
  const pressedAt = Date.now()
  await page.keyboard.press("Enter")
  await dialog.getByRole("button", { name: "Chargement…" }).waitFor({ timeout: 1000 })
  assert.ok(await activeInside(page, "[role=dialog]"), "le focus doit rester dans la boîte pendant le chargement")
  await dialog.waitFor({ state: "detached", timeout: 4000 })
  const elapsed = Date.now() - pressedAt
  assert.ok(elapsed >= 1400, `la page principale est apparue après ${elapsed} ms, avant le délai de 1,5 s`)

  await page.waitForFunction(() => document.activeElement?.id === "contenu")
  assert.equal(await activeId(page), "contenu")
  assert.equal(await page.locator("#page").getAttribute("inert"), null)
  assert.ok(await page.getByRole("heading", { level: 1 }).isVisible())
  assert.deepEqual(pageErrors, [])
  assert.deepEqual(consoleErrors, [])
  await close()
})

test("splash: feature cards turn every 3 s, the theme toggle works, and a mouse click enters", async () => {
  const { page, close } = await reusedPage(browser)
  await page.goto(`${BASE_URL}/`, { waitUntil: "load" })
  await waitForHydration(page)
  const carousel = page.getByRole("region", { name: "Bienvenue chez maxAi" })
  const shownCard = () => carousel.locator("[aria-roledescription=diapositive][aria-hidden=false] h3").textContent()
  assert.equal(await shownCard(), "Authentification IA")
  await page.mouse.move(0, 0)
  await page.waitForFunction(
    () => document.querySelector("[aria-roledescription=diapositive][aria-hidden=false] h3")?.textContent === "Achat en confiance",
    null,
    { timeout: 4500 },
  )

  const toggle = page.getByRole("dialog").getByRole("button", { name: "Thème sombre" })
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains("dark"))
  await toggle.click()
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains("dark")), !wasDark)
  assert.equal(await toggle.getAttribute("aria-pressed"), String(!wasDark))

  await page.getByRole("button", { name: "Entrer sur le site" }).click()
  await page.getByRole("dialog").waitFor({ state: "detached", timeout: 4000 })
  await close()
})

test("splash: paused from the start under prefers-reduced-motion", async () => {
  const { page, close } = await reusedPage(browser, { reducedMotion: "reduce" })
  await page.goto(`${BASE_URL}/`, { waitUntil: "load" })
  const play = page.getByRole("button", { name: "Lire le carrousel" })
  await play.waitFor({ timeout: 3000 })
  await page.waitForTimeout(3500)
  assert.equal(await page.locator("[aria-roledescription=diapositive][aria-hidden=false] h3").first().textContent(), "Authentification IA")
  await close()
})

test("splash never blocks the page when JavaScript is off", async () => {
  const { page, close } = await reusedPage(browser, { javaScriptEnabled: false })
  await page.goto(`${BASE_URL}/`, { waitUntil: "load" })
  assert.equal(await page.locator("[data-splash]").isVisible(), false)
  assert.ok(await page.getByRole("heading", { level: 1 }).isVisible())
  // Every sold item is readable without scripts (no 'voir plus' needed).
  assert.equal(await page.locator("#galerie li:visible").count(), 15)
  await close()
})

test("engine slideshow: advances every 3 s, holds under the mouse, pauses, mute is a pressed state, no layout shift", async () => {
  const { page, pageErrors, context } = await openPage(browser, { initScript: trackLayoutShifts })
  await gotoHome(page)
  const slideshow = page.getByRole("region", { name: "Articles en cours d'analyse" })
  await slideshow.scrollIntoViewIfNeeded()
  await page.mouse.move(0, 0)
  const position = slideshow.getByText(/^\d sur 5$/)
  const before = await slideshow.boundingBox()
  const startShifts = await page.evaluate(() => window.__layoutShift)

  const first = await position.textContent()
  await page.waitForFunction(
    (start) => {
      const text = [...document.querySelectorAll("#moteur p")].find((p) => /^\d sur 5$/.test(p.textContent))?.textContent
      return text && text !== start
    },
    first,
    { timeout: 4500 },
  )
  assert.equal(await position.getAttribute("aria-live"), "off")

  // Hovered: the slide stays put for more than an interval.
  await slideshow.hover()
  const held = await position.textContent()
  await page.waitForTimeout(3500)
  assert.equal(await position.textContent(), held)
  await page.mouse.move(0, 0)

  const pause = slideshow.getByRole("button", { name: "Mettre en pause le diaporama" })
  await pause.click()
  await page.mouse.move(0, 0)
  const paused = await position.textContent()
  await page.waitForTimeout(3500)
  assert.equal(await position.textContent(), paused)
  assert.equal(await position.getAttribute("aria-live"), "polite")

  await slideshow.getByRole("button", { name: "Image suivante" }).click()
  assert.notEqual(await position.textContent(), paused)

  const mute = slideshow.getByRole("button", { name: "Son coupé" })
  assert.equal(await mute.getAttribute("aria-pressed"), "true")
  await mute.click()
  assert.equal(await mute.getAttribute("aria-pressed"), "false")

  const afterBox = await slideshow.boundingBox()
  assert.equal(afterBox.height, before.height, "la hauteur du diaporama a changé")
  const shifts = (await page.evaluate(() => window.__layoutShift)) - startShifts
  assert.ok(shifts < 0.001, `décalage de mise en page pendant le diaporama : ${shifts}`)
  assert.deepEqual(pageErrors, [])
  await context.close()
})

test("touch on a phone: enter, slideshow controls, chips and 'voir plus' all answer taps", async () => {
  const { page, pageErrors, close } = await reusedPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  await page.goto(`${BASE_URL}/`, { waitUntil: "load" })
  await waitForHydration(page)
  await page.getByRole("button", { name: "Entrer sur le site" }).tap()
  await page.getByRole("dialog").waitFor({ state: "detached", timeout: 4000 })

  const slideshow = page.getByRole("region", { name: "Articles en cours d'analyse" })
  await slideshow.scrollIntoViewIfNeeded()
  await slideshow.getByRole("button", { name: "Mettre en pause le diaporama" }).tap()
  const position = slideshow.getByText(/^\d sur 5$/)
  const paused = await position.textContent()
  await slideshow.getByRole("button", { name: "Image suivante" }).tap()
  assert.notEqual(await position.textContent(), paused)
  await slideshow.getByRole("button", { name: "Son coupé" }).tap()
  assert.equal(await slideshow.getByRole("button", { name: "Son coupé" }).getAttribute("aria-pressed"), "false")

  const gallery = page.locator("#galerie")
  await gallery.getByRole("button", { name: /^Polo / }).tap()
  assert.equal(await gallery.locator("li:visible").count(), 4)
  await gallery.getByRole("button", { name: /^Tous / }).tap()
  await gallery.getByRole("button", { name: /^Voir plus d'articles/ }).tap()
  assert.equal(await gallery.locator("li:visible").count(), 15)
  assert.deepEqual(pageErrors, [])
  await close()
})

/** Sums layout-shift scores (the CLS input) from the start of the page. */
function trackLayoutShifts() {
  window.__layoutShift = 0
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value
  }).observe({ type: "layout-shift", buffered: true })
}
