/**
 * The content studio (/admin/, Decap CMS) as the shop owner uses it, against the served build
 * and its own studio (login, proxy backend) working on a COPY of content/ (e2e/lib/studio.mjs): change a
 * price, add a sold item with a photo upload (resized in the browser, stored under the item's
 * name), save → the JSON on disk has the new values as numbers and passes check:content; invalid
 * edits are refused in the form, in French. The preview pane: admin-preview.spec.mjs; the
 * build's rules before every save, on this server and in git mode: studio-rules.spec.mjs; a new
 * item and its photo live on the site after the real rebuild: studio-publish.spec.mjs.
 */
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import sharp from "sharp"
import { test } from "@playwright/test"
import { ROOT, useStudio } from "./lib/studio.mjs"
import { field, pickedName } from "./lib/studio-gestures.mjs"

const { copy, readSoldItems, openAdmin, login, untilOnDisk, untilFileWhole, expandItem, publish, soldItemsFile, preview } = useStudio("admin")

test("the admin is in French and noindex", async () => {
  const { page, context } = await openAdmin()
  await login(page)
  assert.equal(await page.locator('meta[name="robots"]').getAttribute("content"), "noindex, nofollow")
  await context.close()
})

test("a price changed in the admin lands in sold-items.json as a number, and the content stays valid", async () => {
  const { page, context, pageErrors } = await openAdmin("#/collections/listes/entries/sold-items")
  await login(page)
  await expandItem(page, "Lacoste · Polo L.12.12 blanc classique · 45,00\u00a0€")
  await page.getByLabel("Prix (€)").first().fill("49.5")
  await publish(page)
  await untilOnDisk((data) => data.items[0].price === 49.5)
  const item = readSoldItems().items[0]
  assert.equal(typeof item.views, "number")
  assert.equal(item.title, "Polo L.12.12 blanc classique")
  const check = spawnSync("npm", ["run", "--silent", "check:content", "--", path.join(copy, "content")], { cwd: ROOT, encoding: "utf8" })
  assert.equal(check.status, 0, check.stdout + check.stderr)
  assert.deepEqual(pageErrors, [])
  await context.close()
})

test("an empty title and an https:// without host are refused in the form, in French", async () => {
  const before = fs.readFileSync(soldItemsFile, "utf8")
  const { page, context } = await openAdmin("#/collections/listes/entries/sold-items")
  await login(page)
  await expandItem(page, /^Ralph Lauren · Polo Custom Fit bleu marine/)
  await page.getByLabel("Titre").nth(1).fill("")
  await publish(page)
  await page.getByText("Le champ Titre est requis.").waitFor({ timeout: 10000 })
  assert.equal(fs.readFileSync(soldItemsFile, "utf8"), before, "rien n'est écrit")

  await context.close()

  const second = await openAdmin("#/collections/listes/entries/shops")
  await login(second.page)
  const shops = JSON.parse(fs.readFileSync(path.join(copy, "content", "shops.json"), "utf8"))
  await expandItem(second.page, shops.items[0].name)
  await second.page.getByLabel("Adresse du profil").first().fill("https://")
  await publish(second.page)
  await second.page.getByText(/^Adresse du profil : Adresse complète du profil, commençant par https:\/\//).waitFor({ timeout: 10000 })
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(copy, "content", "shops.json"), "utf8")), shops)
  await second.context.close()
})

/** The preview pane (an iframe Decap fills with the site's components, src/admin-preview). */

test("a sold item added with a photo upload lands in sold-items.json with its photo in content/images, and the content stays valid", async () => {
  const photo = path.join(os.tmpdir(), `nouveau-polo-${process.pid}.jpg`)
  await sharp({ create: { width: 800, height: 1000, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg({ quality: 80 })
    .toFile(photo)
  const before = readSoldItems().items
  const { page, context, pageErrors } = await openAdmin("#/collections/listes/entries/sold-items")
  await login(page)
  await page
    .getByRole("button", { name: /Ajouter un article/ })
    .first()
    .click()

  // A new item comes first, numbered by the studio (the next free number), never typed.
  const number = page.getByLabel("Numéro").first()
  assert.equal(await number.inputValue(), String(Math.max(...before.map((item) => item.id)) + 1))
  assert.equal(await number.getAttribute("readonly"), "")
  await field(page, "Marque").fill("Lacoste")
  await field(page, "Titre").fill("Polo test bleu roi")
  await field(page, "Prix (€)").fill("39.5")
  await field(page, "Vues").fill("12")
  await field(page, "Favoris").fill("3")
  // Category: the relation widget lists categories.json.
  await field(page, "Catégorie").click()
  await page.getByRole("option", { name: "Polo", exact: true }).click()

  // Photo: through the media library, uploaded from the computer.
  await page
    .getByRole("button", { name: /Choisir une image/ })
    .filter({ visible: true })
    .first()
    .click()
  await page.locator("input[type=file]").setInputFiles(photo)
  await page.getByText(pickedName(photo)).waitFor({ timeout: 30000 })
  await page.getByRole("button", { name: "Choisir les éléments sélectionnés" }).click()

  // The new card is in the preview, with its price as the site writes it.
  await preview(page).getByRole("listitem").filter({ hasText: "Polo test bleu roi" }).getByText("39,50 €").waitFor({ timeout: 10000 })

  await publish(page)
  await untilOnDisk((data) => data.items.length === before.length + 1)
  const added = readSoldItems().items[0]
  assert.deepEqual(added, {
    id: Math.max(...before.map((item) => item.id)) + 1,
    brand: "Lacoste",
    title: "Polo test bleu roi",
    price: 39.5,
    // Named after the item on the server (src/server/studio/photo-names.ts), not after the file.
    image: "images/items/lacoste-polo-test-bleu-roi.jpg",
    views: 12,
    favorites: 3,
    category: "Polo",
  })
  const stored = path.join(copy, "content", "images", "items", "lacoste-polo-test-bleu-roi.jpg")
  // The entry is written before its photo: wait for the photo itself, whole.
  const { width, height } = await untilFileWhole(stored, (file) =>
    sharp(file)
      .stats()
      .then(() => sharp(file).metadata()),
  )
  // Made ready in the browser before upload (config.yml's media_processing): the card's 4:5 at 1920 × 2400.
  assert.deepEqual([width, height], [1920, 2400], "la photo est dans content/images/items")
  const check = spawnSync("npm", ["run", "--silent", "check:content", "--", path.join(copy, "content")], { cwd: ROOT, encoding: "utf8" })
  assert.equal(check.status, 0, check.stdout + check.stderr)
  assert.deepEqual(pageErrors, [])
  await context.close()
  fs.rmSync(photo, { force: true })
})
