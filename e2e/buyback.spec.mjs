/**
 * The buy-back end to end in a real browser (docs/buyback.md): a request sent through the real form, given a second garment in its
 * lead.json as the multi-garment form writes it; the owner's offer, a price per garment, on its
 * page in the inbox at 1440 × 900; the seller's private page on a phone (390 × 844, by touch)
 * without JavaScript — each garment with its price and the total, a wrong IBAN named beside its
 * field with everything typed kept, then the lot accepted; the owner's reception (one garment
 * « Conforme », the other « Prix revu »), the seller's yes to that price alone, a payment other
 * than the total refused naming it, the total paid by transfer; two register lines, consecutive,
 * and a correction by a new entry; the seller's page with JavaScript showing « Payée » (naming the
 * site's icon, nothing asked in vain), also on a computer and in the dark. Screenshots under
 * artifacts/buyback/. Only each test's own requests are asserted on. The offers replaced,
 * refused or revised: buyback-offers.spec.mjs; the steps both take: lib/buyback-steps.mjs.
 */

import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { mkdirSync } from "node:fs"
import path from "node:path"
import { openPage } from "./lib/browser.mjs"
import { addSecondGarment, assertFitsAndTouchable, DESKTOP, makeOffer, ownerOn, receive, sendEstimate, SHOTS, typeSeller } from "./lib/buyback-steps.mjs"
import { LEADS_DIR } from "./lib/leads.mjs"
import { useStudio } from "./lib/studio.mjs"
import { PHONE } from "./lib/studio-gestures.mjs"

// Its studio reads the outbox the served build's form writes to; its register is its own.
const { base } = useStudio("buyback", (studioDir) => ({ LEADS_DIR, REGISTER_DIR: path.join(studioDir, "registre"), STOCK_DIR: path.join(studioDir, "stock") }))
let browser

test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
  mkdirSync(SHOTS, { recursive: true })
})

