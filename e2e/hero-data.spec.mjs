/**
 * Runtime data in a real browser: the hero figures from GET /api/vinted/stores (computed, or
 * the fallbacks 300 and 4,9/5 whatever goes wrong) and the news loaded near its section.
 * Faults are produced by intercepting the request; one test uses the real served API.
 */
import { expect, test } from "@playwright/test"
import assert from "node:assert/strict"
import { readFileSync } from "node:fs"
import { BASE_URL, gotoHome, openPage, reusedPage } from "./lib/browser.mjs"

const shops = JSON.parse(readFileSync(new URL("../content/shops.json", import.meta.url), "utf8")).items
const STORES = "**/api/vinted/stores"
const NEWS = "**/api/vinted/news"
const FALLBACKS = { sales: "300", rating: "4,9/5" }
const TIMEOUT_MS = 8000

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

/**
 * A page whose console warnings are kept, to check failures are reported there and only there:
 * the worker's reused page (reusedPage), or a page of its own for a test that installs a clock.
 */
async function openWatchedPage({ ownPage = false } = {}) {
  const opened = ownPage ? await openPage(browser) : await reusedPage(browser)
  opened.warnings = []
  opened.page.on("console", (message) => {
    if (message.type() === "warning") opened.warnings.push(message.text())
  })
  return opened
}

const heroFigures = async (page) => ({
  sales: await page.getByTestId("hero-total-sales").textContent(),
  rating: await page.getByTestId("hero-rating").textContent(),
})

/** Waits until the page has seen the stores request through (answered, failed or given up). */
async function storesSettled(page, warnings, { expectWarning }) {
  if (expectWarning) {
    for (let waited = 0; !warnings.some((text) => text.includes("Boutiques")) && waited < TIMEOUT_MS + 3000; waited += 100) await page.waitForTimeout(100)
    assert.ok(
      warnings.some((text) => text.includes("Boutiques")),
      "un console.warn était attendu",
    )
  } else {
    await page.waitForLoadState("networkidle")
  }
}

/** The browser logs failed HTTP responses by itself; those are not errors of the page's code. */
const ownErrors = (consoleErrors) => consoleErrors.filter((text) => !text.startsWith("Failed to load resource"))

const faults = [
  ["HTTP 500", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"panne"}' })],
  ["malformed JSON", (route) => route.fulfill({ status: 200, contentType: "application/json", body: '{"stores": [{"stats": ' })],
  ["an empty body", (route) => route.fulfill({ status: 200, contentType: "application/json", body: "" })],
  ["an HTML error page", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Erreur</title>" })],
  ["an empty store list", (route) => route.fulfill({ status: 200, contentType: "application/json", body: '{"stores": []}' })],
  [
    "non-numeric stats",
    (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ stores: [{ stats: { total_sales: "n/a", rating: null } }] }) }),
  ],
  ["the network being down", (route) => route.abort("internetdisconnected")],
]

for (const [label, handler] of faults) {
  test(`hero keeps 300 and 4,9/5 on ${label}, with no page error`, async () => {
    const { page, pageErrors, consoleErrors, warnings, close } = await openWatchedPage()
    await page.route(STORES, handler)
    await gotoHome(page)
    await storesSettled(page, warnings, { expectWarning: true })
    assert.deepEqual(await heroFigures(page), FALLBACKS)
    assert.deepEqual(pageErrors, [])
    assert.deepEqual(ownErrors(consoleErrors), [])
    await close()
  })
}

test("hero keeps the fallbacks when the API never answers (8 s timeout)", async () => {
  const { page, pageErrors, consoleErrors, warnings, close } = await openWatchedPage({ ownPage: true })
  // The page's timers run on Playwright's clock: natural time, run past the timeout once the request is out.
  await page.clock.install()
  let taken
  const requestTaken = new Promise((resolve) => (taken = resolve))
  await page.route(STORES, () => taken())
  await gotoHome(page)
  assert.deepEqual(await heroFigures(page), FALLBACKS)
  await requestTaken
  await page.clock.fastForward(TIMEOUT_MS + 500)
  await storesSettled(page, warnings, { expectWarning: true })
  assert.ok(
    warnings.some((text) => text.includes(`${TIMEOUT_MS} ms`)),
    warnings.join("\n"),
  )
  assert.deepEqual(await heroFigures(page), FALLBACKS)
  assert.deepEqual(pageErrors, [])
  assert.deepEqual(ownErrors(consoleErrors), [])
  await close()
})

