/**
 * The buy-back estimate form in a real browser: real files through the real file input and a
 * real drop, the byte check, the real send to /api/estimate, the keyboard. Its toasts'
 * placement and axe: toasts.spec.mjs.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { openForm as openFormIn, REGION } from "./lib/estimate-form.mjs"
import { readLead } from "./lib/leads.mjs"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const PNG = path.join(ROOT, "content/images/icon.png")
const JPEGS = ["01-lacoste-polo-blanc.jpg", "02-ralph-lauren-polo-marine.jpg", "03-tommy-hilfiger-polo-rouge.jpg", "04-lacoste-polo-vert.jpg"].map((name) =>
  path.join(ROOT, "content/images/items", name),
)

let browser
let tmp
let FAKE_JPEG
let HEIC

test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
  tmp = mkdtempSync(path.join(os.tmpdir(), "maxai-estimate-"))
  // A text file renamed like a photo: the browser labels it image/jpeg, only its bytes tell.
  FAKE_JPEG = path.join(tmp, "photo.jpg")
  writeFileSync(FAKE_JPEG, "ceci n'est pas une photo, juste du texte\n")
  // The start of an iPhone photo: an ISO-BMFF ftyp box with the heic brand.
  HEIC = path.join(tmp, "IMG_0001.HEIC")
  writeFileSync(HEIC, Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"), Buffer.alloc(200)]))
})

const openForm = (options) => openFormIn(browser, options)

test.afterAll(async () => {
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

test("a visitor sends an estimate request: a fake photo is refused, real ones are sent, a lasting confirmation replaces the form", async () => {
  const { page, close, form, email, description, photos, previews, region, pageErrors, consoleErrors } = await openForm()

  await photos.setInputFiles(FAKE_JPEG)
  const refusal = region.getByRole("listitem")
  await refusal.getByText("Fichier refusé").waitFor()
  assert.match(await refusal.innerText(), /«\sphoto\.jpg\s» n'est pas une photo\. Choisissez une image JPEG, PNG, WebP, GIF ou AVIF\./)
  assert.equal(await previews.count(), 0)

  await photos.setInputFiles([PNG, JPEGS[0]])
  await previews.nth(1).waitFor()
  assert.deepEqual(await previews.evaluateAll((images) => images.map((image) => image.alt)), [
    "Photo 1\u00a0: icon.png",
    "Photo 2\u00a0: 01-lacoste-polo-blanc.jpg",
  ])
  // The previews really display: object URLs decoded by the browser.
  await page.waitForFunction(() => [...document.querySelectorAll("img[src^='blob:']")].filter((image) => image.complete && image.naturalWidth > 0).length === 2)
  assert.equal(await form.getByText("2 photos sur 4").count(), 1)

  await email.fill("vous@exemple.fr")
  await description.fill("Polo Lacoste blanc, taille M, très bon état")
  const submit = form.getByRole("button", { name: "Demander une estimation" })
  assert.equal(await submit.isEnabled(), true)
  // On loopback the whole send can end before the sending state is read: hold the request
  // until it has been seen, then let it through to the real API.
  let release
  const held = new Promise((resolve) => (release = resolve))
  await page.route("**/api/estimate", async (route) => {
    await held
    await route.continue()
  })
  await submit.click()

  const sending = form.getByRole("button", { name: "Envoi en cours…" })
  await sending.waitFor()
  assert.equal(await sending.isDisabled(), true)
  assert.equal(await form.getAttribute("aria-busy"), "true")
  release()

  await region.getByText("Demande envoyée avec succès !").waitFor({ timeout: 10_000 })
  const toastText = await region.getByRole("listitem").innerText()
  // The spec's title; no more promise of a « chat en direct » that does not exist (docs/decisions/027-estimate-confirmation-without-live-chat-promise.md).
  assert.match(toastText, /Le récapitulatif de votre demande reste affiché sur la page\./)
  assert.doesNotMatch(toastText, /chat/)
  const id = /Numéro de demande\s:\s(\S+)/.exec(toastText)?.[1]
  assert.ok(readLead(id), `request ${id} is in the outbox`)
  assert.equal(await region.getByRole("listitem").count(), 1, "the success toast replaced the refusal")

  // The confirmation replaces the form, focused, with the number, the delay, the private page.
  const sent = page.getByRole("region", { name: "Votre demande est bien enregistrée" })
  await sent.waitFor()
  assert.equal(await form.count(), 0, "the form gave way to the confirmation")
  assert.equal(await page.getByText(/^Il manque/).count(), 0)
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Votre demande est bien enregistrée")
  const sentText = (await sent.innerText()).replace(/[\u00a0\u202f]/g, " ")
  assert.match(sentText, new RegExp(`Numéro de demande : ${id}`))
  assert.match(sentText, /notre proposition ferme vous arrivera par e-mail sous 48 h ouvrées, à l'adresse vous@exemple\.fr\./)
  const link = sent.getByRole("link", { name: "Ouvrir ma page de suivi" })
  const href = await link.getAttribute("href")
  assert.match(href, /^http:\/\/[^/]+\/suivi\/[0-9a-f]{32}\/$/)
  // The keyboard goes from the heading to the link; the page it opens already says « Demande reçue ».
  await page.keyboard.press("Tab")
  assert.equal(await link.evaluate((element) => element === document.activeElement), true)
  const privatePage = await page.request.get(href)
  assert.equal(privatePage.status(), 200)
  assert.match(await privatePage.text(), new RegExp(`Demande n°\\s${id}[\\s\\S]*<strong data-stage>Demande reçue</strong>`))

  // « Faire une autre demande »: an empty form, focus on its first field.
  await sent.getByRole("button", { name: "Faire une autre demande" }).click()
  await email.waitFor()
  await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "email")
  assert.equal(await email.inputValue(), "")
  assert.equal(await description.inputValue(), "")
  assert.equal(await previews.count(), 0)
  assert.equal(await form.getAttribute("aria-busy"), "false")

  await page.keyboard.press("F8")
  const focusInRegion = await page.evaluate((label) => document.activeElement?.closest("[role='region']")?.getAttribute("aria-label") === label, REGION)
  assert.equal(focusInRegion, true, "F8 moves focus to the notifications region")

  assert.deepEqual(pageErrors, [])
  assert.deepEqual(consoleErrors, [])
  await close()
})

