/**
 * @jest-environment node
 *
 * What a stranger selling to the shop receives by mail (issue 48), on a real SMTP server: every
 * seller's mail answers to the owner (Reply-To LEADS_TO) and ends with the shop's identity from
 * content/legal.json; « Vente confirmée » says where and how to send the parcel, who pays the
 * postage and when the shop pays; the payment brings the « Bordereau de rachat » from the register;
 * one reminder two days before the offer's end, once, even after a restart; and the owner's mail
 * of a new request, in French on Paris time, with the garment's range and the inbox's link.
 */
import { mkdirSync } from "node:fs"
import path from "node:path"
import { ownerDesk } from "../../src/server/buyback/desk"
import { accept } from "../../src/server/buyback/offer-steps"
import { sweepReminders } from "../../src/server/buyback/reminders"
import { Buybacks } from "../../src/server/buyback/store"
import { buybackGrid, buybackSale, shopIdentity } from "../../src/server/content"
import { emailChannel } from "../../src/server/leads/channels"
import { Letters } from "../../src/server/leads/letters"
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { dayText } from "../../src/server/shop-time"
import { offerForm, receptionForm, SELLER_FORM, storeRequest, TWO_GARMENTS } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"
import { header, mailBody as rawBody, smtpSettings, startSmtp, until, type TestSmtp } from "../helpers/smtp"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date): a Friday morning in November 2026, as its fixtures.
clockAt("2026-11-27T10:00:00Z")

jest.setTimeout(30_000)
const ID = "20261126-0900-K7Q2MX"
const SITE = "https://boutique.exemple"
const RETRY = { retryBaseMs: 50, retryMaxMs: 200 }
const DAY = 24 * 60 * 60 * 1000

let smtp: TestSmtp
beforeEach(async () => {
  smtp = await startSmtp()
})
afterEach(() => smtp.close())

/** An outbox with Claire's request, its buy-back and letters sent to the test's SMTP server. */
async function shop(dir = tempDir(), registerDir = tempDir("maxai-registre-")) {
  const outbox = new Outbox(dir)
  const letters = new Letters(outbox, { smtp: smtpSettings(smtp.port), ...RETRY })
  const buybacks = new Buybacks(outbox, new Register(registerDir), Promise.resolve(), letters)
  return { dir, registerDir, outbox, letters, buybacks, desk: ownerDesk(() => buybacks) }
}

/** The mail's text with its lines as written (\n). */
const mailBody = (raw: string) => rawBody(raw).replace(/\r\n/g, "\n")
const mailTo = (subject: string) => smtp.mails.find((mail) => header(mail.raw, "Subject").startsWith(subject))
const identity = shopIdentity()

test("« Vente confirmée » says where and how to send the parcel, who pays the postage and when; every seller's mail answers to the owner and names the shop", async () => {
  const { outbox, letters, buybacks, desk } = await shop()
  try {
    await storeRequest(outbox, ID)
    const { buyback } = (await buybacks.open(ID))!
    await desk.step(ID, "proposition", { ...offerForm(["35,50"]), version: buyback.updated_at }, new Date(), SITE)
    await buybacks.apply(ID, (record) => accept(record, { ...SELLER_FORM, version: String(record.terms) }, new Date()), undefined, SITE)
    await until(() => smtp.mails.length === 3)

    const confirmed = mailTo("Vente confirmée")!
    expect(header(confirmed.raw, "Reply-To")).toBe("equipe@maxai.example")
    const text = mailBody(confirmed.raw)
    const sale = buybackSale()
    expect(text).toContain(`Où envoyer l'article :\n${sale.address}`)
    expect(text).toContain(`« Demande n° ${ID} »`)
    expect(text).toContain(sale.send)
    expect(text).toContain("Frais d'envoi : remboursés au paiement jusqu'à 8\u00a0€, sur présentation du justificatif de dépôt.")
    expect(text).toContain(`Paiement sous ${sale.paymentDays} jours ouvrés après réception.`)
    expect(text).toContain(`${SITE}/suivi/${buyback.token}/`)
    // The shop's identity at the foot, as the legal notice says it.
    for (const line of [identity.name, identity.address, identity.registration, identity.email, identity.phone]) expect(text).toContain(line)
    expect(text).toContain(`Mentions légales : ${SITE}/mentions-legales/`)
    expect(text).toContain(`Vos données : ${SITE}/confidentialite/`)

    // The offer too; the team's mail answers to the seller and carries no shop footer.
    expect(header(mailTo("Notre proposition")!.raw, "Reply-To")).toBe("equipe@maxai.example")
    const team = mailTo("Proposition acceptée")!
    expect(header(team.raw, "Reply-To")).toBe("claire@exemple.fr")
    expect(mailBody(team.raw)).not.toContain("Mentions légales")
  } finally {
    letters.stop()
  }
})

