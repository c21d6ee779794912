/**
 * The stock book end to end in a real browser (docs/stock.md, issue 47): two garments
 * of one request paid and written to the studio server's register (the buy-back's entries, one per
 * garment), their photos in the request's folder. On a phone (390 × 844, by touch): « Stock »
 * lists both with their photo, one is put on sale on Vinted, published on the site (the studio
 * opens on the gallery, its entry written without any cost) and marked sold, its margin shown as
 * the price is typed and after the save. On a computer (1440 × 900): the other is withdrawn, and
 * the month's four exports are downloaded and printed. Nothing wider than the screen, every
 * control at least 44 px. Screenshots under artifacts/stock/.
 */
import { expect, test } from "@playwright/test"
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs"
import path from "node:path"
import { openPage } from "./lib/browser.mjs"
import { OWNER, ROOT, useStudio } from "./lib/studio.mjs"
import { PHONE } from "./lib/studio-gestures.mjs"
import { assertFitsAndTouchable } from "./lib/touch-targets.mjs"

const REQUEST = "20261102-0900-S7OCK2"
const SHOTS = path.join(ROOT, "artifacts", "stock")
const DESKTOP = { viewport: { width: 1440, height: 900 } }
/** Today in Paris, as the stock dates a sale and a withdrawal. */
const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date())

const { base, readSoldItems, studioDir } = useStudio("stock", (dir) => {
  // A fresh register, stock and database for each start (a retry starts again from the seed).
  for (const folder of ["registre", "stock", "leads", "shop.sqlite", "shop.sqlite-wal", "shop.sqlite-shm"])
    rmSync(path.join(dir, folder), { recursive: true, force: true })
  const seeded = spawnSync(
    process.execPath,
    ["--import", "tsx", "__tests__/helpers/stock-seed.ts", path.join(dir, "registre"), path.join(dir, "leads"), REQUEST, TODAY],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  )
  assert.equal(seeded.status, 0, seeded.stderr)
  return { REGISTER_DIR: path.join(dir, "registre"), LEADS_DIR: path.join(dir, "leads"), STOCK_DIR: path.join(dir, "stock") }
})
let browser

test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
  mkdirSync(SHOTS, { recursive: true })
})

/** Nothing wider than the screen, every control big enough for a finger (a card's title link is stretched over its card: the card is what a finger taps). */
const fitsAndTouchable = (page) => assertFitsAndTouchable(page, { reachedThrough: { ".card-title a": ".card" } })

/** The owner signed in at /admin/stock/ (the login page first, by taps on a phone). */
async function ownerInStock(options) {
  const opened = await openPage(browser, options)
  const { page } = opened
  const press = (locator) => (options.hasTouch ? locator.tap() : locator.click())
  await page.goto(`${base()}/admin/stock/`)
  await page.getByLabel("Adresse e-mail").fill(OWNER.email)
  await page.getByLabel("Mot de passe").fill(OWNER.password)
  await press(page.getByRole("button", { name: "Se connecter" }))
  await page.getByRole("heading", { level: 1, name: /^Stock/ }).waitFor()
  return { ...opened, press }
}