test("missing information, HEIC and the 4-photo limit are explained; drag and drop works", async () => {
  const { page, close, form, email, photos, previews, region, pageErrors } = await openForm({ viewport: { width: 390, height: 844 } })

  // The button is disabled, but Enter in the email field still tells what is missing.
  await email.fill("vous@exemple.fr")
  assert.equal(await form.getByRole("button", { name: "Demander une estimation" }).isDisabled(), true)
  await email.press("Enter")
  await region.getByText("Informations manquantes").waitFor()
  assert.match(await region.innerText(), /Veuillez renseigner votre email et ajouter au moins une photo\./)
  assert.equal(await email.inputValue(), "vous@exemple.fr")

  await photos.setInputFiles(HEIC)
  await region.getByText("Format HEIC non accepté").waitFor()
  assert.match(await region.innerText(), /Réglages › Appareil photo › Formats › «\sLe plus compatible\s»/)
  assert.equal(await region.getByRole("listitem").count(), 1, "one toast at a time")

  // A real drop: a DataTransfer holding a real PNG, dispatched on the zone.
  const pngBytes = [...readFileSync(PNG)]
  const zone = photos.locator("xpath=..")
  const dropPngs = async (names) => {
    const dataTransfer = await page.evaluateHandle(
      ({ bytes, names }) => {
        const transfer = new DataTransfer()
        for (const name of names) transfer.items.add(new File([new Uint8Array(bytes)], name, { type: "image/png" }))
        return transfer
      },
      { bytes: pngBytes, names },
    )
    await zone.dispatchEvent("dragenter", { dataTransfer })
    await zone.dispatchEvent("dragover", { dataTransfer })
    await zone.dispatchEvent("drop", { dataTransfer })
  }
  await dropPngs(["depose.png"])
  await previews.first().waitFor()
  assert.equal(await previews.first().getAttribute("alt"), "Photo 1\u00a0: depose.png")

  await photos.setInputFiles(JPEGS)
  await region.getByText("1 photo ignorée", { exact: false }).waitFor()
  assert.equal(await previews.count(), 4)
  assert.equal(await photos.isDisabled(), true)
  // Dropping on a full zone is not silent either.
  await dropPngs(["en-trop-1.png", "en-trop-2.png"])
  await region.getByText("2 photos ignorées", { exact: false }).waitFor()
  assert.equal(await previews.count(), 4)

  // A thumbnail's « Retirer la photo » is a full touch target (44 × 44 px), not its 32 px circle.
  const remove = await form.getByRole("button", { name: "Retirer la photo 1" }).boundingBox()
  assert.ok(remove.width >= 44 && remove.height >= 44, `Retirer la photo : ${remove.width} × ${remove.height} px`)
  await form.getByRole("button", { name: "Retirer la photo 1" }).click()
  assert.equal(await previews.count(), 3)
  assert.equal(await photos.isEnabled(), true)
  assert.deepEqual(pageErrors, [])
  await close()
})

