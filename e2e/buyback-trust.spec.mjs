/**
 * A stranger trusts the shop (issue 48), end to end in a real browser: a seller on a phone
 * (390 × 844, by touch) sends an estimate, and the success toast leaves « Ouvrir ma page de suivi »
 * uncovered; then, without JavaScript on the seller's page, sees who the shop is, asks to refuse,
 * goes back (« Non, revenir »), refuses, takes the refusal back, accepts, reads where and how to
 * send the parcel, who pays the postage and when the shop pays; the owner (1440 × 900) finds the
 * request by its number, copies the IBAN, pays; the seller sees the timeline ticked, « Payée »
 * without « dans le colis », and the « Bordereau de rachat », light and dark, and printed.
 * Screenshots under artifacts/buyback-trust/. Only this test's own request is asserted on.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { mkdirSync } from "node:fs"
import path from "node:path"
import { gotoHome, openPage } from "./lib/browser.mjs"
import { printPages } from "./lib/print.mjs"
import { LEADS_DIR, readLead } from "./lib/leads.mjs"
import { OWNER, ROOT, useStudio } from "./lib/studio.mjs"
import { assertFitsAndTouchable } from "./lib/touch-targets.mjs"

const { base } = useStudio("buyback-trust", (studioDir) => ({ LEADS_DIR, REGISTER_DIR: path.join(studioDir, "registre") }))
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
const DESKTOP = { viewport: { width: 1440, height: 900 } }
const SHOTS = path.join(ROOT, "artifacts", "buyback-trust")
const nbsp = (text) => text.replace(/ ([:;!?»])/g, "\u00a0$1").replace(/« /g, "«\u00a0")
let browser

test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
  mkdirSync(SHOTS, { recursive: true })
})

/** Nothing wider than the screen, every control of the page big enough for a finger, the shop's links in the footer too. */
const fitsAndTouchable = (page) => assertFitsAndTouchable(page, { controls: "main a, main button, main summary, main input:not([type=hidden]), footer a" })

