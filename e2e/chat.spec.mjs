/**
 * The maxAi chat in a real browser, against the served build and its embedded backend:
 * lazy loading, a real conversation, the error messages, sizes and keyboard use.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import AxeBuilder from "@axe-core/playwright"
import { gotoHome, openPage, reusedPage } from "./lib/browser.mjs"

const ERRORS = {
  notOk: "Désolé, une erreur s'est produite. Veuillez réessayer plus tard.",
  network: "Problème de connexion. Veuillez vérifier votre internet et réessayer.",
  noAnswer: "Message reçu ! Notre équipe vous contactera bientôt.",
}

/** Webpack names the lazy chunk after the import's webpackChunkName. */
const isWindowChunk = (url) => /\/chat-window-[^/]*\.js$/.test(new URL(url).pathname)

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

async function openChat(page) {
  await page.getByRole("button", { name: "Chat avec maxAi" }).click()
  const dialog = page.getByRole("dialog", { name: "maxAi" })
  await dialog.waitFor()
  return dialog
}

async function ask(page, text) {
  const field = page.getByRole("textbox", { name: "Votre message" })
  await field.fill(text)
  await field.press("Enter")
}

/** The newest message bubble in the conversation, once it contains `text`. */
async function waitForBotText(page, text) {
  const log = page.getByRole("log", { name: "Conversation avec maxAi" })
  await log.getByText(text, { exact: false }).last().waitFor({ timeout: 10_000 })
  return log
}

// The two tests about downloading the chat's code need an empty cache: pages of their own. The
// others reuse the worker's page (reusedPage).
test("the first page load does not download the chat window's code; the first click does", async () => {
  const { context, page, pageErrors, consoleErrors } = await openPage(browser)
  const scripts = []
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url())
  })
  const firstLoadBodies = []
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script" && response.ok()) firstLoadBodies.push(await response.text().catch(() => ""))
  })
  await gotoHome(page)
  await page.getByRole("button", { name: "Chat avec maxAi" }).hover()
  await page.waitForLoadState("networkidle")

  assert.ok(scripts.length > 0, "aucun script chargé : la mesure ne vaut rien")
  assert.deepEqual(scripts.filter(isWindowChunk), [], "le code de la fenêtre de chat est chargé dès la première visite")
  // The window's own code (not just its file name) is absent: its markup has a data-minimised attribute.
  assert.ok(!firstLoadBodies.some((body) => body.includes("data-minimised")), "le code de la fenêtre est inclus dans le bundle principal")

  const chunk = page.waitForRequest((request) => isWindowChunk(request.url()))
  await openChat(page)
  await chunk
  assert.deepEqual(pageErrors, [])
  assert.deepEqual(consoleErrors, [])
  await context.close()
})

test("a chat chunk that fails to download leaves the page working and is retried on the next click", async () => {
  const { context, page, pageErrors } = await openPage(browser)
  const blockChunk = (route) => route.abort("internetdisconnected")
  await page.route((url) => isWindowChunk(url.href), blockChunk)
  await gotoHome(page)
  const launcher = page.getByRole("button", { name: "Chat avec maxAi" })
  await launcher.click()
  await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "Chat avec maxAi")
  assert.equal(await page.getByRole("dialog", { name: "maxAi" }).count(), 0)

  await page.unrouteAll()
  await openChat(page)
  assert.deepEqual(pageErrors, [])
  await context.close()
})