test("on a phone, by touch: the stock, a garment put on sale, published on the site and sold, its margin shown", async () => {
  const { page, context, press } = await ownerInStock(PHONE)
  await expect(page.getByRole("status").first()).toHaveText("2 articles en stock ou en vente, pour un coût total de 35,50 €.")
  const cards = page.getByRole("listitem").filter({ has: page.locator(".card-title") })
  await expect(cards).toHaveCount(2)
  // Each garment's own photo, copied from its request.
  await expect(page.locator(".stock-thumb").first()).toHaveAttribute("src", /\/vignettes\/2\.jpg$/)
  await page.waitForFunction(() => [...document.querySelectorAll(".stock-thumb")].every((image) => image.complete && image.naturalWidth > 0))
  await fitsAndTouchable(page)
  await page.screenshot({ path: path.join(SHOTS, "stock-390.png"), fullPage: true })

  await press(page.getByRole("link", { name: "Ralph Lauren · Polo · taille L" }))
  await page.getByRole("heading", { level: 1, name: /n° 2/ }).waitFor()
  await page.getByLabel("Annonce Vinted (adresse https)").fill("https://vinted.exemple.com/items/1")
  await press(page.getByRole("button", { name: "Mettre en vente" }))
  await expect(page.getByText("Ce n'est pas une annonce Vinted")).toBeVisible()
  await page.getByLabel("Annonce Vinted (adresse https)").fill("https://www.vinted.fr/items/4242-polo-ralph-lauren")
  await page.getByLabel("Prix demandé (€)").fill("45,50")
  await press(page.getByRole("button", { name: "Mettre en vente" }))
  await expect(page.getByText("Mise en vente enregistrée.")).toBeVisible()
  await expect(page.getByRole("heading", { level: 1 })).toContainText("En vente")

  // « Publier sur le site »: the gallery's entry, then the studio opened on the gallery.
  await press(page.getByRole("button", { name: "Publier sur le site" }))
  await page.waitForURL(/\/admin\/#\/collections\/listes\/entries\/sold-items$/)
  const entry = readSoldItems().items[0]
  assert.deepEqual(
    { brand: entry.brand, title: entry.title, price: entry.price, category: entry.category, size: entry.size, url: entry.url },
    { brand: "Ralph Lauren", title: "Polo marine", price: 45.5, category: "Polo", size: "L", url: "https://www.vinted.fr/items/4242-polo-ralph-lauren" },
  )
  assert.ok(!/cost|marge|20[.,]5\b/.test(JSON.stringify(entry)), "aucun coût dans la galerie")
  await page.getByText("Articles vendus").first().waitFor({ timeout: 60_000 })
  await page.screenshot({ path: path.join(SHOTS, "studio-390.png") })

  await page.goto(`${base()}/admin/stock/2`)
  await page.getByLabel("Prix de vente (€)").fill("45,50")
  await page.getByLabel("Frais (€)").fill("3,20")
  // 45,50 − 20,50 − 3,20, before the save.
  await expect(page.locator("#marge-directe")).toHaveText("Marge : 21,80 € (vente − achat − frais)")
  await page.getByLabel("Référence de la commande (facultatif)").fill("V-981")
  await press(page.getByRole("button", { name: "Marquer vendu" }))
  await expect(page.getByText("Vente enregistrée.")).toBeVisible()
  await expect(page.locator(".stock-margin-value")).toHaveText("21,80 €")
  await fitsAndTouchable(page)
  await page.screenshot({ path: path.join(SHOTS, "sold-390.png"), fullPage: true })
  await context.close()
})

test("on a computer: the other garment withdrawn, the month's four exports downloaded and printed", async () => {
  const { page, context, press } = await ownerInStock(DESKTOP)
  await press(page.getByRole("link", { name: "Lacoste · Polo · taille M" }))
  await page.getByLabel("Motif").selectOption({ label: "Abîmé" })
  await press(page.getByRole("button", { name: "Retirer du stock" }))
  await expect(page.getByText("Article retiré du stock.")).toBeVisible()
  await expect(page.getByText("Retiré du stock : abîmé")).toBeVisible()
  await page.screenshot({ path: path.join(SHOTS, "withdrawn-1440.png"), fullPage: true })

  await page.goto(`${base()}/admin/stock/`)
  await expect(page.getByRole("status").first()).toHaveText("0 article en stock ou en vente, pour un coût total de 0,00 €.")
  await press(page.getByRole("link", { name: "Exports comptables" }))
  await page.getByRole("heading", { level: 1, name: /^Exports comptables/ }).waitFor()
  await expect(page.getByText("TVA sur marge : 4,17 €").first()).toBeVisible()
  await expect(page.getByText("régime de la marge bénéficiaire — art. 297 A du CGI").first()).toBeVisible()
  await fitsAndTouchable(page)
  await page.screenshot({ path: path.join(SHOTS, "exports-1440.png"), fullPage: true })
  const month = TODAY.slice(0, 7)
  const files = {}
  for (const title of ["Journal des achats", "Journal des ventes", "Marges et TVA sur marge", "Stock au coût"]) {
    const [download] = await Promise.all([page.waitForEvent("download"), press(page.getByRole("link", { name: `${title} (CSV)` }))])
    const file = path.join(SHOTS, download.suggestedFilename())
    await download.saveAs(file)
    files[download.suggestedFilename().split("_")[0]] = readFileSync(file, "utf8")
  }
  assert.deepEqual(Object.keys(files).sort(), ["achats", "marges", "stock", "ventes"])
  assert.ok(files.achats.startsWith("\uFEFF"), "BOM pour Excel")
  assert.match(files.ventes, /;Vinted;"45,50";"3,20";V-981/)
  assert.match(files.marges, /TVA sur marge;;taux 20 %;;;"4,17";;/)
  assert.ok(readdirSync(SHOTS).some((name) => name.startsWith(`marges_${month}-01_`)))
  await page.emulateMedia({ media: "print" })
  await expect(page.locator(".bar")).toBeHidden()
  await page.screenshot({ path: path.join(SHOTS, "exports-print.png"), fullPage: true })
  await context.close()
})

test("no cost nor margin reaches the public site", async () => {
  const published = readFileSync(path.join(studioDir, "site", "content", "sold-items.json"), "utf8")
  assert.ok(!/cost_cents|marge|margin/.test(published))
  for (const address of ["/", "/page-data/index/page-data.json"]) {
    const text = await (await fetch(`${base()}${address}`)).text()
    assert.ok(!/cost_cents|Marge nette|TVA sur marge/.test(text), `${address} ne montre ni coût ni marge`)
  }
  assert.equal((await fetch(`${base()}/admin/stock/`, { headers: { Accept: "application/json" } })).status, 401)
})
