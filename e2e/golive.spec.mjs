/**
 * The go-live checklist (/admin/mise-en-ligne/, src/server/golive/) in a real browser on the
 * site's own server, with the shipped content and no e-mail settings: on a phone (390 × 844, by
 * touch) the owner asked for it gets the login page, then the checklist, which fits the screen
 * (no sideways scroll, every link and button big enough for a finger) and shows the shipped
 * « [À COMPLÉTER …] » fields, each a link to its field in the studio (the entry opens with that
 * field in view and focused, static/admin/field-link.js), and the e-mail not set up;
 * « Se déconnecter » logs out in one tap. On a computer, the studio's header leads there, and
 * the account menu's « Déconnexion » logs out of the server in one tap. And the studio never asks,
 * after a reload, to bring back Decap's local copy of an entry (static/admin/touch.js): the entry
 * opens as saved.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { readFileSync } from "node:fs"
import path from "node:path"
import { ROOT, useStudio } from "./lib/studio.mjs"
import { PHONE } from "./lib/studio-gestures.mjs"

// No delivery: whatever the environment running the tests holds, this server sends nothing.
const { base, openAdmin, login } = useStudio("golive", () => ({ SMTP_URL: "", LEADS_TO: "", LEADS_FROM: "", LEADS_WEBHOOK_URL: "" }))

/** The shipped placeholders' own words (« nom ou raison sociale »), read from content/legal.json as shipped. */
const SHIPPED = [...readFileSync(path.join(ROOT, "content", "legal.json"), "utf8").matchAll(/\[À COMPLÉTER : ([^\]]*)\]/g)].map((found) => found[1])