test("a real conversation with the embedded backend answers in French and keeps the visitor in the field", async () => {
  const { close, page, pageErrors, consoleErrors } = await reusedPage(browser)
  await gotoHome(page)
  const dialog = await openChat(page)
  const field = page.getByRole("textbox", { name: "Votre message" })
  assert.equal(await field.evaluate((element) => element === document.activeElement), true, "le champ n'a pas le focus à l'ouverture")
  await dialog.getByText("Vous discutez avec un assistant automatisé.").waitFor()

  const replied = page.waitForResponse((response) => response.url().endsWith("/api/chat"))
  await ask(page, "Comment fonctionne le rachat de mes vêtements ?")
  const response = await replied
  assert.equal(response.status(), 200)
  assert.deepEqual(JSON.parse(response.request().postData()), {
    message: "Comment fonctionne le rachat de mes vêtements ?",
    user_name: "Utilisateur anonyme",
    user_email: null,
  })
  const log = await waitForBotText(page, "formulaire « Service de Rachat »")
  await log.getByText("Comment fonctionne le rachat de mes vêtements ?").waitFor()
  const times = await log.locator("time").allTextContents()
  assert.ok(times.length >= 3 && times.every((time) => /^\d{2}:\d{2}$/.test(time)), `heures : ${times.join(", ")}`)

  // Focus is back in the (re-enabled) field, so the visitor can type the next question at once.
  await page.waitForFunction(() => document.activeElement?.tagName === "TEXTAREA")
  await page.keyboard.type("Et les délais ?")
  await page.keyboard.press("Enter")
  await waitForBotText(page, "sous 48 h")

  // Several answers later, the newest one is scrolled into view.
  await ask(page, "Quelles marques ?")
  await waitForBotText(page, "Tommy Hilfiger")
  await ask(page, "Comment se passe la livraison ?")
  await waitForBotText(page, "suivi du colis")
  const scroll = await log.evaluate((element) => ({ top: element.scrollTop, height: element.scrollHeight, client: element.clientHeight }))
  assert.ok(scroll.height > scroll.client, "la conversation devrait déborder pour que le test ait un sens")
  assert.ok(scroll.top + scroll.client >= scroll.height - 2, `pas en bas : ${JSON.stringify(scroll)}`)

  assert.deepEqual(pageErrors, [])
  assert.deepEqual(consoleErrors, [])
  await close()
})

test("a catalogue question names the sold items and prices, and its links work: the section comes into view, the shop opens apart", async () => {
  const { close, page, pageErrors, consoleErrors } = await reusedPage(browser, { viewport: { width: 1280, height: 800 } })
  await gotoHome(page)
  const dialog = await openChat(page)
  await ask(page, "combien pour un polo lacost ?")
  const log = await waitForBotText(page, "Polo Sport vert bouteille")
  const answer = await log.locator("[data-from=bot]").last()
  assert.match(await answer.locator("p").innerText(), /2 polos Lacoste, de 42,00\s€ à 45,00\s€\s: Polo L\.12\.12 blanc classique \(45,00\s€, taille M\)/)
  // Plain text: the answer's paragraph holds no element but the screen-reader prefix.
  assert.equal(await answer.locator("p *:not(span)").count(), 0)

  const shop = answer.getByRole("link", { name: "maxAi Officiel sur Vinted" })
  assert.equal(await shop.getAttribute("target"), "_blank")
  assert.equal(await shop.getAttribute("rel"), "noopener noreferrer")
  assert.match(await shop.getAttribute("href"), /^https:\/\/www\.vinted\.fr\/member\/\d+-maxai-officiel$/)

  await answer.getByRole("link", { name: "Voir les articles vendus" }).click()
  await page.waitForFunction(() => location.hash === "#galerie")
  // The chat steps aside (minimised, 64 px high) and the gallery comes into view.
  await page.waitForFunction(() => document.querySelector("[role=dialog]")?.getBoundingClientRect().height === 64)
  await page.waitForFunction(
    () => {
      const box = document.getElementById("galerie")?.getBoundingClientRect()
      return box !== undefined && box.top < window.innerHeight && box.bottom > 0
    },
    null,
    { timeout: 10_000 },
  )
  await dialog.getByRole("button", { name: "Agrandir le chat" }).click()
  await log.getByText("Polo Sport vert bouteille", { exact: false }).waitFor()
  assert.deepEqual(pageErrors, [])
  assert.deepEqual(consoleErrors, [])
  await close()
})

