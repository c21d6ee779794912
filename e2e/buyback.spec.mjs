/**
 * The buy-back end to end in a real browser (README, "Buy-back: offer, acceptance, parcel,
 * payment, register"): a request sent through the real form, given a second garment in its
 * lead.json as the multi-garment form writes it; the owner's offer, a price per garment, on its
 * page in the inbox at 1440 × 900; the seller's private page on a phone (390 × 844, by touch)
 * without JavaScript — each garment with its price and the total, a wrong IBAN named beside its
 * field with everything typed kept, then the lot accepted; the owner's reception (one garment
 * « Conforme », the other « Prix revu »), the seller's yes to that price alone, a payment other
 * than the total refused naming it, the total paid by transfer; two register lines, consecutive,
 * and a correction by a new entry; the seller's page with JavaScript showing « Payée » (naming the
 * site's icon, nothing asked in vain), also on a computer and in the dark. Then, by touch on a
 * phone with JavaScript: an offer replaced while the seller's form was open, refused with the new
 * one shown; an offer refused, asking nothing personal; an item refused on arrival, sent back at
 * the seller's expense and its return recorded. Screenshots under artifacts/buyback/. Only each
 * test's own requests are asserted on.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { openPage } from "./lib/browser.mjs"
import { openForm } from "./lib/estimate-form.mjs"
import { LEADS_DIR, readLead } from "./lib/leads.mjs"
import { OWNER, ROOT, useStudio } from "./lib/studio.mjs"

// Its studio reads the outbox the served build's form writes to; its register is its own.
const { base } = useStudio("buyback", (studioDir) => ({ LEADS_DIR, REGISTER_DIR: path.join(studioDir, "registre"), STOCK_DIR: path.join(studioDir, "stock") }))
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
const DESKTOP = { viewport: { width: 1440, height: 900 } }
const SHOTS = path.join(ROOT, "artifacts", "buyback")
let browser

test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
  mkdirSync(SHOTS, { recursive: true })
})

/** A visitor's estimate through the real form; its request number. */
async function sendEstimate(email) {
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

/** The request given a second garment, as the multi-garment estimate form writes lead.json (its `garments`). */
function addSecondGarment(id) {
  const { lead, dir } = readLead(id)
  const garments = [
    {
      brand: "Lacoste",
      category: "Polo",
      condition: "Très bon état",
      description: "Polo Lacoste blanc, taille M",
      photos: lead.photos.map((photo) => photo.file),
    },
    { brand: "Ralph Lauren", category: "Pull", condition: "Bon état", description: "Pull marine\ncol rond", photos: [] },
  ]
  writeFileSync(path.join(dir, "lead.json"), JSON.stringify({ ...lead, garments }, null, 2))
  assert.equal(JSON.parse(readFileSync(path.join(dir, "lead.json"), "utf8")).garments.length, 2)
}

/** Nothing wider than the screen, every control big enough for a finger. */
async function assertFitsAndTouchable(page) {
  // Measured once the stylesheet applies (a page answered to a form may show its text first).
  await page.waitForLoadState("load")
  // Against the screen's width: a phone's browser widens its layout (innerWidth) to fit a page too wide.
  const screen = page.viewportSize().width
  assert.ok(await page.evaluate((width) => document.documentElement.scrollWidth <= width && window.innerWidth <= width, screen), "pas de défilement horizontal")
  const small = await page.evaluate(() =>
    [...document.querySelectorAll("main a, main button, main summary, main input:not([type=hidden]), main select, main label.check")]
      // A box inside its label is reached through the label, which is measured instead.
      .map((element) => (element.matches("label.check input") ? element.closest("label") : element))
      .filter((element) => element.checkVisibility() && element.getBoundingClientRect().height < 44)
      .map((element) => element.outerHTML.slice(0, 80)),
  )
  assert.deepEqual(small, [], "cibles de 44 px au moins")
}

/** The owner, on a computer, signed in on the request's page in the inbox. */
async function ownerOn(id) {
  const owner = await openPage(browser, DESKTOP)
  const { page } = owner
  await page.goto(`${base()}/admin/demandes/${id}`)
  await page.getByLabel("Adresse e-mail").fill(OWNER.email)
  await page.getByLabel("Mot de passe").fill(OWNER.password)
  await page.getByRole("button", { name: "Se connecter" }).click()
  // The login leads to the inbox's list; the request from there.
  await page.getByRole("listitem").filter({ hasText: id }).getByRole("link").click()
  await page.getByRole("heading", { level: 1, name: `Demande n° ${id}` }).waitFor()
  return owner
}

/** « Envoyer la proposition » with one amount per garment on the request's page; the seller's private page. */
async function makeOffer(page, amounts) {
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
async function typeSeller(phone) {
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
async function receive(page, verdicts) {
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

test("two garments: a price each, the lot accepted without JavaScript on a phone, one conforme and one revised, the total paid, two register lines", async () => {
  const id = await sendEstimate(`rachat-${Date.now()}@exemple.fr`)
  addSecondGarment(id)

  // The owner, on a computer.
  const owner = await ownerOn(id)
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

/** The seller on a phone, with JavaScript, by touch: the offer accepted with a valid IBAN. */
async function acceptOnPhone(sellerUrl) {
  const seller = await openPage(browser, PHONE)
  await seller.page.goto(sellerUrl)
  await typeSeller(seller.page)
  await seller.page.getByLabel("IBAN").fill("FR76 3000 6000 0112 3456 7890 189")
  await seller.page.getByRole("button", { name: "Confirmer la vente" }).tap()
  await seller.page.getByRole("heading", { name: "Acceptée : envoyez-nous vos articles".replace(" :", "\u00a0:") }).waitFor()
  return seller
}

test("an offer replaced while the seller's form was open binds nothing; a price revised after the check needs the seller's yes again", async () => {
  const id = await sendEstimate(`rachat-revu-${Date.now()}@exemple.fr`)
  const owner = await ownerOn(id)
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
  assert.match(await phone.locator("main").innerText(), /Total\s:\s30\s€/)
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
  const [refusedId, rejectedId] = [await sendEstimate(`rachat-non-${stamp}@exemple.fr`), await sendEstimate(`rachat-refuse-${stamp}@exemple.fr`)]

  // The first offer, refused on the phone: nothing typed, nothing asked.
  const owner = await ownerOn(refusedId)
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
  const seller = await acceptOnPhone(sellerUrl)
  await page.reload()
  await receive(page, [{ verdict: "refuse" }])
  assert.equal(await page.locator("[data-buyback-stage]").innerText(), "Refusé à la réception")
  assert.equal(await page.locator("[data-status-badge]").innerText(), "En cours", "jamais « Refusée », le refus du vendeur")
  await seller.page.goto(sellerUrl)
  await seller.page.getByRole("heading", { name: "Article refusé" }).waitFor()
  await seller.page.getByText("Une tache au dos, non visible sur les photos.").waitFor()
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
