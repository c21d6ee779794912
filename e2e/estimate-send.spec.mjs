/**
 * The estimate form against the served build's real /api/estimate and its outbox: a slow real
 * upload shows its progress then the request number, and the request is on disk with its
 * photos; a 500, a server that never answers or a refused photo keeps everything and offers « Réessayer »; the
 * chat's « Faire estimer un article » fills the form's email.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { gotoHome, openPage, reusedPage } from "./lib/browser.mjs"
import { leadsFor, readLead } from "./lib/leads.mjs"

const REGION = "Notifications (F8)"
/** The form's stall watch (src/lib/estimate-client.ts ESTIMATE_STALL_MS). */
const ESTIMATE_STALL_MS = 30_000
let browser
let tmp
let BIG_JPEGS

test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
  tmp = mkdtempSync(path.join(os.tmpdir(), "maxai-send-"))
  // Real JPEG bytes first (the check reads them), then padding: 1.5 MB each, so a throttled
  // upload takes a few seconds and shows its progress.
  const jpeg = readFileSync(path.resolve(import.meta.dirname, "../content/images/items/01-lacoste-polo-blanc.jpg"))
  BIG_JPEGS = ["grand-1.jpg", "grand-2.jpg"].map((name) => {
    const file = path.join(tmp, name)
    writeFileSync(file, Buffer.concat([jpeg, Buffer.alloc(1.5 * 1024 * 1024 - jpeg.length, 7)]))
    return file
  })
})

test.afterAll(async () => {
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

/** `fakeClock`: the page's timers run on Playwright's clock (natural time until run ahead). */
async function openFilledForm(email, { fakeClock = false, ownPage = fakeClock, files = BIG_JPEGS } = {}) {
  // A clock or a slowed network is set in a page of the test's own; otherwise the worker's page (reusedPage).
  const opened = ownPage ? await openPage(browser) : await reusedPage(browser)
  const { page } = opened
  if (fakeClock) await page.clock.install()
  await gotoHome(page)
  const form = page.getByRole("form", { name: "Demande d'estimation" })
  await form.scrollIntoViewIfNeeded()
  await form.getByRole("textbox", { name: "Votre email" }).fill(email)
  await form.getByRole("textbox", { name: "Description (facultatif)" }).fill("Polo Lacoste, taille M")
  await form.getByLabel("Photos de l'article (4 maximum)").setInputFiles(files)
  await form.getByRole("img", { name: /^Photo 2/ }).waitFor()
  return {
    ...opened,
    form,
    region: page.getByRole("region", { name: REGION }),
    submit: form.getByRole("button", { name: /Demander une estimation|Envoi en cours…/ }),
  }
}

test("a real upload of 2 photos shows its progress, then the request number; the request is in the outbox with both photos", async () => {
  const email = `progres-${Date.now()}@exemple.fr`
  const { page, context, form, region, submit, pageErrors, consoleErrors } = await openFilledForm(email, { ownPage: true })
  // A slow line (about 1 MB/s up) so the progress is visible as a visitor on mobile would see it.
  const cdp = await context.newCDPSession(page)
  await cdp.send("Network.enable")
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 })
  // Every value the progress bar takes, recorded in the page as it changes.
  await page.evaluate(() => {
    window.__progress = []
    new MutationObserver(() => {
      const bar = document.querySelector("[role='progressbar']")
      if (bar) window.__progress.push(Number(bar.getAttribute("aria-valuenow")))
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] })
  })
  await submit.click()
  assert.equal(await submit.isDisabled(), true)
  await form.getByRole("progressbar").waitFor()
  await region.getByText("Demande envoyée avec succès !").waitFor({ timeout: 30_000 })
  const seen = await page.evaluate(() => window.__progress)
  assert.ok(
    seen.some((value) => value > 0 && value < 100),
    `intermediate progress shown: ${seen.join(", ")}`,
  )
  const text = await region.getByRole("listitem").innerText()
  const id = /Numéro de demande\s:\s(\S+)/.exec(text)?.[1]
  assert.ok(id, text)
  const stored = readLead(id)
  assert.ok(stored, `request ${id} is in the outbox`)
  assert.equal(stored.lead.email, email)
  assert.equal(stored.lead.description, "Polo Lacoste, taille M")
  assert.deepEqual(
    stored.lead.photos.map((photo) => [photo.name, photo.size]),
    [
      ["grand-1.jpg", 1.5 * 1024 * 1024],
      ["grand-2.jpg", 1.5 * 1024 * 1024],
    ],
  )
  // With the request: its buy-back record (the seller's page) and the seller's confirmation letter.
  assert.deepEqual(stored.files, ["buyback.json", "delivery.json", "lead.json", "letters", "photo-1.jpg", "photo-2.jpg"])
  await page.getByRole("heading", { name: "Votre demande est bien enregistrée" }).waitFor()
  assert.equal(await form.count(), 0, "the confirmation replaced the form")
  assert.deepEqual(pageErrors, [])
  assert.deepEqual(consoleErrors, [])
  await context.close()
})

