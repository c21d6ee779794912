/**
 * A phone visitor never fights the page (390×844, touch): the chat's button hides nothing as the
 * page scrolls (checked on a laptop and a wide screen too), every control offers at least 44×44 px to a finger, and the menu is a real sheet
 * (backdrop, focus kept inside, Esc and a tap outside close it, every section listed).
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { gotoHome, reusedPage, waitForHydration, BASE_URL } from "./lib/browser.mjs"

const PHONE = { width: 390, height: 844 }
const MIN_TARGET = 44

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

const openPhone = (options = {}) => reusedPage(browser, { viewport: PHONE, hasTouch: true, isMobile: true, ...options })

/** Lays out every deferred section, as an in-page link does, so the page has its real length. */
const layOutEverything = (page) => page.evaluate(() => document.documentElement.setAttribute("data-sections-rendered", ""))

/**
 * What the chat's button hides at the current scroll position: text and controls whose box
 * meets the button's and that the button, rather than something else (the sticky header
 * the page scrolls under), is painted over there.
 */
function hiddenByChatButton() {
  const button = document.querySelector('button[aria-label="Chat avec maxAi"]')
  if (!button) return ["(pas de bouton de chat)"]
  const box = button.getBoundingClientRect()
  const launcher = button.parentElement
  const ownText = (element) => Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== "")
  const candidates = Array.from(document.querySelectorAll("body *")).filter(
    (element) =>
      !launcher.contains(element) && (element.matches("a[href], button, input, select, textarea, label, [tabindex]:not([tabindex='-1'])") || ownText(element)),
  )
  const hidden = []
  for (const element of candidates) {
    const rect = element.getBoundingClientRect()
    const left = Math.max(rect.left, box.left)
    const right = Math.min(rect.right, box.right)
    const top = Math.max(rect.top, box.top)
    const bottom = Math.min(rect.bottom, box.bottom)
    if (right - left < 1 || bottom - top < 1) continue
    for (const [fx, fy] of [
      [0.5, 0.5],
      [0.2, 0.2],
      [0.8, 0.2],
      [0.2, 0.8],
      [0.8, 0.8],
    ]) {
      const stack = document.elementsFromPoint(left + (right - left) * fx, top + (bottom - top) * fy)
      const under = stack.find((node) => !launcher.contains(node))
      if (stack[0] && launcher.contains(stack[0]) && under && (element === under || element.contains(under))) {
        hidden.push(`${element.tagName.toLowerCase()} « ${(element.textContent ?? "").trim().slice(0, 40)} »`)
        break
      }
    }
  }
  return hidden
}

// On a phone and a laptop the button sits in the header bar; on a wide screen it floats in the
// margin beside the content.
const CHAT_CASES = [
  { viewport: PHONE, colorScheme: "light", touch: true },
  { viewport: PHONE, colorScheme: "dark", touch: true },
  { viewport: { width: 1280, height: 800 }, colorScheme: "light", touch: false },
  { viewport: { width: 1440, height: 900 }, colorScheme: "dark", touch: false },
]

for (const { viewport, colorScheme, touch } of CHAT_CASES) {
  test(`the chat's button hides no text and no control anywhere on the page (${viewport.width}×${viewport.height}, ${colorScheme})`, async () => {
    const { page, close, pageErrors } = await reusedPage(browser, { viewport, colorScheme, hasTouch: touch, isMobile: touch })
    await gotoHome(page)
    await layOutEverything(page)
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    const problems = []
    // Every 200 px from top to bottom (bounded by the page's height).
    for (let y = 0; y <= height; y += 200) {
      // Scrolled, then two frames drawn: the header and the button have followed the scroll.
      await page.evaluate(
        (top) =>
          new Promise((resolve) => {
            window.scrollTo({ top, behavior: "instant" })
            requestAnimationFrame(() => requestAnimationFrame(resolve))
            // A page given no frame (e2e/lib/settle.mjs) still goes on; the checks below measure it.
            setTimeout(resolve, 200)
          }),
        y,
      )
      for (const hidden of await page.evaluate(hiddenByChatButton)) problems.push(`à ${y} px : ${hidden}`)
    }
    assert.deepEqual([...new Set(problems)], [], "le bouton du chat masque du contenu")
    assert.deepEqual(pageErrors, [])
    await close()
  })
}

/** Visible controls inside `scope` smaller than `min` in either direction, with their size. */
function smallTargets([min, scope]) {
  const controls = document
    .querySelector(scope)
    .querySelectorAll("a[href], button, input:not([type='hidden']), select, textarea, summary, [role='button'], [role='tab'], [tabindex]:not([tabindex='-1'])")
  const small = []
  for (const control of controls) {
    const rect = control.getBoundingClientRect()
    const style = getComputedStyle(control)
    if (rect.width === 0 || rect.height === 0 || style.visibility === "hidden") continue
    // Not offered to anyone: hidden from assistive technology and out of the tab order (the
    // form's honeypot, off-screen), or a visually hidden input reached through its label.
    if (control.closest("[aria-hidden='true']") && control.tabIndex < 0) continue
    if (control.matches("input") && rect.width <= 1 && rect.height <= 1) continue
    if (rect.width < min - 0.5 || rect.height < min - 0.5) {
      const name = (control.getAttribute("aria-label") ?? control.textContent ?? "").trim().slice(0, 30)
      small.push(`${control.tagName.toLowerCase()} « ${name} » ${Math.round(rect.width)}×${Math.round(rect.height)}`)
    }
  }
  return small
}

