/**
 * The visitor's phone, at 320, 390 and 430 px: the page never becomes wider than the screen
 * after any in-page link, menu use, gallery filter, chat opening or toast; a toast never covers
 * the open menu's links nor the chat's message box (checked at 1440 px too); the drop zone
 * speaks of taking photos on a touch screen; the status line names every problem; the two
 * closing buttons have one width. One page per width, the steps in sequence.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { gotoHome, reusedPage } from "./lib/browser.mjs"

const PHONES = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
  { width: 430, height: 932 },
]
const NAV = ["Expertise", "Marques", "Galerie", "Rachat", "Actualités", "Boutiques"]

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

/** How far the page reaches past the screen's width, and what sticks out (empty when nothing). */
function overflow(width) {
  const root = document.documentElement
  const wider = Math.max(root.scrollWidth - root.clientWidth, root.clientWidth - width, window.innerWidth - width)
  if (wider <= 0) return null
  const out = Array.from(document.querySelectorAll("body *"))
    .filter((element) => element.getBoundingClientRect().right > width + 0.5 && element.getClientRects().length > 0)
    .slice(0, 5)
    .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 60))
  return `${wider} px de trop (${out.join(", ")})`
}

/** True when the element's center is where a tap lands on it (nothing painted over it). */
const tappable = (locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return box.bottom <= window.innerHeight && box.top >= 0 && (hit === element || element.contains(hit))
  })

/** The form's own submit path with nothing filled in: the 'Informations manquantes' toast. */
async function raiseToast(page) {
  await page.getByRole("form", { name: "Demande d'estimation" }).evaluate((form) => form.requestSubmit())
  const toast = page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem")
  await toast.waitFor()
  return toast
}

/** With a toast showing, the chat opens; its message box stays visible, tappable and uncovered. */
async function chatWithToast(page) {
  const toast = await raiseToast(page)
  await page.getByRole("button", { name: "Chat avec maxAi" }).click()
  const input = page.getByRole("textbox", { name: "Votre message" })
  await input.waitFor()
  // A toast raised while the chat is open takes the same place.
  await raiseToast(page)
  await page.waitForFunction(() => document.querySelector("[aria-label='Notifications (F8)'] li")?.getAnimations().length === 0)
  const [toastBox, inputBox] = [await toast.boundingBox(), await input.boundingBox()]
  const apart =
    toastBox.y >= inputBox.y + inputBox.height ||
    inputBox.y >= toastBox.y + toastBox.height ||
    toastBox.x >= inputBox.x + inputBox.width ||
    inputBox.x >= toastBox.x + toastBox.width
  return { toast, input, toastBox, inputBox, apart, tappable: await tappable(input) }
}

for (const phone of PHONES) {
  test(`${phone.width} px: never wider than the screen, toasts clear of the menu and the chat, one width for the closing buttons`, async () => {
    test.setTimeout(90_000)
    const { page, close, pageErrors } = await reusedPage(browser, { viewport: phone, hasTouch: true, isMobile: true })
    const problems = []
    const check = async (step) => {
      const found = await page.evaluate(overflow, phone.width)
      if (found) problems.push(`${step} : ${found}`)
    }
    await gotoHome(page)
    await check("accueil")

    await page.getByRole("link", { name: "Découvrir nos boutiques" }).click()
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-sections-rendered"))
    await check("« Découvrir nos boutiques »")

    const menuButton = page.getByRole("button", { name: "Ouvrir le menu" })
    const nav = page.getByRole("navigation", { name: "Navigation principale" })
    for (const label of NAV) {
      await menuButton.click()
      await check(`menu ouvert (avant « ${label} »)`)
      await nav.getByRole("link", { name: label }).click()
      await nav.waitFor({ state: "hidden" })
      await check(`menu › « ${label} »`)
    }

    const chips = page.getByRole("group", { name: "Filtrer par catégorie" }).getByRole("button")
    for (let index = (await chips.count()) - 1; index >= 0; index -= 1) {
      const chip = chips.nth(index)
      await chip.click()
      await page.waitForFunction((element) => element.getAttribute("aria-pressed") === "true", await chip.elementHandle())
      await check(`filtre « ${(await chip.textContent()).trim()} »`)
    }

    // Touch screen: the drop zone speaks of taking or choosing photos, not of dragging.
    const form = page.getByRole("form", { name: "Demande d'estimation" })
    const hint = await form.locator("label[for]").filter({ hasText: "Photos de l'article" }).innerText()
    assert.match(hint, /prendre une photo/)
    assert.doesNotMatch(hint, /Glissez/)

    // The status line names the invalid address and the missing photo together.
    const email = form.getByRole("textbox", { name: "Votre email" })
    await email.fill("vous@exemple")
    await email.blur()
    await form.getByRole("status").filter({ hasText: "Il manque au moins une photo" }).filter({ hasText: "n'est pas valide" }).waitFor()
    await email.fill("")

    // A toast, then the menu over it: every link of the sheet is still the thing a tap reaches.
    await raiseToast(page)
    await check("toast")
    await menuButton.click()
    for (const label of NAV) assert.equal(await tappable(nav.getByRole("link", { name: label })), true, `toast sur le lien « ${label} » du menu`)
    await page.keyboard.press("Escape")
    await nav.waitFor({ state: "hidden" })

    const chat = await chatWithToast(page)
    assert.ok(chat.toastBox.y >= 0 && chat.toastBox.y + chat.toastBox.height <= phone.height, `toast hors de l'écran : ${JSON.stringify(chat.toastBox)}`)
    assert.equal(chat.apart, true, `toast ${JSON.stringify(chat.toastBox)} sur la zone de message ${JSON.stringify(chat.inputBox)}`)
    assert.equal(chat.tappable, true, "la zone de message du chat n'est pas touchable")
    await check("chat ouvert avec un toast")
    await page.getByRole("button", { name: "Fermer le chat" }).click()
    await check("chat fermé")

    const ctas = await page.locator("section[aria-labelledby='cta-title'] a").evaluateAll((links) => links.map((link) => link.getBoundingClientRect().width))
    assert.equal(ctas.length, 2)
    assert.ok(Math.abs(ctas[0] - ctas[1]) <= 1, `boutons de fin de page : ${ctas.join(" / ")} px`)

    assert.deepEqual(problems, [], "la page déborde")
    assert.deepEqual(pageErrors, [])
    await close()
  })
}

test("1440 px: a toast sits beside the open chat window, its message box stays tappable, the page keeps its width; the drop zone offers drag and drop", async () => {
  const { page, close } = await reusedPage(browser, { viewport: { width: 1440, height: 900 }, colorScheme: "dark" })
  await gotoHome(page)
  const zone = page.locator("label[for]").filter({ hasText: "Photos de l'article" })
  await zone.scrollIntoViewIfNeeded()
  // Laid out (the section below the fold is skipped until then): innerText is what shows.
  await page.waitForFunction((label) => label.innerText !== "", await zone.elementHandle())
  const hint = await zone.innerText()
  assert.match(hint, /Glissez-déposez/)
  const chat = await chatWithToast(page)
  const window = await page.getByRole("dialog").boundingBox()
  assert.equal(await page.evaluate(overflow, 1440), null, "la page déborde")
  assert.ok(chat.toastBox.x + chat.toastBox.width <= window.x, `toast ${JSON.stringify(chat.toastBox)} sur la fenêtre du chat ${JSON.stringify(window)}`)
  assert.equal(chat.tappable, true, "la zone de message du chat n'est pas cliquable")
  await close()
})
