/**
 * Accessibility bar: axe-core (WCAG 2.0/2.1 A and AA, plus best practices) finds 0 violations on
 * the built site, in light and dark, in each state a visitor meets: the splash, the home page,
 * the chat open, the estimate form showing its errors, the 404 page, the two legal pages.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { AxeBuilder } from "@axe-core/playwright"
import { BASE_URL, gotoHome, reusedPage } from "./lib/browser.mjs"
import { scrollThroughPage, waitForAnimations } from "./lib/settle.mjs"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const buyback = JSON.parse(readFileSync(path.join(ROOT, "content", "buyback.json"), "utf8"))
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
const THEMES = ["light", "dark"]
// Carousels turn every 3 s and fade (400 ms): axe measuring a half-faded slide reports the blend
// as low contrast. Reduced motion stops autoplay and fades; colours are the same.
const STILL = { reducedMotion: "reduce" }

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

/** One line per violation and node, so a failure says what to fix and where. */
function describeViolations(violations) {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}) ${node.target.join(" ")} — ${violation.help}\n    ${node.failureSummary?.replace(/\n/g, " ") ?? ""}`,
      ),
    )
    .join("\n")
}

async function assertNoViolations(page, what) {
  // Transitions (theme, splash, chat) must be over: axe measures the colours on screen.
  await waitForAnimations(page)
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  assert.equal(violations.length, 0, `${what} : ${violations.length} violation(s) axe\n${describeViolations(violations)}`)
}

async function expectTheme(page, theme) {
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"))
  assert.equal(dark, theme === "dark", `le thème ${theme} n'est pas appliqué`)
}

for (const theme of THEMES) {
  test.describe(`thème ${theme}`, () => {
    test("the welcome splash", async () => {
      const { page, close } = await reusedPage(browser, { ...STILL, colorScheme: theme, viewport: { width: 390, height: 844 } })
      await page.goto(`${BASE_URL}/`, { waitUntil: "load" })
      await page.getByRole("dialog").waitFor()
      await expectTheme(page, theme)
      await assertNoViolations(page, `splash (${theme})`)
      await close()
    })

    test("the home page, every section (mobile and desktop)", async () => {
      // Two walks through the whole page, each with every lazy part loaded, then axe: over 2 minutes
      // on two cores with another test beside it.
      test.slow()
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1440, height: 900 },
      ]) {
        const { page, close, pageErrors } = await reusedPage(browser, { ...STILL, colorScheme: theme, viewport })
        await gotoHome(page)
        await expectTheme(page, theme)
        // Lazy parts (sections, news, images) appear as the visitor scrolls: all of them, loaded.
        await scrollThroughPage(page)
        await assertNoViolations(page, `accueil ${viewport.width} px (${theme})`)
        assert.deepEqual(pageErrors, [])
        await close()
      }
    })

    test("the mobile menu open", async () => {
      const { page, close } = await reusedPage(browser, { ...STILL, colorScheme: theme, viewport: { width: 390, height: 844 } })
      await gotoHome(page)
      await page.getByRole("button", { name: "Ouvrir le menu" }).click()
      await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link").first().waitFor()
      await assertNoViolations(page, `menu mobile ouvert (${theme})`)
      await close()
    })

    test("the chat open, after a question and its answer", async () => {
      const { page, close } = await reusedPage(browser, { ...STILL, colorScheme: theme, viewport: { width: 1440, height: 900 } })
      await gotoHome(page)
      await page.getByRole("button", { name: "Chat avec maxAi" }).click()
      const input = page.getByRole("textbox", { name: "Votre message" })
      await input.fill("Comment authentifiez-vous les vêtements ?")
      await input.press("Enter")
      const log = page.getByRole("log")
      await log.getByText("Comment authentifiez-vous les vêtements ?").waitFor()
      // The input is disabled while maxAi answers; usable again once the answer is in the log.
      await page.waitForFunction((element) => !element.disabled, await input.elementHandle(), { timeout: 20_000 })
      await assertNoViolations(page, `chat ouvert (${theme})`)
      await page.getByRole("button", { name: "Mes infos" }).click()
      await assertNoViolations(page, `chat, formulaire « Mes infos » (${theme})`)
      await close()
    })

    test("the estimate form showing its errors", async () => {
      const { page, close } = await reusedPage(browser, { ...STILL, colorScheme: theme, viewport: { width: 390, height: 844 } })
      await gotoHome(page)
      const form = page.getByRole("form", { name: "Demande d'estimation" })
      await form.scrollIntoViewIfNeeded()
      const email = form.getByRole("textbox", { name: "Votre email" })
      await email.fill("pas-une-adresse")
      await email.blur()
      await form.getByText(buyback.form.emailInvalid).waitFor()
      assert.equal(await email.getAttribute("aria-invalid"), "true")
      // Enter with no photo: the form's destructive toast.
      await email.press("Enter")
      await page
        .getByRole("region", { name: /^Notifications/ })
        .getByText("Informations manquantes")
        .waitFor()
      await assertNoViolations(page, `formulaire en erreur (${theme})`)
      // Several garments (issue 46): each block's heading and « Retirer cet article », the status naming « Article 2 ».
      await form.getByRole("button", { name: "Ajouter un article" }).click()
      await form.getByRole("group", { name: "Article 2" }).waitFor()
      await assertNoViolations(page, `formulaire à deux articles (${theme})`)
      await close()
    })

    test("the 404 page", async () => {
      const { page, close } = await reusedPage(browser, { ...STILL, colorScheme: theme, viewport: { width: 390, height: 844 } })
      const response = await page.goto(`${BASE_URL}/cette-page-n-existe-pas/`, { waitUntil: "load" })
      assert.equal(response?.status(), 404)
      await page.getByRole("heading", { level: 1 }).waitFor()
      await assertNoViolations(page, `page 404 (${theme})`)
      await close()
    })

    test("the legal pages", async () => {
      const { page, close } = await reusedPage(browser, { ...STILL, colorScheme: theme, viewport: { width: 390, height: 844 } })
      for (const address of ["/mentions-legales/", "/confidentialite/"]) {
        const response = await page.goto(`${BASE_URL}${address}`, { waitUntil: "load" })
        assert.equal(response?.status(), 200)
        await page.getByRole("heading", { level: 1 }).waitFor()
        await assertNoViolations(page, `${address} (${theme})`)
      }
      await close()
    })
  })
}
