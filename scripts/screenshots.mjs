/**
 * Screenshots of every part of the served page, to look at after a design change: each section,
 * the header, the footer, the splash, the phone menu, the open chat, the estimate form showing
 * its errors and the toast it raises, at 390×844 (touch) and 1440×900, light and dark. Writes
 * artifacts/screenshots/<width>-<theme>/<nn>-<part>.png and prints the list.
 *
 *   npm run build && npm run serve     (in another shell)
 *   npm run screenshots                BASE_URL=http://127.0.0.1:9000 by default
 */
import { mkdirSync, rmSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { BASE_URL, enterSite, launchBrowser, openPage, waitForHydration } from "../e2e/lib/browser.mjs"
import { renderWholePage, waitForAnimations, waitForStill } from "../e2e/lib/settle.mjs"

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "artifacts", "screenshots")
const SIZES = [
  { width: 390, height: 844, phone: true },
  { width: 1440, height: 900, phone: false },
]
const THEMES = ["light", "dark"]

async function shootSize(browser, { width, height, phone }, theme) {
  const dir = path.join(OUT, `${width}-${theme}`)
  mkdirSync(dir, { recursive: true })
  const shots = []
  /** The screen as the visitor sees it, or one element of the page cut out of the whole page. */
  const shoot = async (name, target, element) => {
    const file = path.join(dir, `${String(shots.length + 1).padStart(2, "0")}-${name}.png`)
    // (Playwright's element screenshots on an emulated phone capture the wrong band of the page.)
    const clip = element
      ? await element.evaluate((node) => {
          const rect = node.getBoundingClientRect()
          return { x: rect.left + window.scrollX, y: rect.top + window.scrollY, width: rect.width, height: rect.height }
        })
      : undefined
    await target.screenshot({ path: file, animations: "disabled", ...(clip ? { clip, fullPage: true } : {}) })
    shots.push(path.relative(process.cwd(), file))
  }
  const open = () => openPage(browser, { viewport: { width, height }, colorScheme: theme, hasTouch: phone, isMobile: phone })

  // The page part by part, then its states on a fresh page.
  const parts = await open()
  try {
    const { page } = parts
    await page.goto(`${BASE_URL}/`, { waitUntil: "load" })
    await waitForHydration(page)
    await waitForAnimations(page)
    await shoot("splash", page)
    await page.getByRole("button", { name: "Entrer sur le site" }).click()
    await page.getByRole("dialog").waitFor({ state: "detached" })
    await renderWholePage(page)
    await shoot("haut-de-page", page)
    // One section at a time, without the sticky header bar and the floating chat button over it.
    await page.addStyleTag({ content: "body > div header, [aria-label='Chat avec maxAi']{visibility:hidden!important}" })
    for (const section of await page.locator("main section:not(section section)").all()) {
      const id = (await section.getAttribute("id")) ?? (await section.getAttribute("aria-labelledby"))?.replace(/-title$/, "") ?? "section"
      await section.scrollIntoViewIfNeeded()
      await waitForStill(page)
      await shoot(id, page, section)
    }
    await shoot("pied-de-page", page, page.locator("footer").last())
  } finally {
    await parts.context.close()
  }

  const states = await open()
  try {
    const { page } = states
    await page.goto(`${BASE_URL}/`, { waitUntil: "load" })
    await enterSite(page)
    // The estimate form after a wrong email, the field focused (error border and focus ring together).
    const email = page.getByLabel(/email/i).first()
    await email.scrollIntoViewIfNeeded()
    await email.fill("pas-un-email")
    await email.blur()
    await email.focus()
    await waitForStill(page)
    await waitForAnimations(page)
    await shoot("formulaire-erreur", page)
    // The toast the form raises when sent incomplete.
    await email.press("Enter")
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("listitem")
      .waitFor()
    await waitForAnimations(page)
    await shoot("toast", page)
    if (phone) {
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }))
      await page.getByRole("button", { name: /menu/i }).click()
      await waitForStill(page)
      await waitForAnimations(page)
      await shoot("menu", page)
      await page.keyboard.press("Escape")
    }
    await page.getByRole("button", { name: /maxAi/i }).first().click()
    await waitForAnimations(page)
    await shoot("chat", page)
  } finally {
    await states.context.close()
  }
  return shots
}

async function main() {
  rmSync(OUT, { recursive: true, force: true })
  const browser = await launchBrowser()
  try {
    for (const size of SIZES) {
      for (const theme of THEMES) {
        const shots = await shootSize(browser, size, theme)
        console.log(`${size.width}×${size.height} ${theme} : ${shots.length} captures`)
        for (const shot of shots) console.log(`  ${shot}`)
      }
    }
  } finally {
    await browser.close()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