test("the payment sends the « Bordereau de rachat »: the register's order number, price, total, payment in words, the attestation's date", async () => {
  const { outbox, letters, buybacks, desk } = await shop()
  try {
    await storeRequest(outbox, ID)
    let version = (await buybacks.open(ID))!.buyback.updated_at
    await desk.step(ID, "proposition", { ...offerForm(["35,50"]), version }, new Date(), SITE)
    await buybacks.apply(ID, (record) => accept(record, { ...SELLER_FORM, version: String(record.terms) }, new Date("2026-11-27T09:03:00Z")), undefined, SITE)
    version = (await buybacks.read(ID))!.updated_at
    await desk.step(
      ID,
      "reception",
      { ...receptionForm([{ verdict: "conforme", description: "Polo blanc taille M, accroc au col" }]), version },
      new Date(),
      SITE,
    )
    version = (await buybacks.read(ID))!.updated_at
    const paid = await desk.step(ID, "paiement", { montant: "35,50", mode: "virement", date: "2026-11-27", version }, new Date(), SITE)
    expect(paid?.ok).toBe(true)
    await until(() => mailTo("Bordereau de rachat") !== undefined)
    const receipt = mailTo("Bordereau de rachat")!
    expect(header(receipt.raw, "Subject")).toBe(`Bordereau de rachat – demande n° ${ID}`)
    expect(header(receipt.raw, "Reply-To")).toBe("equipe@maxai.example")
    const text = mailBody(receipt.raw)
    // The address as the seller typed it, its line break kept.
    expect(text).toContain("Vendeur (particulier) : Claire Martin, 3 rue des Lilas\n69003 Lyon")
    // The garment as received: nature, brand, size, colour, condition, description, marks.
    expect(text).toContain(
      "- n° 1 : Polo · Lacoste · taille M · Blanc · Très bon état · Polo blanc taille M, accroc au col · Étiquette intérieure présente — 35,50\u00a0€",
    )
    expect(text).toContain("Total : 35,50\u00a0€")
    expect(text).toContain("Payé le 27 novembre 2026 par virement.")
    expect(text).toContain(
      "« J'atteste être propriétaire de ces articles et les vendre à titre de particulier. » Case cochée le 27 novembre 2026 à 10:03 (heure de Paris).",
    )
    expect(text).not.toContain("X4RTBPFW4")
    expect(text).toContain(identity.registration)
    // The payment's own mail says it in lower case.
    expect(mailBody(mailTo("Paiement envoyé")!.raw)).toContain("payés le 27 novembre 2026 par virement.")
  } finally {
    letters.stop()
  }
})

test("one reminder two days before the offer's last day, never a second: not on the next sweep, not after a restart", async () => {
  const first = await shop()
  await storeRequest(first.outbox, ID)
  const { buyback } = (await first.buybacks.open(ID))!
  // Valid 7 days from today: nothing is due now, then 5 days later it is (2 days before the last one).
  await first.desk.step(ID, "proposition", { ...offerForm(["35,50"], ""), version: buyback.updated_at }, new Date(), SITE)
  await until(() => smtp.mails.length === 1)
  const ports = (s: Awaited<ReturnType<typeof shop>>) => ({ outbox: s.outbox, letters: s.letters, read: (id: string) => s.buybacks.read(id) })
  expect(await sweepReminders(ports(first), new Date())).toBe(0)
  const later = new Date(Date.now() + 5 * DAY)
  expect(await sweepReminders(ports(first), later)).toBe(1)
  expect(await sweepReminders(ports(first), later)).toBe(0)
  first.letters.stop()

  // A restart: new objects over the same folders, the sweep of the next hour.
  const second = await shop(first.dir, first.registerDir)
  try {
    expect(await sweepReminders(ports(second), new Date(later.getTime() + 3600_000))).toBe(0)
    await until(() => smtp.mails.length === 2)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const reminders = smtp.mails.filter((mail) => header(mail.raw, "Subject").startsWith("Rappel : notre proposition expire le"))
    expect(reminders).toHaveLength(1)
    const text = mailBody(reminders[0]!.raw)
    expect(text).toContain("Notre proposition de 35,50\u00a0€")
    expect(text).toContain(`${SITE}/suivi/${buyback.token}/`)
    expect(text).toContain(identity.registration)
    expect(header(reminders[0]!.raw, "Reply-To")).toBe("equipe@maxai.example")
  } finally {
    second.letters.stop()
  }
})