/** The form after a failure: everything still there, « Réessayer » offered. */
async function assertKept({ form, region }, email) {
  const toast = region.getByRole("listitem")
  await toast.getByText("La demande n'a pas été envoyée").waitFor({ timeout: 40_000 })
  assert.match(await toast.innerText(), /Votre email, votre description et vos photos sont conservés\./)
  assert.equal(await form.getByRole("textbox", { name: "Votre email" }).inputValue(), email)
  assert.equal(await form.getByRole("textbox", { name: "Description (facultatif)" }).inputValue(), "Polo Lacoste, taille M")
  assert.equal(await form.getByRole("img", { name: /^Photo \d/ }).count(), 2)
  return toast.getByRole("button", { name: "Réessayer" })
}

test("the API answering 500 keeps the form filled; « Réessayer » then sends it for real", async () => {
  const email = `erreur-${Date.now()}@exemple.fr`
  const opened = await openFilledForm(email)
  const { page, close, region, submit } = opened
  await page.route("**/api/estimate", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "internal_error", message: "Erreur interne du serveur." }) }),
  )
  await submit.click()
  const retry = await assertKept(opened, email)
  assert.equal(leadsFor("estimate", email).length, 0)
  await page.unroute("**/api/estimate")
  await retry.click()
  await region.getByText("Demande envoyée avec succès !").waitFor({ timeout: 20_000 })
  assert.equal(leadsFor("estimate", email).length, 1)
  await close()
})

test("a photo cut short (its first bytes a JPEG's) is refused by the server: the visitor reads its French reason, naming it, and keeps everything", async () => {
  const email = `coupee-${Date.now()}@exemple.fr`
  const cut = path.join(tmp, "coupée.jpg")
  writeFileSync(cut, readFileSync(BIG_JPEGS[0]).subarray(0, 20_000))
  const opened = await openFilledForm(email, { files: [BIG_JPEGS[0], cut] })
  const { close, region, submit } = opened
  await submit.click()
  await assertKept(opened, email)
  // The server's words with French typography added by the page (thin spaces inside « »).
  const text = (await region.getByRole("listitem").innerText()).replace(/\s/g, " ")
  assert.match(text, /La photo « coupée\.jpg » est illisible ou incomplète\. Choisissez-la de nouveau ou envoyez-en une autre\./)
  assert.equal(leadsFor("estimate", email).length, 0)
  await close()
})

test("an API that never answers: the form gives up after 30 s without progress, keeps everything and offers « Réessayer »", async () => {
  const email = `silence-${Date.now()}@exemple.fr`
  const opened = await openFilledForm(email, { fakeClock: true })
  const { page, context, submit } = opened
  // The request is taken, whole, and never answered.
  let taken
  const requestTaken = new Promise((resolve) => (taken = resolve))
  await page.route("**/api/estimate", () => taken())
  await submit.click()
  await requestTaken
  // The request is out and nothing will answer it: the page's clock is run 30 s ahead, not the test's.
  await page.clock.fastForward(ESTIMATE_STALL_MS + 500)
  await assertKept(opened, email)
  assert.equal(await submit.isEnabled(), true)
  await context.close()
})

test("chat hand-off: « Faire estimer un article » minimises the chat, brings the form with the focus in its email, filled from « Mes infos »", async () => {
  const email = `chat-${Date.now()}@exemple.fr`
  const { page, close, pageErrors } = await reusedPage(browser)
  await gotoHome(page)
  await page.getByRole("button", { name: "Chat avec maxAi" }).click()
  const dialog = page.getByRole("dialog", { name: "maxAi" })
  await dialog.waitFor()
  await dialog.getByRole("button", { name: "Mes infos" }).click()
  await dialog.getByRole("textbox", { name: "Nom" }).fill("Léa")
  await dialog.getByRole("textbox", { name: "Email" }).fill(email)
  await dialog.getByRole("button", { name: "Enregistrer" }).click()
  const field = dialog.getByRole("textbox", { name: "Votre message" })
  await field.fill("Comment vendre mon pull et le faire estimer ?")
  await field.press("Enter")
  const action = dialog.getByRole("button", { name: "Faire estimer un article" })
  await action.waitFor({ timeout: 10_000 })
  await action.click()

  assert.equal(await dialog.getAttribute("data-minimised"), "true")
  const formEmail = page.getByRole("form", { name: "Demande d'estimation" }).getByRole("textbox", { name: "Votre email" })
  await page.waitForFunction((value) => document.activeElement?.getAttribute("name") === "email" && document.activeElement.value === value, email, {
    timeout: 5000,
  })
  assert.equal(await formEmail.inputValue(), email)
  // The form is on screen once the smooth scroll ends.
  await page.waitForFunction(() => {
    const box = document.getElementById("rachat").getBoundingClientRect()
    return box.top < window.innerHeight && box.bottom > 0
  })
  // « Mes infos » with an email reached the team's outbox once, with the conversation.
  for (let waited = 0; leadsFor("chat", email).length === 0 && waited < 5000; waited += 100) await page.waitForTimeout(100)
  const contacts = leadsFor("chat", email)
  assert.equal(contacts.length, 1)
  assert.equal(contacts[0].lead.name, "Léa")
  assert.deepEqual(pageErrors, [])
  await close()
})