test("every control of the splash and of the page is at least 44×44 px on a phone", async () => {
  const { page, close } = await openPhone()
  await page.goto(`${BASE_URL}/`, { waitUntil: "load" })
  await waitForHydration(page)
  const splash = await page.evaluate(smallTargets, [MIN_TARGET, "[data-splash]"])
  await page.getByRole("button", { name: "Entrer sur le site" }).click()
  await page.getByRole("dialog").waitFor({ state: "detached", timeout: 5000 })
  await layOutEverything(page)
  const main = await page.evaluate(smallTargets, [MIN_TARGET, "body"])
  await page.getByRole("button", { name: "Ouvrir le menu" }).click()
  const menu = await page.evaluate(smallTargets, [MIN_TARGET, "header"])
  assert.deepEqual({ splash, main, menu }, { splash: [], main: [], menu: [] })
  await close()
})

for (const colorScheme of ["light", "dark"]) {
  test(`the menu is a sheet over a backdrop: focus stays inside, Esc and a tap outside close it, every section is there (${colorScheme})`, async () => {
    const { page, close } = await openPhone({ colorScheme })
    await gotoHome(page)
    const menuButton = page.getByRole("button", { name: "Ouvrir le menu" })
    await menuButton.click()
    const nav = page.getByRole("navigation", { name: "Navigation principale" })
    const labels = await nav.getByRole("link").allTextContents()
    assert.deepEqual(labels, ["Expertise", "Marques", "Galerie", "Rachat", "Actualités", "Boutiques"])
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Expertise", "le premier lien reçoit le focus")

    // The page under the sheet is dimmed by a backdrop that covers the rest of the screen.
    const backdrop = await page.getByTestId("menu-backdrop").boundingBox()
    assert.ok(backdrop && backdrop.width >= PHONE.width && backdrop.y + backdrop.height >= PHONE.height, `voile : ${JSON.stringify(backdrop)}`)
    const sheet = await nav.boundingBox()
    assert.ok(sheet && sheet.width >= PHONE.width - 1, `la feuille occupe la largeur : ${JSON.stringify(sheet)}`)

    // Tab never leaves the header while the sheet is open.
    for (let step = 0; step < 14; step += 1) {
      await page.keyboard.press("Tab")
      assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest("header"))), true, `le focus est sorti au pas ${step + 1}`)
    }

    await page.keyboard.press("Escape")
    await nav.waitFor({ state: "hidden" })
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Ouvrir le menu", "le focus revient au bouton")

    await menuButton.click()
    await page.mouse.click(PHONE.width / 2, PHONE.height - 40)
    await nav.waitFor({ state: "hidden" })
    assert.equal(await page.getByTestId("menu-backdrop").count(), 0)

    await menuButton.click()
    await nav.getByRole("link", { name: "Rachat" }).click()
    await nav.waitFor({ state: "hidden" })
    await page.waitForFunction(() => Math.abs(document.getElementById("rachat").getBoundingClientRect().top - 64) <= 16, null, { timeout: 15000 })
    await close()
  })
}

test("the gallery's chips sit on one row that scrolls sideways, reachable by keyboard; each card's figures on one line", async () => {
  const { page, close } = await openPhone()
  await gotoHome(page)
  await layOutEverything(page)
  const chips = page.getByRole("group", { name: "Filtrer par catégorie" })
  await chips.scrollIntoViewIfNeeded()
  const row = await chips.evaluate((group) => ({
    tops: [...new Set(Array.from(group.querySelectorAll("button")).map((chip) => Math.round(chip.getBoundingClientRect().top)))],
    scrolls: group.scrollWidth > group.clientWidth,
  }))
  assert.equal(row.tops.length, 1, `les filtres tiennent sur ${row.tops.length} rangées`)
  assert.ok(row.scrolls, "la rangée défile")

  // Tab to the last chip: the row scrolls it into view.
  const last = chips.getByRole("button").last()
  await chips.getByRole("button").first().focus()
  const count = await chips.getByRole("button").count()
  for (let step = 1; step < count; step += 1) await page.keyboard.press("Tab")
  assert.equal(await last.evaluate((chip) => chip === document.activeElement), true)
  const box = await last.boundingBox()
  assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `le dernier filtre est visible : ${JSON.stringify(box)}`)

  const metas = await page.locator("#galerie li p:has(svg)").evaluateAll((found) =>
    found
      .filter((meta) => meta.getClientRects().length > 0)
      .map((meta) => ({
        lines: new Set(Array.from(meta.children).map((item) => Math.round(item.getBoundingClientRect().top))).size,
        // The line holds its text, and does not push past the card's padding either.
        fits:
          meta.scrollWidth <= meta.clientWidth &&
          meta.getBoundingClientRect().right <=
            meta.parentElement.getBoundingClientRect().right - parseFloat(getComputedStyle(meta.parentElement).paddingRight) + 0.5,
      })),
  )
  assert.ok(metas.length >= 6, `fiches trouvées : ${metas.length}`)
  assert.deepEqual(
    [...new Set(metas.map((meta) => `${meta.lines} ligne, tient : ${meta.fits}`))],
    ["1 ligne, tient : true"],
    "vues et favoris sur une ligne, sans déborder",
  )
  await close()
})
