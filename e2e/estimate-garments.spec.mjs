/**
 * Several garments in one estimate request (issue 46) in a real browser against the served build:
 * on a phone by touch, « Ajouter un article », each garment's range and photos, the total,
 * « Retirer cet article », a real send whose request holds each garment with its own photos; at
 * 1440 × 900 by keyboard, focus following the blocks and the limit of 10; without JavaScript, the
 * form is one garment and says that sending needs JavaScript.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { reusedPage, BASE_URL } from "./lib/browser.mjs"
import { openForm as openFormIn } from "./lib/estimate-form.mjs"
import { readLead } from "./lib/leads.mjs"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const photo = (name) => path.join(ROOT, "content/images/items", name)
const POLO = photo("01-lacoste-polo-blanc.jpg")
const PULL = [photo("02-ralph-lauren-polo-marine.jpg"), photo("03-tommy-hilfiger-polo-rouge.jpg")]

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

const article = (form, number) => form.getByRole("group", { name: `Article ${number}`, exact: true })
const focusedLabel = (page) => page.evaluate(() => document.activeElement?.labels?.[0]?.textContent ?? document.activeElement?.textContent)
/** Whether the focused control is inside « Article N ». */
const inArticle = async (page, number) =>
  (await page.evaluate(() => document.activeElement?.closest("[data-garment]")?.querySelector("h4")?.textContent)) === `Article ${number}`

test("on a phone, by touch: two garments, each its range and photos, the total, one removed, then sent: the request holds each garment with its own photos", async () => {
  const { page, close, form, email, pageErrors } = await openFormIn(browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  const add = form.getByRole("button", { name: "Ajouter un article" })
  // A thumb's target, and the form still one screen wide.
  const addBox = await add.boundingBox()
  assert.ok(addBox.height >= 44 && addBox.width >= 44, `« Ajouter un article » : ${JSON.stringify(addBox)}`)
  await add.tap()
  await add.tap()
  await article(form, 3).waitFor()
  assert.equal(await inArticle(page, 3), true, "focus in the new block")
  const remove = article(form, 2).getByRole("button", { name: "Retirer cet article" })
  const removeBox = await remove.boundingBox()
  assert.ok(removeBox.height >= 44, `« Retirer cet article » : ${JSON.stringify(removeBox)}`)
  await remove.tap()
  assert.equal(await form.getByRole("group", { name: /^Article \d+$/ }).count(), 2)

  await email.fill("plusieurs-articles@exemple.fr")
  const first = article(form, 1)
  const second = article(form, 2)
  await first.getByRole("combobox", { name: "Marque (facultatif)" }).selectOption("Lacoste")
  await first.getByRole("combobox", { name: "Catégorie (facultatif)" }).selectOption("Polo")
  await second.getByRole("combobox", { name: "Marque (facultatif)" }).selectOption("Ralph Lauren")
  await second.getByRole("combobox", { name: "Catégorie (facultatif)" }).selectOption("Pull")
  await second.getByRole("textbox", { name: "Description (facultatif)" }).fill("Pull marine\ntaille L")
  await first.getByText(/^Estimation indicative/).waitFor()
  await second.getByText(/^Estimation indicative/).waitFor()
  assert.match((await form.getByText(/^Total indicatif/).innerText()).replace(/[\u00a0\u202f]/g, " "), /^Total indicatif : \d+ à \d+ €$/)

  await first.getByLabel("Photos de l'article (4 maximum)").setInputFiles(POLO)
  const submit = form.getByRole("button", { name: "Demander une estimation" })
  await form.getByText("Article 2 : ajoutez au moins une photo.").waitFor()
  assert.equal(await submit.isDisabled(), true)
  await second.getByLabel("Photos de l'article (4 maximum)").setInputFiles(PULL)
  await second.getByText("2 photos sur 4").waitFor()
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, "nothing wider than the phone")
  await submit.tap()

  const sent = page.getByRole("region", { name: "Votre demande est bien enregistrée" })
  await sent.waitFor({ timeout: 20_000 })
  const id = /Numéro de demande\s:\s(\S+)/.exec(await sent.innerText())?.[1]
  const { lead } = readLead(id)
  assert.deepEqual(lead.garments, [
    { brand: "Lacoste", category: "Polo", photos: ["photo-1.jpg"] },
    { brand: "Ralph Lauren", category: "Pull", description: "Pull marine\ntaille L", photos: ["photo-2.jpg", "photo-3.jpg"] },
  ])
  assert.deepEqual(pageErrors, [])
  await close()
})

test("at 1440 × 900 by keyboard: « Ajouter un article » with Enter moves focus into the new block, removal keeps it in the list, 10 at most", async () => {
  const { page, close, form, pageErrors } = await openFormIn(browser, { viewport: { width: 1440, height: 900 } })
  const add = form.getByRole("button", { name: "Ajouter un article" })
  await add.focus()
  await page.keyboard.press("Enter")
  await article(form, 2).waitFor()
  assert.equal(await focusedLabel(page), "Marque (facultatif)")
  assert.equal(await inArticle(page, 2), true)
  for (let step = 0; step < 9; step += 1) await add.focus().then(() => page.keyboard.press("Enter"))
  assert.equal(await form.getByRole("group", { name: /^Article \d+$/ }).count(), 10)
  assert.equal(await add.isDisabled(), true)
  await form.getByText("10 articles au maximum par demande : envoyez les autres dans une deuxième demande.").waitFor()
  await article(form, 10).getByRole("button", { name: "Retirer cet article" }).focus()
  await page.keyboard.press("Enter")
  assert.equal(await form.getByRole("group", { name: /^Article \d+$/ }).count(), 9)
  assert.equal(await inArticle(page, 9), true, "focus goes to the block before")
  assert.equal(await add.isEnabled(), true)
  assert.deepEqual(pageErrors, [])
  await close()
})

test("without JavaScript: one garment as always, no « Ajouter un article », and the form says sending needs JavaScript", async () => {
  const { page, close } = await reusedPage(browser, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
  await page.goto(`${BASE_URL}/`, { waitUntil: "load" })
  const form = page.getByRole("form", { name: "Demande d'estimation" })
  await form.scrollIntoViewIfNeeded()
  assert.equal(await form.getByLabel("Photos de l'article (4 maximum)").count(), 1)
  assert.equal(await form.getByRole("button", { name: "Ajouter un article" }).isVisible(), false)
  const note = form.getByText("L'envoi des photos a besoin de JavaScript : activez-le dans votre navigateur pour demander une estimation.")
  assert.equal(await note.isVisible(), true)
  assert.equal(await form.getByRole("button", { name: "Demander une estimation" }).isDisabled(), true)
  await close()
})
