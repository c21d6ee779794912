/**
 * The whole trade walked again as the seller and the owner meet it (issue 60), once with the owner
 * on a phone by touch (390 × 844) and once on a computer (1440 × 900), the seller always on a
 * phone by touch: three garments, an offer replaced while the seller reads it (the old prices
 * struck through), the lot accepted with the return-or-donation choice made before the parcel
 * leaves, the reception with one garment « Conforme », one « Prix revu » and one « Refusé »
 * beside its photos, the revised price accepted, the owner's session ended in another tab while
 * the payment is typed (the form kept through the login and sent with one tap), the postage
 * refunded as its own line, the return sent. Screenshots under artifacts/buyback/walk-*.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { mkdirSync } from "node:fs"
import path from "node:path"
import { openPage } from "./lib/browser.mjs"
import { acceptOnPhone, assertFitsAndTouchable, DESKTOP, giveGarments, sendEstimate, SHOTS } from "./lib/buyback-steps.mjs"
import { LEADS_DIR } from "./lib/leads.mjs"
import { OWNER, useStudio } from "./lib/studio.mjs"
import { PHONE } from "./lib/studio-gestures.mjs"

const { base } = useStudio("buyback-walk", (studioDir) => ({
  LEADS_DIR,
  REGISTER_DIR: path.join(studioDir, "registre"),
  STOCK_DIR: path.join(studioDir, "stock"),
}))
let browser

test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
  mkdirSync(SHOTS, { recursive: true })
})

/** « Typographie » of the pages: a space before « : » is a no-break one. */
const french = (text) => text.replace(/ ([:;!?])/g, "\u00a0$1")

