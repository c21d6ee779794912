/**
 * The owner's phone editor (issue 39), at 390 × 844 by touch, on the site's own server with its
 * republication on (e2e/lib/studio.mjs; no save here succeeds, so no build runs: the status box
 * says the copy's content is not online yet and offers « Republier le site »):
 * - nothing fixed covers a field or its error: the status box is a pill in the strip under the
 *   editor, beside the eye button (static/admin/studio.css, publication.js), checked after every
 *   action on every field of the open item, each scrolled to the bottom of the form;
 * - « quarante » in the price gives one French sentence under the field, an emptied price one
 *   « requis » and a French notification without « Oops » (src/admin-rules/widgets.ts, words.ts);
 * - an item dragged by touch onto an item near the bottom of the screen lands there, not at the
 *   end of the list (static/admin/touch.js), and a finger on the strip still scrolls the list;
 * - list rows in the site's formats (« 47,50 € »), « Ajouter un article », chat suggestions and
 *   answers titled by their words (config.yml, words.ts).
 */
import assert from "node:assert/strict"
import fs from "node:fs"
import { expect, test } from "@playwright/test"
import { useStudio } from "./lib/studio.mjs"
import { PHONE, field, publishByTap } from "./lib/studio-gestures.mjs"

const { copy, openAdmin, openSoldItemsByTouch, readSoldItems } = useStudio("studio-desk", (studioDir) => ({
  STUDIO_PUBLISH: "on",
  STUDIO_PUBLISH_DIR: `${studioDir}/publication`,
  // No build unasked at start (docs/studio.md#warm-up-at-start, the warm-up): this spec's saves start its builds.
  STUDIO_PUBLISH_WARM_UP: "off",
}))

const PANE = '[class*="-PreviewPaneContainer"]'
const ROWS = '[class*="-NestedObjectLabel"]'
const pill = (page) => page.getByRole("complementary", { name: "Publication du site" })

/**
 * Every field and error of the open form, each scrolled to the bottom of the form (where fixed
 * things sat), then the element at its centre: itself or inside it, never the status box or the
 * eye button. Returns what was covered, by what.
 */
function coveredFields(page) {
  return page.evaluate((pane) => {
    const scroller = document.querySelector(pane)
    const targets = [...scroller.querySelectorAll('input:not([type="file"]), textarea, [class*="-ControlErrorsList"] li')].filter(
      (element) => element.getClientRects().length > 0,
    )
    const covered = []
    for (const target of targets) {
      target.scrollIntoView({ block: "end" })
      const { left, top, width, height } = target.getBoundingClientRect()
      const hit = document.elementFromPoint(left + width / 2, top + height / 2)
      if (!hit || !(target === hit || target.contains(hit))) {
        const by = hit ? hit.closest("aside")?.getAttribute("aria-label") || hit.closest("button")?.textContent || hit.className : "hors de l'écran"
        covered.push(`${target.id || target.textContent.slice(0, 40)} sous ${String(by).slice(0, 40)}`)
      }
    }
    return covered
  }, PANE)
}

/** Where each thing's box is on the screen, for the messages. */
const place = async (locator) => JSON.stringify(await locator.boundingBox())

/** `locator` is where the owner looks without scrolling: the element at its centre is itself (not the status box, the eye button, nor off the screen). */
async function assertInView(locator) {
  await expect
    .poll(async () => {
      const { x, y, width, height } = await locator.boundingBox()
      return locator.evaluate((element, [cx, cy]) => element.contains(document.elementFromPoint(cx, cy)), [x + width / 2, y + height / 2])
    })
    .toBe(true)
}

