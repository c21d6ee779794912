/**
 * One set of rules before every save (docs/studio.md#one-set-of-rules-before-every-save), in the real studio at 1440 × 900:
 * - on the site's own server (e2e/lib/studio.mjs: the served build's proxy backend on a COPY of
 *   content/), the server checks and shapes each save;
 * - in git mode, Decap's in-memory `test-repo` backend stands in for GitHub (the served
 *   /admin/backend.json is answered by the test, the repository is seeded with the same
 *   content): the studio's own check (/admin/rules.js) runs in the browser before the commit,
 *   so a refused save shows the build's French line and nothing is committed.
 * Prices are typed in a browser whose language is English: « 12,50 » must still be 12.5.
 * A photo smaller than the build's minimum is refused as it is picked (Decap would enlarge it), and
 * so is a pixel bomb, from its header, before the browser decodes it.
 * Photos are made ready in the browser before they are sent (config.yml's media_processing): a
 * 12 MB photo arrives reduced; the server's refusal of an upload over 10 MB is proven through the
 * protocol (__tests__/server/studio/backend.test.ts).
 */
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import sharp from "sharp"
import { test } from "@playwright/test"
import { ROOT, useStudio } from "./lib/studio.mjs"
import { pickedName, recordNotifications, untilNotified } from "./lib/studio-gestures.mjs"

const { copy, soldItemsFile, openAdmin, login, expandItem, publish, untilOnDisk } = useStudio("studio-rules")
const ENGLISH = { locale: "en-US" }
// Summaries without the price: a test before may have changed it (the spec's tests share one copy of content/).
const FIRST_ITEM = /^Lacoste · Polo L\.12\.12 blanc classique/
const SECOND_ITEM = /^Ralph Lauren · Polo Custom Fit bleu marine/

/** The content files and photos of the studio's copy, to seed the in-memory repository. */
function repositoryFiles() {
  const content = path.join(copy, "content")
  const texts = Object.fromEntries(
    fs
      .readdirSync(content)
      .filter((name) => name.endsWith(".json"))
      .map((name) => [name, fs.readFileSync(path.join(content, name), "utf8")]),
  )
  const photos = Object.fromEntries(
    fs
      .readdirSync(path.join(content, "images"), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.(jpe?g|png|webp|avif)$/i.test(name))
      .map((name) => [`images/${name.split(path.sep).join("/")}`, fs.readFileSync(path.join(content, "images", name)).toString("base64")]),
  )
  return { texts, photos }
}

/** Runs in the page before Decap loads: test-repo reads window.repoFiles as its repository. */
function seedRepository({ texts, photos }) {
  const content = {}
  for (const [name, text] of Object.entries(texts)) content[name] = { content: text, path: `content/${name}` }
  for (const [relative, base64] of Object.entries(photos)) {
    const parts = relative.split("/")
    const name = parts.pop()
    let folder = content
    for (const part of parts) folder = folder[part] ??= {}
    const file = new File([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], name)
    const repositoryPath = `content/${relative}`
    folder[name] = { path: repositoryPath, content: { path: repositoryPath, fileObj: file, toString: () => URL.createObjectURL(file) } }
  }
  window.repoFiles = { content }
}

/** The studio in git mode, at the sold items: logged in on the server (its files need a session), Decap on test-repo. */
async function openGitStudio(options = {}) {
  const files = repositoryFiles()
  const opened = await openAdmin("#/collections/listes/entries/sold-items", {
    ...options,
    async prepare(context) {
      await context.route("**/admin/backend.json", (route) => route.fulfill({ json: { backend: { name: "test-repo" }, local_backend: false } }))
      await context.addInitScript(seedRepository, files)
    },
  })
  // test-repo's own login page: one button, no account.
  await opened.page.getByRole("button", { name: "Se connecter" }).click()
  await login(opened.page)
  return opened
}