test("on a phone: the login page, then the checklist, which fits the screen and shows the placeholders and the e-mail not set up", async () => {
  assert.ok(SHIPPED.length >= 12, "les champs à compléter livrés")
  const { page, context, pageErrors } = await openAdmin("mise-en-ligne/", PHONE)
  await page.getByRole("heading", { level: 1, name: "Avant la mise en ligne" }).waitFor()
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, "pas de défilement horizontal")
  const small = await page.evaluate(() =>
    [...document.querySelectorAll("main a, header a, header button")]
      .map((element) => ({ text: element.textContent.trim(), box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || box.right > window.innerWidth)
      .map(({ text }) => text),
  )
  assert.deepEqual(small, [], "chaque lien tient dans l'écran et fait 44 px de haut")

  const texts = page.locator("#textes")
  await texts.getByText("À faire").waitFor()
  for (const words of SHIPPED) {
    const link = texts.getByRole("link", { name: words.replace(/\s+/g, " "), exact: true })
    assert.equal(await link.getAttribute("href"), `/admin/?champ=${encodeURIComponent(`[À COMPLÉTER : ${words}]`)}#/collections/pages/entries/legal`, words)
  }
  const email = page.locator("#email")
  await email.getByText("À faire").waitFor()
  await email.getByText(/n'arrivent dans aucune boîte e-mail/).waitFor()
  for (const name of ["SMTP_URL", "LEADS_TO", "LEADS_FROM"]) await email.getByText(new RegExp(`^${name}=`)).waitFor()
  await page.locator("#https").getByText("À faire").waitFor()

  await page.getByRole("button", { name: "Se déconnecter" }).tap()
  await page.getByText("Vous êtes déconnecté.").waitFor()
  await page.goto(`${base()}/admin/mise-en-ligne/`)
  await page.getByRole("button", { name: "Se connecter" }).waitFor()
  assert.deepEqual(pageErrors, [])
  await context.close()
})

for (const [device, options] of [
  ["a computer", {}],
  ["a phone", PHONE],
]) {
  test(`on ${device}, a field's link opens its entry in the studio with that field in view, focused, its placeholder selected`, async () => {
    const { page, context, pageErrors } = await openAdmin("mise-en-ligne/", options)
    const words = "adresse de l'hébergeur"
    const placeholder = `[À COMPLÉTER : ${words}]`
    const link = page.locator("#textes").getByRole("link", { name: words, exact: true })
    await (options.hasTouch ? link.tap() : link.click())
    await page.waitForURL((url) => url.hash === "#/collections/pages/entries/legal")
    await until(async () => (await page.evaluate(() => document.activeElement?.value ?? "")) === placeholder, `le champ « ${words} » a le focus`)
    const field = await page.evaluate(() => {
      const active = document.activeElement
      const box = active.getBoundingClientRect()
      return { selected: active.value.slice(active.selectionStart, active.selectionEnd), inView: box.top >= 0 && box.bottom <= window.innerHeight }
    })
    assert.deepEqual(field, { selected: placeholder, inView: true }, "le texte à remplacer est sélectionné, le champ à l'écran")
    assert.equal(new URL(page.url()).search, "", "l'indication est retirée de l'adresse : un rechargement ne saute plus")
    await page.screenshot({ path: path.join(ROOT, "artifacts", `golive-field-link-${options.viewport?.width ?? 1440}.png`) })
    assert.deepEqual(pageErrors, [])
    await context.close()
  })
}

test("the studio's header leads to the checklist; its « Déconnexion » logs out in one tap", async () => {
  const { page, context, pageErrors } = await openAdmin()
  await login(page)
  await page.getByRole("link", { name: "Mise en ligne" }).click()
  await page.waitForURL(`${base()}/admin/mise-en-ligne/`)
  await page.getByRole("heading", { level: 1, name: "Avant la mise en ligne" }).waitFor()
  await page.getByRole("link", { name: "Studio", exact: true }).click()
  await login(page)
  await page.getByRole("button", { name: "Menu du compte" }).click()
  await page.getByRole("menuitem", { name: "Déconnexion" }).click()
  await page.getByText("Vous êtes déconnecté.").waitFor()
  // The session is over on the server: the studio's files answer nothing without it.
  assert.equal((await page.request.get(`${base()}/admin/backend.json`)).status(), 401)
  assert.deepEqual(pageErrors, [])
  await context.close()
})

/** The keys of Decap's local copies of entries (localForage's IndexedDB, `backup.<collection>.<entry>`). */
const backupKeys = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const opening = indexedDB.open("localforage")
        opening.onerror = () => resolve([])
        opening.onsuccess = () => {
          const db = opening.result
          if (!db.objectStoreNames.contains("keyvaluepairs")) return resolve([])
          const keys = db.transaction("keyvaluepairs").objectStore("keyvaluepairs").getAllKeys()
          keys.onsuccess = () => resolve(keys.result.filter((key) => String(key).startsWith("backup.")))
          keys.onerror = () => resolve([])
        }
      }),
  )

async function until(check, what) {
  for (let tick = 0; tick < 80; tick += 1) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  assert.fail(what)
}

test("a reload never asks to bring back Decap's local copy: the entry opens as saved", async () => {
  const { page, context, pageErrors } = await openAdmin("#/collections/pages/entries/site")
  await login(page)
  const name = page.getByLabel("Nom du site", { exact: true })
  await until(async () => (await name.count()) === 1 && (await name.inputValue()) !== "", "le champ « Nom du site » est chargé")
  const saved = await name.inputValue()
  await name.fill(`${saved} brouillon`)
  await until(async () => (await backupKeys(page)).length > 0, "Decap garde sa copie locale de l'entrée")
  const questions = []
  page.on("dialog", (dialog) => {
    // Leaving with unsaved changes: Decap's own warning, accepted to reload.
    if (dialog.type() === "beforeunload") return void dialog.accept()
    questions.push(dialog.message())
    void dialog.accept()
  })
  await page.reload()
  await login(page)
  await until(async () => (await backupKeys(page)).length === 0, "la copie locale est effacée sans question")
  await until(async () => (await name.count()) === 1 && (await name.inputValue()) === saved, "l'entrée s'ouvre telle qu'enregistrée")
  assert.deepEqual(questions, [], "aucune fenêtre du navigateur")
  assert.deepEqual(pageErrors, [])
  await context.close()
})