test("on a phone the status box and the eye button cover no field nor its error; one French sentence per error, no « Oops »", async () => {
  const { page, context, pageErrors } = await openSoldItemsByTouch()
  const notifications = []
  await page.exposeFunction("notified", (text) => notifications.push(text))
  await page.evaluate(() =>
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll(".Toastify__toast-body")) window.notified(toast.textContent)
    }).observe(document.body, { childList: true, subtree: true, characterData: true }),
  )
  await pill(page).getByText("Le site en ligne n'a pas encore vos dernières modifications").waitFor()
  const eye = page.getByRole("button", { name: "Aperçu" })
  // Side by side in the strip under the editor, both on the screen.
  const [box, button, pane] = [await pill(page).boundingBox(), await eye.boundingBox(), await page.locator(PANE).boundingBox()]
  assert.ok(
    box.x >= 0 && box.x + box.width <= button.x && button.x + button.width <= 390 && box.y + box.height <= 844,
    `${await place(pill(page))} ${await place(eye)}`,
  )
  assert.ok(pane.y + pane.height <= Math.min(box.y, button.y), `le formulaire finit au-dessus de la bande : ${JSON.stringify(pane)}`)

  // The first item, its price emptied then « quarante »: every field and the error uncovered after each step.
  await page.getByRole("button", { name: "Ouvrir ou fermer" }).first().tap()
  const price = field(page, "Prix (€)")
  await price.waitFor()
  assert.deepEqual(await coveredFields(page), [])
  await price.tap()
  await price.fill("")
  await price.fill("quarante")
  assert.deepEqual(await coveredFields(page), [])
  await publishByTap(page)
  const errors = page.locator('[class*="-ControlErrorsList"] li').filter({ visible: true })
  await expect(errors).toHaveText(["Le champ Prix (€) attend un nombre, par exemple 12,50 (reçu « quarante »)."])
  // The refused save brought its error into view: readable where it is, nothing over it.
  await assertInView(errors.first())
  assert.deepEqual(await coveredFields(page), [])

  // Emptied: « requis », once, and Decap's notification in French.
  await price.fill("")
  await publishByTap(page)
  await expect(errors).toHaveText(["Le champ Prix (€) est requis."])
  await expect.poll(() => notifications).toContain("Rien n'est enregistré : corrigez le champ signalé en rouge, puis publiez à nouveau.")
  assert.ok(!notifications.some((text) => /oops/i.test(text)), notifications.join("\n"))
  assert.deepEqual(await coveredFields(page), [])

  // Folded, and the view back at the top: the next refused save opens the item, its error in view.
  await page.getByRole("button", { name: "Ouvrir ou fermer" }).first().tap()
  await price.waitFor({ state: "hidden" })
  await page.locator(PANE).evaluate((pane) => pane.scrollTo(0, 0))
  await publishByTap(page)
  await price.waitFor()
  await expect(errors).toHaveText(["Le champ Prix (€) est requis."])
  await assertInView(errors.first())
  assert.deepEqual(await coveredFields(page), [])

  // « Détails » opens the box over the form for its button; « Réduire » puts it back in its strip.
  await pill(page).getByRole("button", { name: "Détails" }).tap()
  await pill(page).getByRole("button", { name: "Republier le site" }).waitFor()
  await pill(page).getByRole("button", { name: "Réduire" }).tap()
  await pill(page).getByRole("button", { name: "Republier le site" }).waitFor({ state: "hidden" })
  assert.deepEqual(await coveredFields(page), [])
  assert.equal(readSoldItems().items[0].price, 45, "rien n'est enregistré")
  // Decap leaves each refused save's rejection unhandled (rejected with nothing): nothing else may fail.
  assert.deepEqual(
    pageErrors.filter((error) => error !== "undefined"),
    [],
  )
  await context.close()
})

/** A finger put on `from`, moved in steps to `to` ({ x, y }), held there `holdMs` as a person would, then lifted (real touch events). */
async function drag(page, from, to, holdMs, whileHeld = async () => true) {
  const cdp = await page.context().newCDPSession(page)
  const touch = (type, { x, y }) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] })
  await touch("touchStart", from)
  for (let step = 1; step <= 12; step += 1) await touch("touchMove", { x: to.x, y: from.y + ((to.y - from.y) * step) / 12 })
  // The finger rests: Decap's list would keep scrolling meanwhile if it were in its scrolling band.
  const until = Date.now() + holdMs
  while (Date.now() < until || !(await whileHeld())) {
    assert.ok(Date.now() < until + 15_000, "le doigt attend en vain")
    await touch("touchMove", to)
    await page.waitForTimeout(50)
  }
  await touch("touchEnd", to)
  await cdp.detach()
}

const centre = async (locator) => {
  const { x, y, width, height } = await locator.boundingBox()
  return { x: x + width / 2, y: y + height / 2 }
}

