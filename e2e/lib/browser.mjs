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

/**
 * Chromium's environment: ours without faketime's. A pass at another date (.ci/run,
 * docs/testing.md#tests-at-another-date) runs the tests and the servers they start under faketime; Chromium keeps the
 * machine's clock, as a visitor's phone does (under libfaketime it stalls until each test times out).
 */
export const CHROMIUM_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "LD_PRELOAD" && !name.startsWith("FAKETIME")))

const DEFAULT_VIEWPORT = { width: 1280, height: 900 }

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, env: CHROMIUM_ENV })
}

/**
 * A fresh context and page. `pageErrors` collects uncaught exceptions, `consoleErrors` the
 * console.error lines; tests assert both are empty unless they provoke them. `close()` closes the context.
 */
export async function openPage(browser, options = {}) {
  const {
    viewport = DEFAULT_VIEWPORT,
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
  recordErrors(page, pageErrors, consoleErrors)
  return { context, page, pageErrors, consoleErrors, close: () => context.close() }
}

function recordErrors(page, pageErrors, consoleErrors) {
  page.on("pageerror", (error) => pageErrors.push(String(error)))
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text())
  })
}

/** What a test may add to a page, removed before the page is lent again (reusedPage). */
const PAGE_EVENTS = ["console", "pageerror", "request", "requestfinished", "requestfailed", "response", "dialog", "download", "popup", "framenavigated", "load"]
/** Reused pages, one per worker and kind of context (a worker runs one test at a time). */
const lent = new Map()

/**
 * Like openPage, but the page of an earlier test of the worker whose context had the same
 * settings (touch, mobile, language), made clean again, instead of a new context and
 * page: a new page costs about 6 core-seconds (a renderer process started, the site's scripts
 * compiled cold), loading the site again in a page that already showed it about 1.5 (measured at
 * 1280 × 900). The suite is CPU-bound on two cores, so that is time.
 *
 * Before lending the page again, what a test may have left is removed: its routes, its listeners
 * (PAGE_EVENTS), the tabs it opened (the page is brought back to the front), the site's cookies,
 * localStorage and sessionStorage,
 * permissions; the viewport and the media (theme, motion) are set to the test's options. The
 * page waits on a same-origin text file (robots.txt), so nothing of the previous test's page
 * still runs; the test then loads what it needs.
 *
 * Only for a test that leaves nothing else behind: no init script, no route or setting on the
 * context, no clock, no history it walks back through (the page keeps the earlier tests' entries);
 * and not for a test about a first visit, whose point is an empty cache (the site's files stay in
 * the page's cache). Such a test opens its own page (openPage). `close()` ends the test's use.
 */
export async function reusedPage(browser, options = {}) {
  // What only a new context can set; the viewport and the media are set on the page below.
  const { javaScriptEnabled = true, hasTouch = false, isMobile = false, locale = "fr-FR" } = options
  if (options.initScript) throw new Error("reusedPage : un script d'initialisation demande une page à soi (openPage)")
  // JavaScript on or off is a context's setting: a page without it gets a context of its own.
  if (javaScriptEnabled === false) return openPage(browser, options)
  const key = JSON.stringify({ hasTouch, isMobile, locale })
  const previous = lent.get(key)
  if (!previous || previous.browser !== browser || previous.page.isClosed()) {
    const opened = await openPage(browser, options)
    lent.set(key, { browser, ...opened })
    return { ...opened, close: async () => {} }
  }
  const { context, page } = previous
  for (const other of context.pages()) if (other !== page) await other.close()
  // Back in front of the tabs it had beside it (axe's AxeBuilder leaves one open): a page left
  // behind runs no animation frame, and the waits on them never ended (a11y's walk through the
  // page, 360 s, three times in one fresh-clone CI, each right after such a tab was closed).
  await page.bringToFront()
  await page.unrouteAll({ behavior: "ignoreErrors" })
  await context.unrouteAll({ behavior: "ignoreErrors" })
  for (const event of PAGE_EVENTS) page.removeAllListeners(event)
  await page.goto(`${BASE_URL}/robots.txt`)
  await page.evaluate(() => {
    window.localStorage.clear()
    window.sessionStorage.clear()
  })
  await context.clearCookies()
  await context.clearPermissions()
  await page.setViewportSize(options.viewport ?? DEFAULT_VIEWPORT)
  await page.emulateMedia({ media: null, colorScheme: options.colorScheme ?? "light", reducedMotion: options.reducedMotion ?? "no-preference" })
  const pageErrors = []
  const consoleErrors = []
  recordErrors(page, pageErrors, consoleErrors)
  return { context, page, pageErrors, consoleErrors, close: async () => {} }
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