test("a seller on a phone, from the estimate to the receipt, trusts the shop", async () => {
  test.setTimeout(240_000)
  const email = `confiance-${Date.now()}@exemple.fr`

  // The estimate, on the phone with JavaScript: the toast never covers « Ouvrir ma page de suivi ».
  const visitor = await openPage(browser, PHONE)
  await gotoHome(visitor.page)
  const form = visitor.page.getByRole("form", { name: "Demande d'estimation" })
  await form.scrollIntoViewIfNeeded()
  await form.getByRole("textbox", { name: "Votre email" }).fill(email)
  await form.getByLabel("Photos de l'article (4 maximum)").setInputFiles(path.join(ROOT, "content/images/items/01-lacoste-polo-blanc.jpg"))
  await form
    .getByRole("img", { name: /^Photo \d/ })
    .first()
    .waitFor()
  await visitor.page.getByRole("button", { name: "Demander une estimation" }).tap()
  const toast = visitor.page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem")
  await toast.waitFor({ timeout: 30_000 })
  const pageLink = visitor.page.getByRole("link", { name: "Ouvrir ma page de suivi" })
  await pageLink.waitFor()
  const uncovered = await pageLink.evaluate((link) => {
    const box = link.getBoundingClientRect()
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return hit !== null && link.contains(hit)
  })
  assert.ok(uncovered, "le toast ne couvre pas « Ouvrir ma page de suivi »")
  await visitor.page.screenshot({ path: path.join(SHOTS, "1-sent-toast-390.png") })
  const id = /Numéro de demande\s:\s(\S+)/.exec(await toast.innerText())?.[1]
  assert.ok(id && readLead(id), `la demande ${id} est enregistrée`)
  assert.deepEqual(visitor.pageErrors, [])
  await visitor.close()

  // The owner's offer, on a computer.
  const owner = await openPage(browser, DESKTOP)
  const desk = owner.page
  await desk.goto(`${base()}/admin/demandes/`)
  await desk.getByLabel("Adresse e-mail").fill(OWNER.email)
  await desk.getByLabel("Mot de passe").fill(OWNER.password)
  await desk.getByRole("button", { name: "Se connecter" }).click()
  await desk.getByLabel("Rechercher une demande").fill(id)
  await desk.getByRole("button", { name: "Rechercher" }).click()
  await desk.getByRole("listitem").filter({ hasText: id }).getByRole("link").click()
  await desk.getByLabel("Montant proposé (€)").fill("35,50")
  await desk.getByRole("button", { name: "Envoyer la proposition" }).click()
  await desk.getByText(nbsp("Proposition enregistrée : le vendeur la voit sur sa page.")).waitFor()
  const sellerUrl = await desk.getByLabel("Page privée du vendeur").inputValue()

  // The seller, on the phone, without JavaScript.
  const seller = await openPage(browser, { ...PHONE, javaScriptEnabled: false })
  const phone = seller.page
  await phone.goto(sellerUrl)
  await phone.getByRole("heading", { name: "Qui vous achète vos articles" }).waitFor()
  const footer = await phone.locator("footer.shop").innerText()
  assert.match(footer, /SIRET|COMPLÉTER/)
  assert.match(footer, /Code pénal, art\.\s321-7/)
  await phone.getByRole("link", { name: "Mentions légales" }).waitFor()
  await phone.getByRole("link", { name: "Politique de confidentialité" }).waitFor()
  await fitsAndTouchable(phone)
  await phone.screenshot({ path: path.join(SHOTS, "2-seller-offer-390.png"), fullPage: true })

  // « Refuser la proposition » asks first; « Non, revenir » keeps the offer.
  await phone.getByText("Refuser la proposition").tap()
  await phone.getByText("Refuser définitivement ?".replace(" ?", "\u00a0?")).waitFor()
  await phone.screenshot({ path: path.join(SHOTS, "3-seller-refuse-confirm-390.png"), fullPage: true })
  await phone.getByRole("link", { name: "Non, revenir" }).tap()
  await phone.getByText(nbsp("Rien n'est refusé : la proposition reste ouverte.")).waitFor()
  assert.equal(await phone.getByRole("button", { name: "Oui, refuser" }).isVisible(), false, "la question est refermée")
  await phone.getByText("Refuser la proposition").tap()
  await phone.getByRole("button", { name: "Oui, refuser" }).tap()
  await phone.getByRole("heading", { name: "Proposition refusée" }).waitFor()
  await phone.screenshot({ path: path.join(SHOTS, "4-seller-refused-390.png"), fullPage: true })
  await phone.getByRole("button", { name: "Revenir sur mon refus" }).tap()
  await phone.getByText(nbsp("Votre refus est annulé : la proposition est de nouveau ouverte.")).waitFor()

  // Accepted: where and how to send the parcel, who pays the postage, when the shop pays.
  await phone.getByText("Accepter la proposition").tap()
  await phone.getByLabel("Nom", { exact: true }).fill("Martin")
  await phone.getByLabel("Prénom").fill("Claire")
  await phone.getByLabel("Adresse", { exact: true }).fill("3 rue des Lilas, 69003 Lyon")
  await phone.getByLabel("Type de pièce d'identité").selectOption("cni")
  await phone.getByLabel("Numéro de la pièce").fill("X4RTBPFW4")
  await phone.getByLabel("Date de délivrance").fill("2021-03-02")
  await phone.getByLabel("Délivrée par").fill("Préfecture du Rhône")
  await phone.getByLabel("IBAN").fill("FR76 3000 6000 0112 3456 7890 189")
  await phone.getByLabel(/J'atteste être propriétaire/).tap()
  await phone.getByRole("button", { name: "Confirmer la vente" }).tap()
  await phone.getByRole("heading", { name: nbsp("Acceptée : envoyez-nous vos articles") }).waitFor()
  const shipping = await phone.locator("main").innerText()
  assert.match(shipping, new RegExp(`Écrivez sur le colis, et sur une feuille glissée dedans\\s:\\s«\\sDemande n° ${id}\\s»`))
  assert.match(shipping, /Frais d'envoi\s:\s/)
  assert.match(shipping, /Paiement sous \d+ jours? ouvrés? après réception\./)
  assert.match(shipping, /rappelez ce numéro dans le colis/)
  await fitsAndTouchable(phone)
  await phone.screenshot({ path: path.join(SHOTS, "5-seller-accepted-390.png"), fullPage: true })

  // The owner: reception, « Copier l'IBAN », payment; the list shows the seller and the amount.
  await desk.reload()
  // The refusal taken back is no answer: the owner reads the acceptance, not « Refusée ».
  assert.match(await desk.locator("dt", { hasText: "Réponse du vendeur" }).locator("+ dd").innerText(), /^Acceptée le /)
  await desk.getByLabel("Conforme").check()
  // The garment as received, for the register: nature, brand, size, colour, then its own words.
  await desk.getByLabel("Nature", { exact: true }).fill("Polo")
  await desk.getByLabel("Marque", { exact: true }).fill("Lacoste")
  await desk.getByLabel("Taille", { exact: true }).fill("M")
  await desk.getByLabel("Couleur", { exact: true }).fill("Blanc")
  await desk.getByLabel("Description de l'article reçu").fill("Polo Lacoste blanc taille M")
  await desk.getByRole("button", { name: "Enregistrer la réception" }).click()
  await desk.getByText("Réception enregistrée.").waitFor()
  await desk.getByText("FR76 3000 6000 0112 3456 7890 189").waitFor()
  // « Copier l'IBAN » copies it without its spaces, as a bank's app takes it.
  await owner.context.grantPermissions(["clipboard-read", "clipboard-write"])
  await desk.getByRole("button", { name: "Copier l'IBAN" }).click()
  await desk.getByRole("button", { name: "IBAN copié" }).waitFor()
  assert.equal(await desk.evaluate(() => navigator.clipboard.readText()), "FR7630006000011234567890189")
  await desk.screenshot({ path: path.join(SHOTS, "6-owner-payment-1440.png"), fullPage: true })
  await desk.getByLabel("Virement").check()
  // The postage the terms promise (« remboursés jusqu'à 8 € »), on the seller's proof: its own line,
  // the garments alone refused once it is typed, then the garments plus it.
  await desk.getByLabel("Frais d'envoi remboursés (€)").fill("6,40")
  await desk.getByRole("button", { name: "Enregistrer le paiement" }).click()
  await desk.getByText(/plus les frais d'envoi\s:\s41,90\s€ \(35,50\s€ \+ 6,40\s€\)/).waitFor()
  assert.equal(await desk.getByLabel("Frais d'envoi remboursés (€)").inputValue(), "6,40")
  // The refused form comes back on its field, focused and on screen, not at the top of the long page.
  const focused = await desk.evaluate(() => {
    const field = document.activeElement
    const { top, bottom } = field.getBoundingClientRect()
    return { id: field.id, onScreen: top >= 0 && bottom <= window.innerHeight }
  })
  assert.deepEqual(focused, { id: "paiement-montant", onScreen: true })
  await desk.getByLabel("Montant payé (€)").fill("41,90")
  await desk.getByRole("button", { name: "Enregistrer le paiement" }).click()
  await desk.getByText("Paiement enregistré et inscrit au registre.").waitFor()
  await desk.getByText(/41,90\s€ \(dont 6,40\s€ de frais d'envoi remboursés\) par virement le/).waitFor()
  await desk.goto(`${base()}/admin/demandes/?q=${id}`)
  assert.match(await desk.getByRole("listitem").filter({ hasText: id }).innerText(), /Claire Martin[\s\S]*1 article · payée 41,90\s€/)
  await desk.goto(`${base()}/admin/demandes/?vue=a-payer`)
  await desk.getByText(/Total à payer\s:/).waitFor()
  await desk.screenshot({ path: path.join(SHOTS, "6b-owner-list-to-pay-1440.png") })
  await owner.close()

  // Paid: the timeline ticked in order, no more « dans le colis », the receipt.
  await phone.goto(sellerUrl)
  await phone.getByRole("heading", { name: "Payée" }).waitFor()
  const main = await phone.locator("main").innerText()
  assert.doesNotMatch(main, /dans le colis/)
  const steps = await phone.locator(".timeline li").evaluateAll((items) => items.map((item) => [item.className, item.textContent.split("·")[0].trim()]))
  assert.deepEqual(
    steps.map(([state, words]) => [state.includes("done"), words.replace(/^fait\s:\s/, "")]),
    [
      [true, "Demande reçue"],
      [true, "Proposition"],
      [true, "Acceptée"],
      [true, "Colis reçu"],
      [true, "Payée"],
    ],
  )
  await fitsAndTouchable(phone)
  await phone.screenshot({ path: path.join(SHOTS, "7-seller-paid-390.png"), fullPage: true })
  await phone.getByRole("link", { name: "Bordereau de rachat" }).tap()
  await phone.getByRole("heading", { level: 1, name: "Bordereau de rachat" }).waitFor()
  const receipt = await phone.locator("main").innerText()
  assert.match(receipt, /Claire Martin/)
  assert.match(receipt, /Polo · Lacoste · taille M · Blanc · Polo Lacoste blanc taille M\s+35,50\s€/)
  assert.match(receipt, /Total des articles\s+35,50\s€\s+Frais d'envoi remboursés\s+6,40\s€\s+Total payé\s+41,90\s€/)
  assert.match(receipt, /par virement/)
  assert.match(receipt, /Case cochée le .+ à \d\d:\d\d/)
  await fitsAndTouchable(phone)
  await phone.screenshot({ path: path.join(SHOTS, "8-receipt-390.png"), fullPage: true })
  const receiptUrl = phone.url()
  await phone.emulateMedia({ media: "print" })
  assert.equal(await phone.locator("header.bar").isVisible(), false, "l'impression ne garde que le bordereau")
  await phone.screenshot({ path: path.join(SHOTS, "9-receipt-print.png"), fullPage: true })
  // One A4 page, the shop named once (« Acheteur »: the page's footer is not printed).
  assert.equal(await phone.locator("footer.shop").isVisible(), false, "l'identité de la boutique n'est imprimée qu'une fois")
  assert.deepEqual(await printPages(phone), ["210 × 297 mm"])
  assert.deepEqual(seller.pageErrors, [])
  await seller.close()

  for (const [name, options] of [
    ["390-dark", { ...PHONE, colorScheme: "dark", javaScriptEnabled: false }],
    ["1440-dark", { ...DESKTOP, colorScheme: "dark" }],
    ["1440-light", DESKTOP],
  ]) {
    const other = await openPage(browser, options)
    await other.page.goto(receiptUrl)
    await other.page.getByRole("heading", { level: 1, name: "Bordereau de rachat" }).waitFor()
    await other.page.screenshot({ path: path.join(SHOTS, `10-receipt-${name}.png`), fullPage: true })
    await other.page.goto(sellerUrl)
    await other.page.getByRole("heading", { name: "Payée" }).waitFor()
    await other.page.screenshot({ path: path.join(SHOTS, `11-seller-paid-${name}.png`), fullPage: true })
    await other.close()
  }
})