test("hero shows the sum of sales and the mean rating of a valid response", async () => {
  const { page, pageErrors, consoleErrors, warnings, close } = await openWatchedPage()
  const stores = [
    { id: "a", name: "A", stats: { total_sales: 1200, rating: 4.6 } },
    { id: "b", name: "B", stats: { total_sales: 34, rating: 4.8 } },
  ]
  await page.route(STORES, (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ stores }) }))
  await gotoHome(page)
  await page.waitForFunction(() => document.querySelector("[data-testid=hero-total-sales]")?.textContent !== "300")
  assert.deepEqual(await heroFigures(page), { sales: "1\u202f234", rating: "4,7/5" })
  assert.deepEqual(warnings, [])
  assert.deepEqual(pageErrors, [])
  assert.deepEqual(consoleErrors, [])
  await close()
})

test("hero accepts a bare array shaped like content/shops.json", async () => {
  const { page, close } = await openWatchedPage()
  await page.route(STORES, (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(shops) }))
  await gotoHome(page)
  const total = shops.reduce((sum, shop) => sum + shop.stats.total_sales, 0)
  await page.waitForFunction((expected) => document.querySelector("[data-testid=hero-total-sales]")?.textContent === expected, String(total))
  assert.equal((await heroFigures(page)).rating, "4,9/5")
  await close()
})

test("hero figures from the real served API (embedded Gatsby Function)", async () => {
  const response = await fetch(`${BASE_URL}/api/vinted/stores`)
  assert.equal(response.status, 200)
  const body = await response.json()
  const stores = Array.isArray(body) ? body : body.stores
  assert.ok(stores.length > 0)
  const total = stores.reduce((sum, store) => sum + store.stats.total_sales, 0)
  const mean = stores.reduce((sum, store) => sum + store.stats.rating, 0) / stores.length
  const rating = `${new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.round(mean * 10) / 10)}/5`

  const { page, pageErrors, consoleErrors, warnings, close } = await openWatchedPage()
  const loaded = page.waitForResponse((res) => res.url().endsWith("/api/vinted/stores"))
  await gotoHome(page)
  assert.equal((await loaded).status(), 200)
  const expectedSales = new Intl.NumberFormat("fr-FR").format(total)
  await page.waitForFunction((expected) => document.querySelector("[data-testid=hero-total-sales]")?.textContent === expected, expectedSales)
  assert.deepEqual(await heroFigures(page), { sales: expectedSales, rating })
  assert.deepEqual(warnings, [])
  assert.deepEqual(pageErrors, [])
  assert.deepEqual(consoleErrors, [])
  await close()
})

test("news loads only when its section comes near, and the loading state clears even on failure", async () => {
  const { page, pageErrors, consoleErrors, warnings, close } = await openWatchedPage()
  const requests = []
  // The failing answer is held until the loading state has been read: no race with a busy machine.
  let answer
  const loadingRead = new Promise((resolve) => (answer = resolve))
  await page.route(NEWS, async (route) => {
    requests.push(route.request().url())
    await loadingRead
    await route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"panne"}' })
  })
  await gotoHome(page)
  await page.waitForTimeout(500)
  assert.equal(requests.length, 0, "les actualités ne doivent pas être chargées avant d'approcher de la section")

  const section = page.locator("#actualites")
  await section.scrollIntoViewIfNeeded()
  await page.waitForFunction(() => document.querySelector("#actualites")?.getAttribute("aria-busy") === "true", null, { timeout: 3000 })
  await expect(section.getByRole("status")).toHaveText("Mise à jour des actualités…")
  answer()
  await page.waitForFunction(() => document.querySelector("#actualites")?.getAttribute("aria-busy") === "false", null, { timeout: 5000 })
  assert.equal(await section.getByRole("status").textContent(), "")
  assert.equal(requests.length, 1)
  assert.equal(await section.getByRole("article").count(), 3)
  assert.ok(
    warnings.some((text) => text.includes("Actualités")),
    warnings.join("\n"),
  )
  assert.deepEqual(pageErrors, [])
  assert.deepEqual(ownErrors(consoleErrors), [])
  await close()
})