/** The visible field labelled `label` that holds `value` (the expanded item's, not the section heading's). */
async function fieldHolding(page, label, value) {
  const fields = page.getByLabel(label)
  const values = await fields.evaluateAll((inputs) => inputs.map((input) => (input.offsetParent === null ? null : input.value)))
  assert.ok(values.includes(value), `${label} : ${value} introuvable parmi ${JSON.stringify(values)}`)
  return fields.nth(values.indexOf(value))
}

const committedItems = (page) => page.evaluate(() => window.repoFiles.content["sold-items.json"].content)

/** Waits until the in-memory repository's sold-items.json differs from `before`, and returns it. */
async function untilCommitted(page, before) {
  await page.waitForFunction((text) => window.repoFiles.content["sold-items.json"].content !== text, before, { timeout: 30000 })
  return committedItems(page)
}

test("on the site's own server, an emptied optional field is removed and « 12,50 » typed in an English browser is stored as 12.5, on its own line", async () => {
  // Decap's studio starts in each test (its bundle is 5 MB): a minute on a busy machine.
  test.slow()
  const before = fs.readFileSync(soldItemsFile, "utf8").split("\n")
  const { page, context, pageErrors } = await openAdmin("#/collections/listes/entries/sold-items", ENGLISH)
  await login(page)
  await expandItem(page, FIRST_ITEM)
  await (await fieldHolding(page, "Taille", "M")).fill("")
  const price = await fieldHolding(page, "Prix (€)", "45")
  assert.equal(await price.getAttribute("inputmode"), "decimal")
  await price.fill("12,50")
  await publish(page)
  await untilOnDisk((data) => data.items[0].price === 12.5)
  const after = fs.readFileSync(soldItemsFile, "utf8").split("\n")
  assert.deepEqual(
    after.flatMap((line, index) => (line === before[index] ? [] : [index])),
    [3],
    "seule la ligne de l'article change",
  )
  assert.ok(!after[3].includes('"size"'), "la taille vidée est retirée, pas enregistrée vide")
  // The field shows the number the French way once left.
  assert.equal(await price.inputValue(), "12,5")
  assert.deepEqual(pageErrors, [])
  await context.close()
})

test("a photo smaller than the minimum, or a 16000 × 16000 PNG, is refused in French as it is picked; a 12 MB photo is made ready in the browser before it is sent: stored at 1920 × 2400, far under the 10 MB the server accepts", async () => {
  // Decap's studio starts in each test (its bundle is 5 MB): a minute on a busy machine.
  test.slow()
  const heavy = path.join(os.tmpdir(), `lourde-${process.pid}.jpg`)
  const jpeg = await sharp({ create: { width: 2400, height: 3000, channels: 3, background: "#e33" } })
    .jpeg()
    .toBuffer()
  fs.writeFileSync(heavy, Buffer.concat([jpeg, Buffer.alloc(12 * 1024 * 1024)]))
  const small = path.join(os.tmpdir(), `petite-${process.pid}.jpg`)
  await sharp({ create: { width: 500, height: 600, channels: 3, background: "#3e3" } })
    .jpeg()
    .toFile(small)
  const bomb = path.join(os.tmpdir(), `bombe-${process.pid}.png`)
  // jest's pixel bomb (__tests__/helpers/pixel-bomb.ts), written by its own code.
  const written = spawnSync(process.execPath, ["--import", "tsx", "__tests__/helpers/write-pixel-bomb.ts", bomb, "16000"], { cwd: ROOT, encoding: "utf8" })
  assert.equal(written.status, 0, written.stderr)
  const { page, context } = await openAdmin("#/collections/listes/entries/sold-items")
  await login(page)
  await expandItem(page, FIRST_ITEM)

  // Decap's media_processing would enlarge it to 1920 × 2400: refused as picked, with the build's sentence.
  const said = new Promise((resolve) =>
    page.once("dialog", async (dialog) => {
      resolve(dialog.message())
      await dialog.accept()
    }),
  )
  await page
    .getByRole("button", { name: /Choisir une image/ })
    .first()
    .click()
  const upload = page.locator("input[type=file]")
  await upload.setInputFiles(small)
  assert.match(await said, /^La photo « petite-\d+\.jpg » est trop petite : 500 × 600 px \(au moins 600 × 750 px\)/)

  // A pixel bomb: refused from its header, before the browser would decode 256 megapixels.
  const saidLarge = new Promise((resolve) =>
    page.once("dialog", async (dialog) => {
      resolve(dialog.message())
      await dialog.accept()
    }),
  )
  await upload.setInputFiles(bomb)
  const large = await saidLarge
  assert.match(large, /^La photo « bombe-\d+\.png » est trop grande : 16000 × 16000 px, soit 256 mégapixels \(maximum 50 mégapixels\)/)
  assert.doesNotMatch(large, /floue/)

  // The library stays open for another photo.
  await upload.setInputFiles(heavy)
  await page.getByText(pickedName(heavy)).waitFor({ timeout: 30000 })
  assert.equal(await page.getByText(/^petite-/).count(), 0, "la petite photo n'est pas dans la médiathèque")
  assert.equal(await page.getByText(/^bombe-/).count(), 0, "la bombe n'est pas dans la médiathèque")
  await page.getByRole("button", { name: "Choisir les éléments sélectionnés" }).click()
  await publish(page)
  // Named after the item on saving (src/server/studio/photo-names.ts).
  await untilOnDisk((data) => /^images\/items\/lacoste-polo-l-12-12-blanc-classique(-\d+)?\.jpg$/.test(data.items[0].image))
  const stored = path.join(copy, "content", JSON.parse(fs.readFileSync(soldItemsFile, "utf8")).items[0].image)
  const { width, height } = await sharp(stored).metadata()
  const { size } = fs.statSync(stored)
  assert.deepEqual([width, height], [1920, 2400])
  assert.ok(size < 2 * 1024 * 1024, `${size} octets`)
  await context.close()
  fs.rmSync(heavy, { force: true })
  fs.rmSync(small, { force: true })
  fs.rmSync(bomb, { force: true })
})