test("by touch, an item dragged onto an item near the bottom of the screen lands there; a finger on the strip under the list scrolls it", async () => {
  const { page, context, pageErrors } = await openSoldItemsByTouch()
  const rows = page.locator(ROWS)
  const before = await rows.allTextContents()
  const handles = page.getByRole("button", { name: "Glisser pour déplacer" })
  await handles.first().evaluate((handle) => handle.scrollIntoView({ block: "start" }))
  const pane = await page.locator(PANE).boundingBox()
  // The item whose handle is in the last fifth of the form, where Decap's list scrolls by itself.
  const bottom = pane.y + pane.height
  let target = -1
  for (let index = 1; index < before.length && target < 0; index += 1) {
    const { y } = await centre(handles.nth(index))
    if (y > bottom - pane.height / 5 && y < bottom - 10) target = index
  }
  assert.ok(target > 0, "un article près du bas de l'écran")
  const scrolled = () => page.locator(PANE).evaluate((element) => element.scrollTop)
  const scrollTop = await scrolled()
  await drag(page, await centre(handles.first()), await centre(handles.nth(target)), 1500)
  const moved = [...before.slice(1, target + 1), before[0], ...before.slice(target + 1)]
  await expect(rows).toHaveText(moved)
  assert.equal(await scrolled(), scrollTop, "la liste n'a pas défilé sous le doigt")

  // On the strip under the form, the list scrolls (slowly) to reach the items below.
  await handles.first().evaluate((handle) => handle.scrollIntoView({ block: "start" }))
  const start = await scrolled()
  await drag(page, await centre(handles.first()), { x: 195, y: 844 - 30 }, 200, async () => (await scrolled()) > start + 100)
  await page.getByText("Modifications non enregistrées").waitFor()
  assert.deepEqual(pageErrors, [])
  await context.close()
})

test("list rows in the site's formats, add buttons in French, chat suggestions and answers titled by their words", async () => {
  const { page, context, pageErrors } = await openSoldItemsByTouch()
  const rows = page.locator(ROWS)
  await expect(rows.first()).toHaveText("Lacoste · Polo L.12.12 blanc classique · 45,00\u00a0€")
  await page.getByRole("button", { name: "Ouvrir ou fermer" }).first().tap()
  await field(page, "Prix (€)").fill("47,5")
  await page.getByRole("button", { name: "Ouvrir ou fermer" }).first().tap()
  await expect(rows.first()).toHaveText("Lacoste · Polo L.12.12 blanc classique · 47,50\u00a0€")
  await page.getByRole("button", { name: "Ajouter un article" }).waitFor()
  await page.getByText(`${readSoldItems().items.length} articles vendus`).waitFor()
  assert.deepEqual(pageErrors, [])
  await context.close()

  // The chat: each suggested question titled by its words (Decap titled each « Question »), each
  // answer by its first question, or by its start while it has none.
  const chat = await openAdmin("#/collections/pages/entries/chat", PHONE)
  await chat.page.getByRole("button", { name: "Ajouter une question reconnue" }).waitFor({ timeout: 60000 })
  const chatRows = chat.page.locator(ROWS)
  const { suggestions, intents } = JSON.parse(fs.readFileSync(`${copy}/content/chat.json`, "utf8"))
  const shown = await chatRows.allTextContents()
  assert.deepEqual(shown.slice(0, suggestions.length), suggestions)
  assert.ok(!shown.includes("Question"), "aucune ligne titrée « Question »")
  const answer = chatRows.filter({ hasText: /^Chaque article est analysé par maxAi/ })
  await expect(answer).toHaveText(`${intents[0].answer.slice(0, 50)}…`)
  // A question added to that answer becomes its title.
  await answer.tap()
  const intent = chat.page.locator('[class*="-SortableListItem"]').filter({ has: chat.page.getByLabel("Réponse", { exact: true }).filter({ visible: true }) })
  await intent.getByRole("button", { name: "Ajouter une question" }).tap()
  await field(chat.page, "Question").fill("Vos articles sont-ils authentiques ?")
  await intent.getByRole("button", { name: "Ouvrir ou fermer" }).first().tap()
  await expect(chatRows.filter({ hasText: /^Vos articles sont-ils authentiques \? · Chaque article/ })).toHaveCount(1)
  assert.deepEqual(chat.pageErrors, [])
  await chat.context.close()
})

test("the studio's header leads to the questions maxAi could not answer, beside the inbox and the go-live checklist, on the phone's screen", async () => {
  const { page, context, pageErrors } = await openAdmin("", PHONE)
  await page.getByText("Catalogue et listes").first().waitFor({ timeout: 60000 })
  const links = page.locator("header nav").getByRole("link")
  await expect(links).toHaveText(["Contenus", "Demandes", "Questions", "Stock", "Mise en ligne"])
  for (const link of await links.all()) {
    const { x, width } = await link.boundingBox()
    assert.ok(x >= 0 && x + width <= 390, `${await link.textContent()} hors de l'écran`)
  }
  await links.filter({ hasText: "Questions" }).tap()
  await page.waitForURL(/\/admin\/questions\/$/)
  await page.getByRole("heading", { level: 1, name: /^Questions sans réponse/ }).waitFor()
  assert.deepEqual(pageErrors, [])
  await context.close()
})
