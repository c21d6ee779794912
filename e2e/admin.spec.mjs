/**
 * The content studio (/admin/, Decap CMS) as the shop owner uses it, against the served build
 * and its own studio (login, proxy backend) working on a COPY of content/ (e2e/lib/studio.mjs): change a
 * price, add a sold item with a photo upload (resized in the browser, stored under the item's
 * name), save → the JSON on disk has the new values as
 * numbers, passes check:content and a build of it shows the new card; invalid edits are refused
 * in the form, in French. The preview pane: admin-preview.spec.mjs; the build's rules before
 * every save, on this server and in git mode: studio-rules.spec.mjs.
 */
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import sharp from "sharp"
import { test } from "@playwright/test"
import { ROOT, field, pickedName, useStudio } from "./lib/studio.mjs"

const { copy, readSoldItems, openAdmin, login, untilOnDisk, untilFileWhole, expandItem, publish, soldItemsFile, preview } = useStudio()

test("the admin is in French and noindex", async () => {
  const { page, context } = await openAdmin()
  await login(page)
  assert.equal(await page.locator('meta[name="robots"]').getAttribute("content"), "noindex, nofollow")
  await context.close()
})

test("a price changed in the admin lands in sold-items.json as a number, and the content stays valid", async () => {
  const { page, context, pageErrors } = await openAdmin("#/collections/listes/entries/sold-items")
  await login(page)
  await expandItem(page, "Lacoste · Polo L.12.12 blanc classique · 45 €")
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
  await second.page
    .getByText(/Le champ Adresse du profil ne correspond pas au schéma: Adresse complète du profil, commençant par https:\/\//)
    .waitFor({ timeout: 10000 })
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(copy, "content", "shops.json"), "utf8")), shops)
  await second.context.close()
})

/** The preview pane (an iframe Decap fills with the site's components, src/admin-preview). */

test("a sold item added with a photo upload lands in sold-items.json with its photo in content/images, the content stays valid and a rebuild shows its card", async () => {
  // A full Gatsby build of the edited copy is part of it (about a minute on two cores).
  test.slow()
  const photo = path.join(os.tmpdir(), `nouveau-polo-${process.pid}.jpg`)
  await sharp({ create: { width: 800, height: 1000, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg({ quality: 80 })
    .toFile(photo)
  const before = readSoldItems().items
  const { page, context, pageErrors } = await openAdmin("#/collections/listes/entries/sold-items")
  await login(page)
  await page
    .getByRole("button", { name: /Ajouter article/ })
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

  // What the live site does after a save: a build of the project with this content shows the card.
  const html = buildWithContent(path.join(copy, "content"))
  const card = /<li[^>]*>(?:(?!<\/li>).)*Polo test bleu roi(?:(?!<\/li>).)*<\/li>/s.exec(html)?.[0]
  assert.ok(card, "la nouvelle carte est dans la page construite")
  assert.ok(html.indexOf("Polo test bleu roi") < html.indexOf(before[0].title), "la galerie la montre en premier")
  assert.match(card, /39,50\s€/)
  assert.match(card, /<img[^>]+alt="Lacoste – Polo test bleu roi"/, "sa photo")
  assert.match(card, /<img[^>]+src="\/static\/[^"]+\.jpg"/, "passée par sharp")
})

/**
 * Builds a copy of the project (its tracked files, the project's node_modules) whose content/ is
 * `contentDir`, and returns its index.html. Takes a few minutes: it is the real build.
 */
function buildWithContent(contentDir) {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "maxai-rebuild-"))
  try {
    const tracked = spawnSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).stdout.split("\0").filter(Boolean)
    for (const file of tracked.filter((name) => !name.startsWith("content/"))) {
      fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true })
      fs.copyFileSync(path.join(ROOT, file), path.join(project, file))
    }
    fs.cpSync(contentDir, path.join(project, "content"), { recursive: true })
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(project, "node_modules"), "dir")
    const build = spawnSync(process.execPath, [path.join(ROOT, "node_modules", "gatsby", "cli.js"), "build"], {
      cwd: project,
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
      encoding: "utf8",
      timeout: 600_000,
    })
    assert.equal(build.status, 0, `${build.stdout}\n${build.stderr}`.split("\n").slice(-30).join("\n"))
    return fs.readFileSync(path.join(project, "public", "index.html"), "utf8")
  } finally {
    fs.rmSync(project, { recursive: true, force: true })
  }
}