for (const [name, handle, expected] of [
  ["the server answers 500", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"bot_response":"ignoré"}' }), ERRORS.notOk],
  ["the network fails", (route) => route.abort("failed"), ERRORS.network],
  ["the answer is 200 {} without bot_response", (route) => route.fulfill({ status: 200, contentType: "application/json", body: "{}" }), ERRORS.noAnswer],
]) {
  test(`the right message when ${name}`, async () => {
    const { close, page, pageErrors } = await reusedPage(browser)
    await page.route("**/api/chat", handle)
    await gotoHome(page)
    await openChat(page)
    await ask(page, "Bonjour")
    await waitForBotText(page, expected)
    assert.equal(await page.getByRole("textbox", { name: "Votre message" }).isEnabled(), true)
    assert.deepEqual(pageErrors, [])
    await close()
  })
}

test("the window is 384×500, minimises to 320×64, and Escape closes it with focus back on the button", async () => {
  const { close, page } = await reusedPage(browser, { viewport: { width: 1440, height: 900 } })
  await gotoHome(page)
  const dialog = await openChat(page)
  assert.deepEqual(await dialog.boundingBox().then(({ width, height }) => [width, height]), [384, 500])

  await dialog.getByRole("button", { name: "Réduire le chat" }).click()
  await page.waitForFunction(() => document.querySelector("[role=dialog]")?.getBoundingClientRect().height === 64)
  assert.deepEqual(await dialog.boundingBox().then(({ width, height }) => [width, height]), [320, 64])
  await dialog.getByRole("button", { name: "Agrandir le chat" }).click()
  await page.getByRole("textbox", { name: "Votre message" }).waitFor()

  await page.keyboard.press("Escape")
  await dialog.waitFor({ state: "hidden" })
  const launcher = page.getByRole("button", { name: "Chat avec maxAi" })
  assert.equal(await launcher.evaluate((element) => element === document.activeElement), true, "le focus ne revient pas au bouton")
  await close()
})

test("on a phone the window fills the screen and its fields are at least 16 px", async () => {
  const { close, page } = await reusedPage(browser, { viewport: { width: 390, height: 844 } })
  await gotoHome(page)
  const dialog = await openChat(page)
  assert.deepEqual(await dialog.boundingBox(), { x: 0, y: 0, width: 390, height: 844 })
  const fontSizes = async () =>
    dialog.locator("textarea, input").evaluateAll((elements) => elements.map((element) => parseFloat(getComputedStyle(element).fontSize)))
  assert.ok((await fontSizes()).every((size) => size >= 16))
  await dialog.getByRole("button", { name: "Mes infos" }).click()
  const sizes = await fontSizes()
  assert.equal(sizes.length, 2)
  assert.ok(
    sizes.every((size) => size >= 16),
    `tailles : ${sizes.join(", ")}`,
  )
  await close()
})

for (const colorScheme of ["light", "dark"]) {
  test(`axe finds no violation in the open chat, conversation and 'Mes infos' (${colorScheme})`, async () => {
    const { close, page } = await reusedPage(browser, { colorScheme })
    await gotoHome(page)
    await openChat(page)
    await ask(page, "Quelles marques authentifiez-vous ?")
    await waitForBotText(page, "Lancaster")
    // An answer with links under it (section and shop) is audited too.
    await ask(page, "Vous avez des sacs Lancaster ?")
    await page.getByRole("link", { name: "maxAi Premium sur Vinted" }).waitFor()
    const audit = async () => (await new AxeBuilder({ page }).include("[role=dialog]").analyze()).violations.map((v) => `${v.id} (${v.nodes.length})`)
    assert.deepEqual(await audit(), [])
    await page.getByRole("button", { name: "Mes infos" }).click()
    assert.deepEqual(await audit(), [])
    await close()
  })
}