test("two garments: a price each, the lot accepted without JavaScript on a phone, one conforme and one revised, the total paid, two register lines", async () => {
  const id = await sendEstimate(browser, `rachat-${Date.now()}@exemple.fr`)
  addSecondGarment(id)

  // The owner, on a computer.
  const owner = await ownerOn(browser, base(), id)
  const { page } = owner
  const sellerUrl = await makeOffer(page, ["20", "18,50"])
  assert.match(await page.locator("section", { has: page.locator("#rachat") }).innerText(), /Total 38,50\s€/)
  await page.screenshot({ path: path.join(SHOTS, "1-owner-offer-1440.png"), fullPage: true })

  // The seller, on a phone, without JavaScript.
  const seller = await openPage(browser, { ...PHONE, javaScriptEnabled: false })
  const phone = seller.page
  await phone.goto(sellerUrl)
  await phone.getByText("38,50\u00a0€").waitFor()
  assert.match(
    await phone.locator("main").innerText(),
    /Lacoste · Polo · Très bon état\s*20\s€[\s\S]*Ralph Lauren · Pull · Bon état\s*18,50\s€[\s\S]*Total\s:\s38,50\s€/,
  )
  await assertFitsAndTouchable(phone)
  await phone.screenshot({ path: path.join(SHOTS, "2-seller-offer-390.png"), fullPage: true })
  await typeSeller(phone)
  await phone.getByLabel("IBAN").fill("FR76 3000 6000 0112 3456 7890 188")
  await phone.getByRole("button", { name: "Confirmer la vente" }).tap()
  await phone.getByText(/Cet IBAN n'est pas valide/).waitFor()
  assert.equal(await phone.getByLabel("Nom", { exact: true }).inputValue(), "Martin", "la saisie est conservée")
  assert.equal(await phone.getByLabel("Adresse", { exact: true }).inputValue(), "3 rue des Lilas\n69003 Lyon", "l'adresse garde ses lignes")
  assert.equal(await phone.getByLabel("Date de délivrance").inputValue(), "2021-03-02")
  assert.equal(await phone.getByLabel(/J'atteste être propriétaire/).isChecked(), true)
  await assertFitsAndTouchable(phone)
  await phone.screenshot({ path: path.join(SHOTS, "3-seller-iban-refused-390.png"), fullPage: true })
  await phone.getByLabel("IBAN").fill("FR76 3000 6000 0112 3456 7890 189")
  await phone.getByRole("button", { name: "Confirmer la vente" }).tap()
  await phone.getByText("Vente confirmée. Merci ! Voici comment nous envoyer vos articles.".replace(" !", "\u00a0!")).waitFor()
  await phone.getByRole("heading", { name: "Acceptée : envoyez-nous vos articles".replace(" :", "\u00a0:") }).waitFor()
  await phone.getByLabel(/Numéro de suivi du colis/).fill("6A12345678901")
  await phone.getByRole("button", { name: "Ajouter le numéro de suivi" }).tap()
  await phone.getByText("Numéro de suivi enregistré.").waitFor()
  await assertFitsAndTouchable(phone)
  await phone.screenshot({ path: path.join(SHOTS, "4-seller-accepted-390.png"), fullPage: true })

  // The owner: the polo as offered, the jumper at a revised price.
  await page.reload()
  await page.getByText("6A12345678901").waitFor()
  // On a computer the reception takes half the page, each garment's photos in its own fieldset.
  const reception = page.locator('form[action$="/reception"]')
  assert.ok((await reception.boundingBox()).width > 480, `formulaire de réception de ${(await reception.boundingBox()).width} px`)
  assert.equal(await reception.locator("fieldset.garment").first().getByRole("img").count(), 1, "la photo de l'article 1 dans son cadre")
  await reception.scrollIntoViewIfNeeded()
  await page.screenshot({ path: path.join(SHOTS, "4c-owner-reception-1440.png") })
  await receive(page, [{ verdict: "conforme" }, { verdict: "revu", amount: "15" }])
  await page.getByText("Prix revu envoyé : en attente de la réponse du vendeur, article par article.".replace(" :", "\u00a0:")).waitFor()
  assert.equal(await page.getByRole("button", { name: "Enregistrer le paiement" }).count(), 0, "rien à payer avant la réponse du vendeur")

  // The seller says yes to that price only, still without JavaScript.
  await phone.goto(sellerUrl)
  await phone.getByRole("heading", { name: "Prix revu après vérification" }).waitFor()
  assert.equal(await phone.getByRole("button", { name: "Accepter ce prix" }).count(), 1, "un seul article au prix revu")
  await assertFitsAndTouchable(phone)
  await phone.screenshot({ path: path.join(SHOTS, "4b-seller-revised-390.png"), fullPage: true })
  await phone.getByRole("button", { name: "Accepter ce prix" }).tap()
  await phone.getByRole("heading", { name: "Colis reçu" }).waitFor()
  assert.match(await phone.locator("main").innerText(), /paiement de 35\s€/)
  assert.deepEqual(seller.pageErrors, [])

  // The payment: anything but the total of the garments kept is refused, naming it.
  await page.reload()
  await page.getByText("FR76 3000 6000 0112 3456 7890 189").waitFor()
  assert.equal(await page.getByLabel("Montant payé (€)").inputValue(), "35", "le total des articles gardés, déjà rempli")
  await page.getByLabel("Montant payé (€)").fill("385")
  await page.getByRole("button", { name: "Enregistrer le paiement" }).click()
  await page.getByText("Le montant payé doit être le total des articles gardés : 35 €.".replace(" :", "\u00a0:").replace(" €", "\u00a0€")).waitFor()
  assert.equal(await page.getByLabel("Montant payé (€)").inputValue(), "385")
  await page.getByLabel("Montant payé (€)").fill("35")
  await page.getByLabel("Virement").check()
  await page.getByRole("button", { name: "Enregistrer le paiement" }).click()
  await page.getByText("Paiement enregistré et inscrit au registre.").waitFor()
  assert.equal(await page.locator("[data-status-badge]").innerText(), "Payée")
  await page.screenshot({ path: path.join(SHOTS, "5-owner-paid-1440.png"), fullPage: true })
  const links = page.locator("section", { has: page.locator("#rachat") }).getByRole("link", { name: /^n° \d+$/ })
  assert.equal(await links.count(), 2, "une entrée par article gardé")
  const [first, second] = (await links.allInnerTexts()).map((text) => Number(/\d+/.exec(text)[0]))
  assert.equal(second, first + 1, "numéros consécutifs")
  await links.first().click()
  const entry = page.locator(`#n${first}`)
  await entry.waitFor()
  assert.match(
    await entry.innerText(),
    /Martin Claire[\s\S]*particulier[\s\S]*3 rue des Lilas\n69003 Lyon[\s\S]*X4RTBPFW4[\s\S]*Polo · Lacoste · taille M · Blanc[\s\S]*petit accroc au col[\s\S]*20\s€/,
  )
  assert.match(await page.locator(`#n${second}`).innerText(), /Pull · Ralph Lauren · taille M · Marine[\s\S]*achat à un particulier, demande n°[\s\S]*15/)
  await page.screenshot({ path: path.join(SHOTS, "6-register-1440.png"), fullPage: true })

  // A mistake noticed later: « Rectifier » writes a new entry naming this one, which stays as written.
  const number = second
  const original = page.locator(`#n${number}`)
  await original.getByRole("link", { name: "Rectifier" }).click()
  await page.getByRole("heading", { name: `Rectifier l'entrée n° ${number}` }).waitFor()
  assert.equal(await page.getByLabel("Numéro de la pièce").inputValue(), "X4RTBPFW4", "le formulaire reprend l'entrée")
  await page.getByLabel("Numéro de la pièce").fill("X4RTBPFW5")
  await page.getByRole("button", { name: "Inscrire la rectification" }).click()
  await page.getByText(/Dites ce qui est corrigé et pourquoi/).waitFor()
  assert.equal(await page.getByLabel("Numéro de la pièce").inputValue(), "X4RTBPFW5", "la saisie est conservée")
  await page.getByLabel("Ce qui est corrigé, et pourquoi").fill("Numéro de pièce mal recopié")
  await page.getByRole("button", { name: "Inscrire la rectification" }).click()
  await page.getByText(/^Rectification inscrite/).waitFor()
  const fix = page.locator(`#n${number + 1}`)
  assert.match(await fix.innerText(), new RegExp(`rectifie le n° ${number}\\s: Numéro de pièce mal recopié[\\s\\S]*X4RTBPFW5`))
  assert.match(await original.innerText(), /X4RTBPFW4/)
  assert.match(await original.innerText(), new RegExp(`rectifiée par le n° ${number + 1}`))
  await page.getByText(new RegExp(`^Registre intact\\s: ${number + 1} entrées`)).waitFor()
  await page.screenshot({ path: path.join(SHOTS, "6b-register-corrected-1440.png"), fullPage: true })
  await page.emulateMedia({ media: "print" })
  assert.equal(await page.locator("header.bar").isVisible(), false, "l'impression ne montre que le registre")
  await page.screenshot({ path: path.join(SHOTS, "7-register-print.png"), fullPage: true })
  // The two garments bought are in « Stock » at once, at the prices paid, a register line's correction
  // folded in (two items, not three): nothing typed again (issue 47).
  await page.emulateMedia({ media: "screen" })
  await page.goto(`${base()}/admin/stock/`)
  await page.getByText(/^2 articles en stock ou en vente, pour un coût total de 35,00\s€/).waitFor()
  await owner.close()
  await seller.close()

  // The seller again, on the phone with JavaScript: « Payée ».
  const later = await openPage(browser, PHONE)
  // Nothing asked in vain: the page names the site's icon, which answers, so a browser asks for no /favicon.ico (a 404 on every visit).
  const failed = []
  later.page.on("response", (response) => response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`))
  await later.page.goto(sellerUrl)
  await later.page.getByRole("heading", { name: "Payée" }).waitFor()
  const icon = await later.page.evaluate(() => document.querySelector('link[rel~="icon"]')?.href ?? null)
  assert.ok(icon, "la page nomme l'icône du site")
  assert.equal((await later.page.request.get(icon)).status(), 200, "l'icône du site")
  assert.deepEqual(failed, [], "aucune adresse demandée en vain")
  assert.match(await later.page.locator("main").innerText(), /35\s€ payés le .+ par virement sur FR76 •••• 0189/)
  await assertFitsAndTouchable(later.page)
  await later.page.screenshot({ path: path.join(SHOTS, "8-seller-paid-390.png"), fullPage: true })
  assert.deepEqual(later.pageErrors, [])
  await later.close()
  // The same page on a computer and in the dark: it fits too.
  for (const [name, options] of [
    ["1440-dark", { ...DESKTOP, colorScheme: "dark" }],
    ["390-dark", { ...PHONE, colorScheme: "dark" }],
  ]) {
    const other = await openPage(browser, options)
    await other.page.goto(sellerUrl)
    await other.page.getByRole("heading", { name: "Payée" }).waitFor()
    await assertFitsAndTouchable(other.page)
    await other.page.screenshot({ path: path.join(SHOTS, `9-seller-paid-${name}.png`), fullPage: true })
    await other.close()
  }
})