test("keyboard: from the top of the page, two Tabs and Enter reach the form, the next Tab its e-mail field", async () => {
  const { page, close, email } = await openForm({ viewport: { width: 390, height: 844 } })
  // The keyboard's path from the page's very start, as after loading it.
  await page.evaluate(() => {
    window.scrollTo({ top: 0, behavior: "instant" })
    document.body.tabIndex = -1
    document.body.focus()
    document.body.removeAttribute("tabindex")
  })
  await page.keyboard.press("Tab")
  await page.keyboard.press("Tab")
  const skip = page.getByRole("link", { name: "Aller au formulaire d'estimation" })
  assert.equal(await skip.evaluate((link) => link === document.activeElement), true, "second stop: the skip link to the form")
  assert.ok((await skip.boundingBox()).y >= 0, "shown while focused")
  await page.keyboard.press("Enter")
  await page.keyboard.press("Tab")
  assert.equal(await email.evaluate((input) => input === document.activeElement), true, "the e-mail field, four keys from the top")
  await close()
})

test("keyboard: Tab reaches the photo zone, which shows focus, and Enter or Space opens the file chooser", async () => {
  const { page, close, description, photos, previews } = await openForm()
  await description.focus()
  await page.keyboard.press("Tab")
  assert.equal(await photos.evaluate((input) => input === document.activeElement), true)
  const zoneOutline = await photos.evaluate((input) => getComputedStyle(input.nextElementSibling).outlineStyle)
  assert.equal(zoneOutline, "solid", "the visible zone carries the focus ring of the hidden input")

  // A listener for the whole test: Playwright intercepts file choosers only while one is
  // registered, and registering it just before the key press can race the key.
  const choosers = []
  page.on("filechooser", (chooser) => choosers.push(chooser))
  await page.waitForTimeout(100)
  for (const [index, key] of ["Enter", "Space"].entries()) {
    await page.keyboard.press(key)
    for (let waited = 0; choosers.length <= index && waited < 5000; waited += 50) await page.waitForTimeout(50)
    const chooser = choosers[index]
    assert.ok(chooser, `${key} opens the file chooser`)
    assert.equal(chooser.isMultiple(), true)
    await chooser.setFiles(JPEGS[index])
    // As a visitor would, wait for the photo to show before the next key.
    await previews.nth(index).waitFor()
  }
  assert.equal(await previews.count(), 2)
  await close()
})