for (const [device, ownerOptions] of [
  ["390", PHONE],
  ["1440", DESKTOP],
]) {
  test(`the walk with the owner at ${device} px: three garments, one revised, one refused, the postage refunded, a session ended mid-form`, async () => {
    const touch = Boolean(ownerOptions.hasTouch)
    const press = (locator) => (touch ? locator.tap() : locator.click())
    const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `walk-${device}-${name}.png`), fullPage: true })

    const id = await sendEstimate(browser, `marche-${device}-${Date.now()}@exemple.fr`)
    giveGarments(id, [
      { brand: "Ralph Lauren", category: "Pull", condition: "Bon état", description: "Pull marine\ncol rond", photos: [] },
      { brand: "Tommy Hilfiger", category: "Chemise", condition: "Bon état", description: "Chemise à rayures", photos: [] },
    ])
    const owner = await openPage(browser, ownerOptions)
    const { page } = owner
    await page.goto(`${base()}/admin/demandes/${id}`)
    await page.getByLabel("Adresse e-mail").fill(OWNER.email)
    await page.getByLabel("Mot de passe").fill(OWNER.password)
    await press(page.getByRole("button", { name: "Se connecter" }))
    await press(page.getByRole("listitem").filter({ hasText: id }).getByRole("link"))
    await page.getByRole("heading", { level: 1, name: `Demande n° ${id}` }).waitFor()

    const offer = async (amounts) => {
      for (const [index, amount] of amounts.entries()) await page.locator(`#proposition-montant_${index}`).fill(amount)
      await press(page.getByRole("button", { name: "Envoyer la proposition" }))
      await page.getByText(french("Proposition enregistrée : le vendeur la voit sur sa page.")).waitFor()
    }
    await offer(["20", "15", "12"])
    const sellerUrl = await page.getByLabel("Page privée du vendeur").inputValue()

    // The seller reads the offer while the owner replaces it: the new prices, the old struck through.
    const reading = await openPage(browser, PHONE)
    await reading.page.goto(sellerUrl)
    await reading.page.getByRole("heading", { name: "Notre proposition" }).waitFor()
    await offer(["22", "15", "12"])
    await reading.page.reload()
    assert.equal(await reading.page.locator(".garments s").innerText(), "20\u00a0€", "l'ancien prix du polo, barré")
    assert.match(await reading.page.locator(".total").innerText(), /47\s€\s49\s€/)
    await shot(reading.page, "1-seller-offer-replaced")
    await reading.close()

    const seller = await acceptOnPhone(browser, sellerUrl)
    const phone = seller.page
    // Before the parcel leaves: what becomes of a garment refused, and the choice made at once.
    await phone.getByText("Si un article est refusé à la vérification, que devient-il".concat("\u00a0?")).waitFor()
    await phone.getByText("Retour à mes frais").tap()
    await phone.getByRole("button", { name: "Enregistrer mon choix" }).tap()
    await phone.getByText("Votre choix est enregistré.").waitFor()
    await phone.getByLabel(/Numéro de suivi du colis/).fill("6A12345678901")
    await phone.getByRole("button", { name: "Ajouter le numéro de suivi" }).tap()
    await phone.getByText("Numéro de suivi enregistré.").waitFor()
    await assertFitsAndTouchable(phone)
    await shot(phone, "2-seller-accepted")

    // The reception, each garment beside its photos.
    await page.reload()
    const reception = page.locator('form[action$="/reception"]')
    assert.equal(await reception.locator("fieldset.garment").first().getByRole("img").count(), 1)
    const verdicts = [{ verdict: "conforme" }, { verdict: "revu", amount: "10" }, { verdict: "refuse" }]
    for (const [index, { verdict, amount }] of verdicts.entries()) {
      await press(reception.locator(`label:has(input[name="verdict_${index}"][value="${verdict}"])`))
      if (amount) await page.locator(`#reception-montant_${index}`).fill(amount)
      if (verdict === "refuse") continue
      await page.locator(`#reception-taille_${index}`).fill("M")
      await page.locator(`#reception-couleur_${index}`).fill(index === 0 ? "Blanc" : "Marine")
      await page.locator(`#reception-signes_${index}`).fill(index === 0 ? "Étiquette intérieure" : "Col rond")
    }
    await page.getByLabel(/Message au vendeur/).fill("Le pull est plus usé que sur les photos ; la chemise n'est pas une Tommy Hilfiger.")
    await shot(page, "3-owner-reception")
    await press(page.getByRole("button", { name: "Enregistrer la réception" }))
    await page.getByText("Réception enregistrée.").waitFor()

    // The seller sees the whole lot and says yes to the revised price.
    await phone.reload()
    const lot = await phone.locator("main").innerText()
    assert.match(lot, /Lacoste · Polo[\s\S]*22\s€[\s\S]*Ralph Lauren · Pull[\s\S]*15\s€\s10\s€[\s\S]*Tommy Hilfiger · Chemise[\s\S]*refusé à la vérification/)
    assert.match(lot, /Votre choix\s:\sRetour à mes frais/)
    await shot(phone, "4-seller-revised")
    await phone.getByRole("button", { name: "Accepter ce prix" }).tap()
    await phone.getByRole("heading", { name: "Colis reçu" }).waitFor()

    // The owner types the payment while the session ends in another tab.
    await page.reload()
    await page.getByLabel("Frais d'envoi remboursés (€)").fill("6,40")
    await page.getByLabel("Montant payé (€)").fill("38,40")
    await press(page.getByLabel("Virement"))
    const other = await owner.context.newPage()
    await other.goto(`${base()}/admin/demandes/`)
    await other.getByRole("button", { name: "Se déconnecter" }).click()
    await other.close()
    await press(page.getByRole("button", { name: "Enregistrer le paiement" }))
    await page.getByText(french("Votre session a pris fin : reconnectez-vous."), { exact: false }).waitFor()
    await page.getByLabel("Adresse e-mail").fill(OWNER.email)
    await page.getByLabel("Mot de passe").fill(OWNER.password)
    await press(page.getByRole("button", { name: "Se connecter" }))
    await page.getByRole("heading", { name: "Vous êtes reconnecté" }).waitFor()
    await shot(page, "5-owner-kept-form")
    await press(page.getByRole("button", { name: "Envoyer ma saisie" }))
    await page.getByText("Paiement enregistré et inscrit au registre.").waitFor()
    assert.equal(await page.locator("[data-status-badge]").innerText(), "Payée")
    const numbers = page.locator("section", { has: page.locator("#rachat") }).getByRole("link", { name: /^n° \d+$/ })
    assert.equal(await numbers.count(), 2, "une ligne de registre par article gardé, aucune pour le port")

    // The return sent; the seller's page says it all.
    await page.getByLabel("Numéro de suivi du retour").fill("6A55555")
    await press(page.getByRole("button", { name: "Retour envoyé" }))
    await page.getByText("Retour enregistré.").waitFor()
    await shot(page, "6-owner-paid")
    await phone.reload()
    const paid = await phone.locator("main").innerText()
    assert.match(paid, /38,40\s€ \(dont 6,40\s€ de frais d'envoi remboursés\) payés le/)
    assert.match(paid, /Articles achetés[\s\S]*Lacoste · Polo[\s\S]*22\s€[\s\S]*Ralph Lauren · Pull[\s\S]*10\s€/)
    assert.match(paid, /6A55555/)
    await assertFitsAndTouchable(phone)
    await shot(phone, "7-seller-paid")
    assert.deepEqual(seller.pageErrors, [])
    assert.deepEqual(owner.pageErrors, [])
    await seller.close()
    await owner.close()
  })
}
