/**
 * The buy-back's offers as a seller meets them, by touch on a phone with JavaScript (docs/buyback.md#bound-to-what-the-seller-saw): an offer replaced while the seller's
 * form was open, refused with the new one shown, everything typed kept; a price revised after the
 * check, which needs the seller's yes again before any payment; an offer refused, asking nothing
 * personal; an item refused on arrival, sent back at the seller's expense and its return
 * recorded. Screenshots under artifacts/buyback/. Only each test's own requests are asserted on.
 * The whole way with two garments and the register: buyback.spec.mjs.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { mkdirSync } from "node:fs"
import path from "node:path"
import { openPage } from "./lib/browser.mjs"
import { acceptOnPhone, assertFitsAndTouchable, makeOffer, ownerOn, receive, sendEstimate, SHOTS, typeSeller } from "./lib/buyback-steps.mjs"
import { LEADS_DIR } from "./lib/leads.mjs"
import { useStudio } from "./lib/studio.mjs"
import { PHONE } from "./lib/studio-gestures.mjs"

// Its studio reads the outbox the served build's form writes to; its register is its own.
const { base } = useStudio("buyback-offers", (studioDir) => ({
  LEADS_DIR,
  REGISTER_DIR: path.join(studioDir, "registre"),
  STOCK_DIR: path.join(studioDir, "stock"),
}))
let browser

test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
  mkdirSync(SHOTS, { recursive: true })
})

test("an offer replaced while the seller's form was open binds nothing; a price revised after the check needs the seller's yes again", async () => {
  const id = await sendEstimate(browser, `rachat-revu-${Date.now()}@exemple.fr`)
  const owner = await ownerOn(browser, base(), id)
  const { page } = owner
  const sellerUrl = await makeOffer(page, ["35,50"])
  const seller = await openPage(browser, PHONE)
  const phone = seller.page
  await phone.goto(sellerUrl)
  await typeSeller(phone)
  await phone.getByLabel("IBAN").fill("FR76 3000 6000 0112 3456 7890 189")

  // Meanwhile the owner replaces the offer: the form still on the phone showed 35,50 €.
  await makeOffer(page, ["30"])
  await phone.getByRole("button", { name: "Confirmer la vente" }).tap()
  await phone.getByText("La proposition a changé : voici la nouvelle.".replace(" :", "\u00a0:"), { exact: false }).waitFor()
  // What changed is struck through beside the new figure.
  assert.match(await phone.locator("main").innerText(), /Total\s:\s35,50\s€\s30\s€/)
  assert.equal(await phone.locator(".total s").innerText(), "35,50\u00a0€")
  assert.equal(await phone.getByLabel("IBAN").inputValue(), "FR76 3000 6000 0112 3456 7890 189", "la saisie est conservée")
  await assertFitsAndTouchable(phone)
  await phone.screenshot({ path: path.join(SHOTS, "10a-seller-offer-changed-390.png"), fullPage: true })
  await page.reload()
  assert.equal(await page.locator("[data-status-badge]").innerText(), "Proposition envoyée", "rien n'est accepté")
  // Having read the new one, the seller confirms it.
  await phone.getByRole("button", { name: "Confirmer la vente" }).tap()
  await phone.getByRole("heading", { name: "Acceptée : envoyez-nous vos articles".replace(" :", "\u00a0:") }).waitFor()

  await page.reload()
  await receive(page, [{ verdict: "revu", amount: "28,00" }])
  // Paying before the seller's new yes is not offered: the step waits for the answer.
  assert.equal(await page.getByRole("button", { name: "Enregistrer le paiement" }).count(), 0)

  // The seller comes back through the link of the e-mail telling of the new price.
  await phone.goto(sellerUrl)
  await phone.getByRole("heading", { name: "Prix revu après vérification" }).waitFor()
  const revised = await phone.locator("main").innerText()
  assert.match(revised, /Une tache au dos/)
  assert.match(revised, /30\s€\s*28\s€/)
  await assertFitsAndTouchable(phone)
  await phone.screenshot({ path: path.join(SHOTS, "10-seller-revised-390.png"), fullPage: true })
  await phone.getByRole("button", { name: "Accepter ce prix" }).tap()
  await phone.getByRole("heading", { name: "Colis reçu" }).waitFor()
  assert.match(await phone.locator("main").innerText(), /paiement de 28\s€/)

  await page.reload()
  assert.equal(await page.getByLabel("Montant payé (€)").inputValue(), "28", "le paiement reprend le prix revu accepté")
  assert.deepEqual(seller.pageErrors, [])
  await seller.close()
  await owner.close()
})

test("an offer refused asks nothing personal; an item refused on arrival goes back at the seller's expense", async () => {
  const stamp = Date.now()
  const [refusedId, rejectedId] = [
    await sendEstimate(browser, `rachat-non-${stamp}@exemple.fr`),
    await sendEstimate(browser, `rachat-refuse-${stamp}@exemple.fr`),
  ]

  // The first offer, refused on the phone: nothing typed, nothing asked.
  const owner = await ownerOn(browser, base(), refusedId)
  const { page } = owner
  const refusing = await openPage(browser, PHONE)
  await refusing.page.goto(await makeOffer(page, ["20"]))
  await refusing.page.getByText("Refuser la proposition").tap()
  await refusing.page.getByRole("button", { name: "Oui, refuser" }).tap()
  await refusing.page.getByRole("heading", { name: "Proposition refusée" }).waitFor()
  assert.match(await refusing.page.locator("main").innerText(), /Rien d'autre ne vous sera demandé/)
  assert.equal(await refusing.page.locator("main input:not([type=hidden]), main textarea, main select").count(), 0, "aucun champ à remplir")
  await page.reload()
  assert.equal(await page.locator("[data-status-badge]").innerText(), "Refusée")
  await refusing.close()

  // The second, accepted, then refused on arrival: the seller chooses its return.
  await page.goto(`${base()}/admin/demandes/${rejectedId}`)
  const sellerUrl = await makeOffer(page, ["30"])
  const seller = await acceptOnPhone(browser, sellerUrl)
  await page.reload()
  await receive(page, [{ verdict: "refuse" }])
  assert.equal(await page.locator("[data-buyback-stage]").innerText(), "Refusé à la réception")
  assert.equal(await page.locator("[data-status-badge]").innerText(), "En cours", "jamais « Refusée », le refus du vendeur")
  await seller.page.goto(sellerUrl)
  await seller.page.getByRole("heading", { name: "Article refusé" }).waitFor()
  await seller.page.getByText("Une tache au dos, non visible sur les photos.").waitFor()
  await seller.page.screenshot({ path: path.join(SHOTS, "10b-seller-refused-choice-390.png"), fullPage: true })
  await seller.page.getByLabel("Retour à mes frais").tap()
  await seller.page.getByRole("button", { name: "Enregistrer mon choix" }).tap()
  await seller.page.getByText(/Votre choix\s:\sRetour à mes frais/).waitFor()
  await assertFitsAndTouchable(seller.page)
  await seller.page.screenshot({ path: path.join(SHOTS, "11-seller-returned-390.png"), fullPage: true })
  await page.reload()
  assert.match(await page.getByText("Articles refusés : choix du vendeur".replace(" :", "\u00a0:")).locator("..").innerText(), /Retour à mes frais/)
  // The parcel sent back, recorded with its tracking number: the seller sees it.
  await page.getByLabel("Numéro de suivi du retour").fill("6A55555")
  await page.getByRole("button", { name: "Retour envoyé" }).click()
  await page.getByText("Retour enregistré.").waitFor()
  await page.screenshot({ path: path.join(SHOTS, "12-owner-returned-1440.png"), fullPage: true })
  await seller.page.reload()
  await seller.page.getByText("6A55555").waitFor()
  assert.deepEqual(seller.pageErrors, [])
  await seller.close()
  await owner.close()
})
