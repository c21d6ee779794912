/**
 * The register's page in a real browser (/admin/registre/, src/server/inbox/register-page.ts), on
 * a phone (390 × 844, by touch) and a computer (1440 × 900): the search by name narrows the rows
 * and the print view, CSV and labels follow it; « Imprimer les étiquettes » shows one label per
 * entry with its barcode, in the A4 and roll layouts; « Consultations du registre » lists each view
 * with the owner's e-mail. Nothing wider than the screen but the register's own table. Screenshots
 * under artifacts/register/ (or REGISTER_SHOTS).
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { mkdirSync } from "node:fs"
import path from "node:path"
import { printPages } from "./lib/print.mjs"
import { seedRegister } from "./lib/register-seed.mjs"
import { OWNER, ROOT, useStudio } from "./lib/studio.mjs"
import { PHONE } from "./lib/studio-gestures.mjs"

/** Three purchases: two from a Martin, one from a Lefèvre. */
const PURCHASES = [
  { request: "20261120-0900-AAAAAA", seller: { surname: "Martin", first_names: "Claire", id_number: "X4RTBPFW4", address: "3 rue des Lilas\n69003 Lyon" } },
  {
    request: "20261122-0900-BBBBBB",
    seller: { surname: "Lefèvre", first_names: "Paul", id_number: "09AB12345", address: "12, rue de l'Église\nAppartement 3B\n69002 Lyon" },
  },
  { request: "20261125-0900-CCCCCC", seller: { surname: "Martin", first_names: "Luc", id_number: "Z9Z9Z9Z9", address: "1 place Bellecour\n69002 Lyon" } },
]

const { openAdmin } = useStudio("register", (studioDir) => {
  const dir = path.join(studioDir, "registre")
  seedRegister(dir, PURCHASES)
  return { REGISTER_DIR: dir }
})

const SHOTS = process.env.REGISTER_SHOTS ?? path.join(ROOT, "artifacts", "register")
const DESKTOP = { viewport: { width: 1440, height: 900 } }

/** The order numbers of the rows shown. */
const rows = (page) => page.locator("table.register tbody tr").evaluateAll((lines) => lines.map((line) => Number(line.id.slice(1))))

/** Nothing but the register's own table wider than the screen. */
async function fitsScreen(page, what) {
  const width = page.viewportSize().width
  assert.ok(await page.evaluate((screen) => document.documentElement.scrollWidth <= screen, width), `${what} : pas de défilement horizontal`)
}

for (const [device, options] of [
  ["390", PHONE],
  ["1440", DESKTOP],
]) {
  test(`at ${device} px: search, labels of the search and the consultations' log`, async () => {
    mkdirSync(SHOTS, { recursive: true })
    const touch = Boolean(options.hasTouch)
    const press = (locator) => (touch ? locator.tap() : locator.click())
    const { page, context, pageErrors } = await openAdmin("registre/", options)
    await page.getByRole("heading", { level: 1, name: "Registre des achats" }).waitFor()
    assert.deepEqual(await rows(page), [1, 2, 3])
    assert.match(await page.locator("#n2").innerText(), /12, rue de l'Église\nAppartement 3B\n69002 Lyon/)

    const search = page.getByLabel("Nom, n° d'ordre ou n° de pièce d'identité")
    await press(search)
    await search.fill("martin")
    await press(page.getByRole("button", { name: "Rechercher" }))
    await page.getByText(/2 entrées sur 3/).waitFor()
    assert.deepEqual(await rows(page), [1, 3])
    await fitsScreen(page, "registre filtré")
    await page.screenshot({ path: path.join(SHOTS, `registre-recherche-${device}.png`), fullPage: true })

    await press(page.getByRole("link", { name: "Vue d'impression" }))
    await page.getByText(/recherche «\smartin\s»/).waitFor()
    assert.deepEqual(await rows(page), [1, 3])
    await page.goBack()

    await press(page.getByRole("link", { name: "Imprimer les étiquettes" }))
    await page.getByRole("heading", { level: 1, name: "Étiquettes du registre" }).waitFor()
    assert.equal(await page.locator("li.label").count(), 2)
    assert.equal(await page.locator("li.label svg.barcode").count(), 2)
    assert.deepEqual(await page.locator(".label-number").allInnerTexts(), ["N° 1", "N° 3"])
    await fitsScreen(page, "étiquettes")
    await page.screenshot({ path: path.join(SHOTS, `etiquettes-${device}.png`), fullPage: true })
    await press(page.getByText("Rouleau 62 mm"))
    await press(page.getByRole("button", { name: "Afficher ce format" }))
    await page.locator("ul.labels-rouleau").waitFor()
    await page.emulateMedia({ media: "print" })
    assert.equal(await page.locator("header").isVisible(), false, "l'impression ne montre que les étiquettes")
    const label = await page.locator("li.label").first().boundingBox()
    // 62 mm at 96 px per inch: 234 px wide.
    assert.ok(Math.abs(label.width - 234) < 3, `une étiquette du rouleau fait 62 mm de large (${label.width} px)`)
    await page.screenshot({ path: path.join(SHOTS, `etiquettes-rouleau-impression-${device}.png`), fullPage: true })
    // Printed as the browser prints it, at the stylesheet's page size: one 62 × 40 mm page per
    // label, no blank page between them, no page of another size after them.
    assert.deepEqual(await printPages(page), ["62 × 40 mm", "62 × 40 mm"])
    await press(page.getByText("Planche A4 (70 × 37 mm)"))
    await press(page.getByRole("button", { name: "Afficher ce format" }))
    await page.locator("ul.labels-a4").waitFor()
    assert.deepEqual(await printPages(page), ["210 × 297 mm"])

    await press(page.getByRole("link", { name: "Retour au registre" }))
    await press(page.getByRole("link", { name: "Consultations du registre" }))
    await page.getByRole("heading", { level: 1, name: "Consultations du registre" }).waitFor()
    const log = await page.locator("table.register tbody").innerText()
    assert.match(log, new RegExp(`${OWNER.email}\\s+Étiquettes\\s+n°\\s1, 3`))
    assert.match(log, new RegExp(`${OWNER.email}\\s+Vue d'impression\\s+recherche\\s«\\smartin\\s»\\s:\\sn°\\s1, 3`))
    assert.match(log, new RegExp(`${OWNER.email}\\s+Page du registre\\s+recherche\\s«\\smartin\\s»\\s:\\sn°\\s1, 3`))
    await fitsScreen(page, "consultations")
    await page.screenshot({ path: path.join(SHOTS, `consultations-${device}.png`), fullPage: true })
    assert.deepEqual(pageErrors, [])
    await context.close()
  })
}
