/**
 * The page under a broken API, in a real browser: the stores, news and chat calls answer 500,
 * malformed JSON, never answer (the app's own timeouts fire, time fast-forwarded with the fake
 * clock so the test stays short) or fail at the network level. The visitor still gets the
 * spec's fallbacks (hero 300 sales, 4,9/5), the news articles, the chat's error messages, and
 * the page throws nothing. Also: a browser whose localStorage throws.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { gotoHome, openPage } from "./lib/browser.mjs"

// The app's timeouts (src/lib/api.ts API_TIMEOUT_MS, src/lib/chat-client.ts CHAT_TIMEOUT_MS).
const API_TIMEOUT_MS = 8000
const CHAT_TIMEOUT_MS = 15_000

const CHAT_NOT_OK = "Désolé, une erreur s'est produite. Veuillez réessayer plus tard."
const CHAT_NETWORK = "Problème de connexion. Veuillez vérifier votre internet et réessayer."
const CHAT_NO_ANSWER = "Message reçu ! Notre équipe vous contactera bientôt."

/**
 * Each fault: how the intercepted request is answered and what the chat must then say
 * (not OK → sorry; network failure or timeout → connection problem; OK without a
 * readable bot_response → message received).
 */
const FAULTS = [
  { name: "HTTP 500", handle: (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"internal"}' }), chat: CHAT_NOT_OK },
  {
    name: "JSON mal formé",
    handle: (route) => route.fulfill({ status: 200, contentType: "application/json", body: '{"stores": [{"stats": ' }),
    chat: CHAT_NO_ANSWER,
  },
  { name: "pas de réponse (délai dépassé)", handle: () => {}, chat: CHAT_NETWORK, hangs: true },
  { name: "réseau coupé", handle: (route) => route.abort("internetdisconnected"), chat: CHAT_NETWORK },
]

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

/** Resolves once the page has logged a console warning matching `pattern`. */
function warningLogged(page, pattern) {
  return page.waitForEvent("console", { predicate: (message) => message.type() === "warning" && pattern.test(message.text()), timeout: 20_000 })
}

async function heroFigures(page) {
  return {
    sales: (await page.getByTestId("hero-total-sales").textContent())?.trim(),
    rating: (await page.getByTestId("hero-rating").textContent())?.trim(),
  }
}

test.describe("API en panne", () => {
  for (const fault of FAULTS) {
    test(`${fault.name} : fallbacks, news, chat error message, no uncaught error`, async () => {
      const { page, context, pageErrors } = await openPage(browser, { viewport: { width: 1280, height: 900 } })
      // Natural time flow until fast-forwarded: only the hanging case needs to skip ahead.
      if (fault.hangs) await page.clock.install()
      const seen = { stores: 0, news: 0, chat: 0 }
      await page.route("**/api/vinted/stores", (route) => {
        seen.stores += 1
        return fault.handle(route)
      })
      await page.route("**/api/vinted/news", (route) => {
        seen.news += 1
        return fault.handle(route)
      })
      await page.route("**/api/chat", (route) => {
        seen.chat += 1
        return fault.handle(route)
      })

      const storesWarned = warningLogged(page, /Boutiques non chargées/)
      await gotoHome(page)
      assert.equal(seen.stores, 1, "les boutiques doivent être demandées une fois au chargement")
      if (fault.hangs) await page.clock.fastForward(API_TIMEOUT_MS + 500)
      await storesWarned
      assert.deepEqual(await heroFigures(page), { sales: "300", rating: "4,9/5" })

      // News: requested when the section comes near; the articles stay, the loading state ends.
      const newsWarned = warningLogged(page, /Actualités non chargées/)
      await page.locator("#actualites").scrollIntoViewIfNeeded()
      for (let attempt = 0; attempt < 50 && seen.news === 0; attempt += 1) await page.waitForTimeout(100)
      assert.equal(seen.news, 1, "les actualités doivent être demandées quand la section approche")
      if (fault.hangs) await page.clock.fastForward(API_TIMEOUT_MS + 500)
      await newsWarned
      const news = page.locator("#actualites")
      assert.equal(await news.getByRole("article").count(), 3)
      assert.equal(await news.getByText("Mise à jour des actualités…").count(), 0)

      // Chat: the question stays, the answer is the spec's error message.
      await page.getByRole("button", { name: "Chat avec maxAi" }).click()
      const input = page.getByRole("textbox", { name: "Votre message" })
      await input.fill("Quels sont vos délais ?")
      await input.press("Enter")
      const log = page.getByRole("log")
      await log.getByText("Quels sont vos délais ?").waitFor()
      for (let attempt = 0; attempt < 50 && seen.chat === 0; attempt += 1) await page.waitForTimeout(100)
      assert.equal(seen.chat, 1)
      if (fault.hangs) await page.clock.fastForward(CHAT_TIMEOUT_MS + 500)
      await log.getByText(fault.chat).waitFor({ timeout: 10_000 })
      // The conversation can go on: the input is usable again.
      await page.waitForFunction((element) => !element.disabled, await input.elementHandle(), { timeout: 5000 })

      assert.deepEqual(pageErrors, [])
      await context.close()
    })
  }
})

test.describe("stockage local indisponible", () => {
  const variants = {
    "getItem et setItem lèvent une exception": () => {
      const refuse = () => {
        throw new DOMException("Stockage refusé", "SecurityError")
      }
      Storage.prototype.getItem = refuse
      Storage.prototype.setItem = refuse
    },
    "l'accès à localStorage lève une exception": () => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("Stockage refusé", "SecurityError")
        },
      })
    },
  }
  for (const [name, initScript] of Object.entries(variants)) {
    test(`${name} : the page works and the theme toggle still switches the theme`, async () => {
      const { page, context, pageErrors } = await openPage(browser, { colorScheme: "light", initScript })
      // The splash has its own toggle; the visitor passes it, then uses the header's.
      await gotoHome(page)
      const toggle = page.getByRole("banner").getByRole("button", { name: "Thème sombre" })
      const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"))
      assert.equal(await isDark(), false)
      assert.equal(await toggle.getAttribute("aria-pressed"), "false")
      await toggle.click()
      assert.equal(await isDark(), true)
      assert.equal(await toggle.getAttribute("aria-pressed"), "true")
      await toggle.click()
      assert.equal(await isDark(), false)
      assert.equal(await toggle.getAttribute("aria-pressed"), "false")
      // The rest of the page still answers: the gallery's "see more" works.
      await page.getByRole("button", { name: /Voir plus d'articles/ }).click()
      assert.deepEqual(pageErrors, [])
      await context.close()
    })
  }
})
