/**
 * @jest-environment node
 *
 * The offers' reminders are swept by the buy-back service from the server's start
 * (src/server/host/app.ts → src/server/buyback/service.ts start() → reminders.ts), with no
 * request: an offer whose last day is in two days gets its one reminder, with the link its offer
 * mail carried.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { makeOffer } from "../../src/server/buyback/offer-steps"
import { leadGarments } from "../../src/contract/garments"
import { Buybacks } from "../../src/server/buyback/store"
import { Letters } from "../../src/server/leads/letters"
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { addDays, dayText, shopDay } from "../../src/server/shop-time"
import { offerForm, storeRequest, TWO_GARMENTS } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"
import { header, mailBody, startSmtp, until } from "../helpers/smtp"
import { startStudioServer } from "../helpers/studio-server"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date): a Thursday morning in November 2026, as its fixtures.
clockAt("2026-11-26T10:00:00Z")

jest.setTimeout(60_000)
const ID = "20261126-0900-K7Q2MX"
const DAY = 24 * 60 * 60 * 1000

test("at start, an offer ending in two days gets its reminder, through the outbox, with the offer mail's link", async () => {
  const smtp = await startSmtp()
  const leadsDir = tempDir()
  const registerDir = tempDir("maxai-registre-")
  const outbox = new Outbox(leadsDir)
  const lead = await storeRequest(outbox, ID, undefined, undefined, TWO_GARMENTS)
  const buybacks = new Buybacks(outbox, new Register(registerDir))
  const lastDay = addDays(shopDay(new Date()), 2)
  const offered = await buybacks.apply(ID, (record) =>
    makeOffer(record, offerForm(["20", "15,50"], lastDay), new Date(Date.now() - 5 * DAY), leadGarments(lead)),
  )
  if (!offered?.ok) throw new Error("proposition impossible")
  // The offer's mail, already sent (its link is the one the reminder repeats).
  const page = `https://boutique.exemple/suivi/${offered.buyback.token}/`
  const letters = new Letters(outbox, { smtp: null, retryBaseMs: 50, retryMaxMs: 200 })
  const name = await letters.post(ID, { to: "seller", subject: `Notre proposition de rachat – demande n° ${ID}`, text: `Bonjour,\n\n${page}` })
  const file = `${leadsDir}/${ID}/letters/${name}`
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), status: "sent" }))

  Object.assign(process.env, {
    LEADS_DIR: leadsDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LEADS_TO: "equipe@maxai.example",
    LEADS_FROM: "Site maxAi <site@maxai.example>",
  })
  const server = await startStudioServer({ registerDir })
  try {
    // The request itself goes to the team (it was never delivered); the seller gets the reminder.
    await until(() => smtp.mails.some((mail) => mail.to.includes("claire@exemple.fr")))
    const reminders = smtp.mails.filter((mail) => mail.to.includes("claire@exemple.fr"))
    expect(reminders).toHaveLength(1)
    const [reminder] = reminders
    expect(header(reminder!.raw, "Subject")).toMatch(new RegExp(`^Rappel : notre proposition expire le .+ – demande n° ${ID}$`))
    const text = mailBody(reminder!.raw).replace(/\r\n/g, "\n")
    expect(text).toContain(page)
    // The offer's total over its garments and its own last day.
    expect(text).toContain(`Notre proposition de 35,50\u00a0€ pour votre demande n° ${ID} est valable jusqu'au ${dayText(lastDay)} inclus.`)
  } finally {
    await server.stop()
    await smtp.close()
  }
})