test("in git mode, a spaces-only title is refused in the browser with the build's French line and nothing is committed; fixed, the save commits only its line", async () => {
  // Decap's studio starts in each test (its bundle is 5 MB): a minute on a busy machine.
  test.slow()
  const { page, context, pageErrors } = await openGitStudio(ENGLISH)
  const before = await committedItems(page)
  await expandItem(page, SECOND_ITEM)
  const title = await fieldHolding(page, "Titre", "Polo Custom Fit bleu marine")
  const size = await fieldHolding(page, "Taille", "L")
  const price = await fieldHolding(page, "Prix (€)", "52")
  await title.fill("   ")
  await recordNotifications(page)
  await publish(page)
  const shown = await untilNotified(page, "content/sold-items.json › items[1].title : ne contient que des espaces (écrivez un texte ou videz le champ)")
  assert.deepEqual(
    shown,
    [
      "Échec de l'enregistrement de l'entrée : Le site refuserait ce contenu ; rien n'a été enregistré :\n• content/sold-items.json › items[1].title : ne contient que des espaces (écrivez un texte ou videz le champ)",
    ],
    "jamais « enregistrée »",
  )
  assert.equal(await committedItems(page), before, "rien n'est envoyé au dépôt")

  // Emptied first: Decap's text field keeps its cursor, so a fill over "   " would keep them.
  await title.fill("")
  await title.fill("Polo Custom Fit bleu nuit")
  await size.fill("")
  await price.fill("52,90")
  await publish(page)
  const after = (await untilCommitted(page, before)).split("\n")
  const lines = before.split("\n")
  assert.deepEqual(
    after.flatMap((line, index) => (line === lines[index] ? [] : [index])),
    [4],
    "le commit ne change que la ligne de l'article",
  )
  const item = JSON.parse(after[4].replace(/,$/, ""))
  assert.equal(item.title, "Polo Custom Fit bleu nuit")
  assert.equal(item.price, 52.9)
  assert.equal(item.size, undefined)
  // Decap leaves the refused save's rejection unhandled (a bare object): nothing else may fail.
  assert.ok(pageErrors.length <= 1 && pageErrors.every((error) => error === "Object"), pageErrors.join("\n"))
  await context.close()
})
