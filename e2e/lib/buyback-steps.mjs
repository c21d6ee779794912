/**
 * The buy-back's steps as the browser specs take them (buyback.spec.mjs, buyback-offers.spec.mjs):
 * a visitor's estimate through the real form, the owner's offer and reception on the request's
 * page in the inbox, the seller's acceptance on a phone, and the check every seller's page passes
 * (nothing wider than the screen, every control big enough for a finger).
 */
import assert from "node:assert/strict"
import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { openPage } from "./browser.mjs"
import { openForm } from "./estimate-form.mjs"
import { readLead } from "./leads.mjs"
import { OWNER, ROOT } from "./studio.mjs"
import { PHONE } from "./studio-gestures.mjs"
import { assertFitsAndTouchable as assertPageFitsAndTouchable, MAIN_CONTROLS } from "./touch-targets.mjs"

/** The owner's computer. */
export const DESKTOP = { viewport: { width: 1440, height: 900 } }
/** Where the specs' screenshots go. */
export const SHOTS = path.join(ROOT, "artifacts", "buyback")

/** A visitor's estimate through the real form; its request number. */
export async function sendEstimate(browser, email) {
  const { close, email: field, description, photos, previews, region } = await openForm(browser)
  await field.fill(email)
  await description.fill("Polo Lacoste blanc, taille M")
  await photos.setInputFiles(path.join(ROOT, "content/images/items/01-lacoste-polo-blanc.jpg"))
  await previews.first().waitFor()
  await region.page().getByRole("button", { name: "Demander une estimation" }).click()
  await region.getByText("Demande envoyée avec succès !").waitFor({ timeout: 30_000 })
  const id = /Numéro de demande\s:\s(\S+)/.exec(await region.getByRole("listitem").innerText())?.[1]
  await close()
  assert.ok(id && readLead(id), `la demande ${id} est dans la boîte d'envoi`)
  return id
}

/** The request given more garments after the form's polo (with its photo), as the multi-garment estimate form writes lead.json (its `garments`). */
export function giveGarments(id, more) {
  const { lead, dir } = readLead(id)
  const polo = {
    brand: "Lacoste",
    category: "Polo",
    condition: "Très bon état",
    description: "Polo Lacoste blanc, taille M",
    photos: lead.photos.map((photo) => photo.file),
  }
  writeFileSync(path.join(dir, "lead.json"), JSON.stringify({ ...lead, garments: [polo, ...more] }, null, 2))
  assert.equal(JSON.parse(readFileSync(path.join(dir, "lead.json"), "utf8")).garments.length, more.length + 1)
}

/** The request given a second garment, a jumper. */
export const addSecondGarment = (id) =>
  giveGarments(id, [{ brand: "Ralph Lauren", category: "Pull", condition: "Bon état", description: "Pull marine\ncol rond", photos: [] }])

/**
 * Nothing wider than the screen, every control big enough for a finger (./touch-targets.mjs), the
 * seller's form's boxes included: a box inside its label is reached through the label, measured instead.
 */
export const assertFitsAndTouchable = (page) =>
  assertPageFitsAndTouchable(page, { controls: `${MAIN_CONTROLS}, main label.check`, reachedThrough: { "label.check input": "label" } })

/** The owner, on a computer, signed in on the request's page in the inbox. */
export async function ownerOn(browser, base, id) {
  const owner = await openPage(browser, DESKTOP)
  const { page } = owner
  await page.goto(`${base}/admin/demandes/${id}`)
  await page.getByLabel("Adresse e-mail").fill(OWNER.email)
  await page.getByLabel("Mot de passe").fill(OWNER.password)
  await page.getByRole("button", { name: "Se connecter" }).click()
  // The login leads to the inbox's list; the request from there.
  await page.getByRole("listitem").filter({ hasText: id }).getByRole("link").click()
  await page.getByRole("heading", { level: 1, name: `Demande n° ${id}` }).waitFor()
  return owner
}

/** « Envoyer la proposition » with one amount per garment on the request's page; the seller's private page. */
export async function makeOffer(page, amounts) {
  for (const [index, amount] of amounts.entries()) await page.locator(`#proposition-montant_${index}`).fill(amount)
  await page.getByLabel("Message au vendeur").fill("Très bel état, merci !")
  await page.getByRole("button", { name: "Envoyer la proposition" }).click()
  await page.getByText("Proposition enregistrée : le vendeur la voit sur sa page.".replace(" :", "\u00a0:")).waitFor()
  assert.equal(await page.locator("[data-status-badge]").innerText(), "Proposition envoyée")
  const sellerUrl = await page.getByLabel("Page privée du vendeur").inputValue()
  assert.match(sellerUrl, /\/suivi\/[0-9a-f]{32}\/$/)
  return sellerUrl
}

/** The register's fields of « Accepter la proposition », typed on the phone (the IBAN apart). */
export async function typeSeller(phone) {
  await phone.getByText("Accepter la proposition").tap()
  await phone.getByLabel("Nom", { exact: true }).fill("Martin")
  await phone.getByLabel("Prénom").fill("Claire")
  await phone.getByLabel("Adresse", { exact: true }).fill("3 rue des Lilas\n69003 Lyon")
  await phone.getByLabel("Type de pièce d'identité").selectOption("cni")
  await phone.getByLabel("Numéro de la pièce").fill("X4RTBPFW4")
  await phone.getByLabel("Date de délivrance").fill("2021-03-02")
  await phone.getByLabel("Délivrée par").fill("Préfecture du Rhône")
  await phone.getByLabel(/J'atteste être propriétaire/).tap()
}

/** « Réception du colis »: for each garment its verdict (« conforme », « revu » with a new amount, « refuse ») and its description as received. */
export async function receive(page, verdicts) {
  for (const [index, { verdict, amount }] of verdicts.entries()) {
    await page.locator(`input[name="verdict_${index}"][value="${verdict}"]`).check()
    if (amount) await page.locator(`#reception-montant_${index}`).fill(amount)
    await page.locator(`#reception-nature_${index}`).fill(index === 0 ? "Polo" : "Pull")
    await page.locator(`#reception-marque_${index}`).fill(index === 0 ? "Lacoste" : "Ralph Lauren")
    await page.locator(`#reception-taille_${index}`).fill("M")
    await page.locator(`#reception-couleur_${index}`).fill(index === 0 ? "Blanc" : "Marine")
    await page.locator(`#reception-signes_${index}`).fill(index === 0 ? "Étiquette intérieure\npetit accroc au col" : "Col rond, étiquette coupée")
  }
  if (verdicts.some(({ verdict }) => verdict !== "conforme")) await page.getByLabel(/Message au vendeur/).fill("Une tache au dos, non visible sur les photos.")
  await page.getByRole("button", { name: "Enregistrer la réception" }).click()
  await page.getByText("Réception enregistrée.").waitFor()
}

/** The seller on a phone, with JavaScript, by touch: the offer accepted with a valid IBAN. */
export async function acceptOnPhone(browser, sellerUrl) {
  const seller = await openPage(browser, PHONE)
  await seller.page.goto(sellerUrl)
  await typeSeller(seller.page)
  await seller.page.getByLabel("IBAN").fill("FR76 3000 6000 0112 3456 7890 189")
  await seller.page.getByRole("button", { name: "Confirmer la vente" }).tap()
  await seller.page.getByRole("heading", { name: "Acceptée : envoyez-nous vos articles".replace(" :", "\u00a0:") }).waitFor()
  return seller
}
