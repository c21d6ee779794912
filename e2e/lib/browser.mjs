/**
 * Shared browser plumbing: the system Chromium and its flags (the e2e config launches it with
 * them; the screenshot and bench scripts through `launchBrowser`), a page that records uncaught
 * errors and console errors, and the visitor's first step (passing the splash).
 */
import { chromium } from "playwright-core"

export const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:9000"
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
}

/**
 * A fresh context and page. `pageErrors` collects uncaught exceptions, `consoleErrors` the
 * console.error lines; tests assert both are empty unless they provoke them.
 */
export async function openPage(browser, options = {}) {
  const {
    viewport = { width: 1280, height: 900 },
    colorScheme = "light",
    javaScriptEnabled = true,
    reducedMotion = "no-preference",
    hasTouch = false,
    isMobile = false,
    locale = "fr-FR",
    initScript,
  } = options
  const context = await browser.newContext({ viewport, colorScheme, javaScriptEnabled, reducedMotion, hasTouch, isMobile, locale })
  if (initScript) await context.addInitScript(initScript)
  const page = await context.newPage()
  const pageErrors = []
  const consoleErrors = []
  page.on("pageerror", (error) => pageErrors.push(String(error)))
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text())
  })
  return { context, page, pageErrors, consoleErrors }
}

/**
 * The splash's enter button works once React has hydrated the page; a click before that does
 * nothing. The splash moves focus to that button on mount, so focus there means "ready".
 */
export async function waitForHydration(page) {
  await page.waitForFunction(() => document.activeElement?.textContent === "Entrer sur le site", null, { timeout: 20000 })
}

/** Waits for hydration, clicks the splash's enter button and waits for the main page (1.5 s delay). */
export async function enterSite(page) {
  await waitForHydration(page)
  await page.getByRole("button", { name: "Entrer sur le site" }).click()
  await page.getByRole("dialog").waitFor({ state: "detached", timeout: 5000 })
}

/** Loads `/` and passes the splash, ready for the visitor's next step. */
export async function gotoHome(page, path = "/") {
  await page.goto(`${BASE_URL}${path}`, { waitUntil: "load" })
  await enterSite(page)
}
