/**
 * @jest-environment node
 *
 * The buy-back's mails (src/server/buyback/letters.ts through src/server/leads/letters.ts) to a
 * real SMTP server: kept in the request's folder first, then sent in French with the link to the
 * seller's page; without SMTP they wait on disk and go once the server can send.
 */
import { ownerDesk } from "../../src/server/buyback/desk"
import { accept } from "../../src/server/buyback/offer-steps"
import { Buybacks } from "../../src/server/buyback/store"
import { Letters } from "../../src/server/leads/letters"
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { SELLER_FORM, storeRequest, TWO_GARMENTS } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"
import { header, mailBody, smtpSettings, startSmtp, until } from "../helpers/smtp"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date): a Thursday morning in November 2026, as its fixtures.
clockAt("2026-11-26T10:00:00Z")

const ID = "20261126-0900-K7Q2MX"
const SITE = "https://boutique.exemple"
const RETRY = { retryBaseMs: 50, retryMaxMs: 200 }

/** Whether every letter of the request is recorded « sent » within 5 s. */
async function allSent(letters: Letters): Promise<boolean> {
  for (let tries = 0; tries < 100; tries++) {
    if ((await letters.list(ID)).every((letter) => letter.status === "sent")) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return false
}

test("the offer goes to the seller with each garment's price, the total, its last day and the private link; the acceptance to both", async () => {
  const smtp = await startSmtp()
  const outbox = new Outbox(tempDir())
  const letters = new Letters(outbox, { smtp: smtpSettings(smtp.port), ...RETRY })
  try {
    await storeRequest(outbox, ID, undefined, undefined, TWO_GARMENTS)
    const buybacks = new Buybacks(outbox, new Register(tempDir("maxai-registre-")), Promise.resolve(), letters)
    const { buyback } = (await buybacks.open(ID))!
    const desk = ownerDesk(() => buybacks)
    const sent = await desk.step(
      ID,
      "proposition",
      { montant_0: "20", montant_1: "18,50", valable: "2099-12-31", message: "Très bel état.\nMerci !", version: buyback.updated_at },
      new Date(),
      SITE,
    )
    expect(sent?.ok).toBe(true)
    await until(() => smtp.mails.length === 1)
    const [offer] = smtp.mails
    expect(offer!.to).toEqual(["claire@exemple.fr"])
    expect(header(offer!.raw, "Subject")).toBe(`Notre proposition de rachat – demande n° ${ID}`)
    const text = mailBody(offer!.raw).replace(/\r\n/g, "\n")
    expect(text).toContain("nous vous proposons 38,50\u00a0€ en tout :\n– Lacoste · Polo : 20\u00a0€\n– Ralph Lauren · Pull : 18,50\u00a0€")
    // The owner's message keeps its line break.
    expect(text).toContain("Très bel état.\nMerci !")
    expect(text).toContain("valable jusqu'au 31 décembre 2099 inclus")
    expect(text).toContain(`${SITE}/suivi/${buyback.token}/`)

    await buybacks.apply(ID, (record) => accept(record, { ...SELLER_FORM, version: String(record.terms) }, new Date()), undefined, SITE)
    await until(() => smtp.mails.length === 3)
    const subjects = smtp.mails.slice(1).map((mail) => [mail.to[0], header(mail.raw, "Subject")])
    expect(subjects).toEqual(
      expect.arrayContaining([
        ["claire@exemple.fr", `Vente confirmée – demande n° ${ID}`],
        ["equipe@maxai.example", `Proposition acceptée – demande n° ${ID}`],
      ]),
    )
    expect(await allSent(letters)).toBe(true)
  } finally {
    letters.stop()
    await smtp.close()
  }
})

test("without a mail server the letters wait in the request's folder; once it answers they go, once each", async () => {
  const outbox = new Outbox(tempDir())
  await storeRequest(outbox, ID)
  const register = new Register(tempDir("maxai-registre-"))
  const offline = new Letters(outbox, { smtp: null, ...RETRY })
  const buybacks = new Buybacks(outbox, register, Promise.resolve(), offline)
  const { buyback } = (await buybacks.open(ID))!
  await ownerDesk(() => buybacks).step(ID, "proposition", { montant_0: "18", version: buyback.updated_at }, new Date(), SITE)
  expect((await offline.list(ID)).map((letter) => [letter.to, letter.status])).toEqual([["seller", "pending"]])

  const smtp = await startSmtp()
  const online = new Letters(outbox, { smtp: smtpSettings(smtp.port), ...RETRY })
  try {
    expect(await online.replay()).toBe(1)
    await until(() => smtp.mails.length === 1)
    // Written "sent": a second start sends nothing.
    expect(await allSent(online)).toBe(true)
    expect((await online.list(ID))[0]).toMatchObject({ status: "sent", attempts: 1 })
    expect(await online.replay()).toBe(0)
  } finally {
    online.stop()
    await smtp.close()
  }
})