test("revised prices get their own reminder, two days before their own last day, with the sum still to answer", async () => {
  const { outbox, letters, buybacks, desk } = await shop()
  try {
    await storeRequest(outbox, ID, undefined, undefined, TWO_GARMENTS)
    let version = (await buybacks.open(ID))!.buyback.updated_at
    // The offer stays valid until 2099: only the revised prices' last day (7 days after the reception) can be near.
    await desk.step(ID, "proposition", { ...offerForm(["20", "15,50"]), version }, new Date(), SITE)
    await buybacks.apply(ID, (record) => accept(record, { ...SELLER_FORM, version: String(record.terms) }, new Date()), undefined, SITE)
    version = (await buybacks.read(ID))!.updated_at
    // Two garments in one parcel: the confirmation says where to send them, in the plural.
    await until(() => mailTo("Vente confirmée") !== undefined)
    expect(mailBody(mailTo("Vente confirmée")!.raw)).toContain(`Où envoyer les articles :\n${buybackSale().address}`)
    const received = await desk.step(
      ID,
      "reception",
      { ...receptionForm([{ verdict: "conforme" }, { verdict: "revu", montant: "12" }]), version },
      new Date(),
      SITE,
    )
    expect(received?.ok && received.buyback.stage).toBe("revised")
    const lastDay = (await buybacks.read(ID))!.reception!.valid_until!
    const ports = { outbox, letters, read: (id: string) => buybacks.read(id) }
    expect(await sweepReminders(ports, new Date())).toBe(0)
    const later = new Date(Date.now() + 5 * DAY)
    expect(await sweepReminders(ports, later)).toBe(1)
    expect(await sweepReminders(ports, later)).toBe(0)
    await until(() => mailTo("Rappel") !== undefined)
    const reminder = mailTo("Rappel")!
    expect(header(reminder.raw, "Subject")).toBe(`Rappel : notre proposition expire le ${dayText(lastDay)} – demande n° ${ID}`)
    expect(mailBody(reminder.raw)).toContain(
      `Les prix revus de vos articles (12\u00a0€) pour votre demande n° ${ID} sont valables jusqu'au ${dayText(lastDay)} inclus.`,
    )
  } finally {
    letters.stop()
  }
})

test("the owner's mail of a new request: the date in French on Paris time, the garment with its range, the inbox's link, no internal words", async () => {
  const dir = tempDir()
  mkdirSync(path.join(dir, ID), { recursive: true })
  const lead = {
    id: ID,
    kind: "estimate" as const,
    created_at: "2026-11-28T08:08:49.293Z",
    email: "claire@exemple.fr",
    item: { brand: "Lacoste", category: "Polo", condition: "Très bon état" },
    description: "Polo blanc, porté deux fois.",
    photos: [],
  }
  await emailChannel(smtpSettings(smtp.port), buybackGrid(), SITE).send(lead, path.join(dir, ID))
  const text = mailBody(smtp.mails[0]!.raw)
  expect(text).toContain("Reçue le samedi 28 novembre 2026 à 09:08 (heure de Paris)")
  expect(text).toContain("Article :\nLacoste · Polo · Très bon état — estimation indicative 14 à 19\u00a0€")
  expect(text).toContain("   Polo blanc, porté deux fois.")
  expect(text).toContain(`La demande dans « Demandes » : ${SITE}/admin/demandes/${ID}`)
  expect(text).not.toMatch(/outbox|2026-11-28T/)
})
