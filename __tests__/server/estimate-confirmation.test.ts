/**
 * @jest-environment node
 *
 * The seller's confirmation when an estimate request is stored (src/server/estimate/receive.ts
 * with the buy-back's intake, src/server/buyback/intake.ts), over a real socket, a real outbox and
 * a real SMTP server: the 201 names the private page, whose record appeared with the request; the
 * page already says « Demande reçue » and the delay; the seller gets the number, the delay and the
 * link by e-mail.
 */
import { readFileSync, statSync } from "node:fs"
import path from "node:path"
import { estimateForm, JPEG, post, PROOF_OFF, ROOT, startEstimateServer, testConfig, type EstimateServer } from "../helpers/estimate-server"
import { header, mailBody, smtpSettings, startSmtp, until, type TestSmtp } from "../helpers/smtp"
import { buybackRange, rangeText } from "../../src/contract/buyback-range"
import { buybackGrid } from "../../src/server/content"

const DELAY = (JSON.parse(readFileSync(path.join(ROOT, "content/buyback.json"), "utf8")) as { sale: { offerDelay: string } }).sale.offerDelay
/** French typography's narrow and no-break spaces read as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ")

let smtp: TestSmtp
let server: EstimateServer
beforeEach(async () => {
  smtp = await startSmtp()
  server = await startEstimateServer(testConfig({ smtp: smtpSettings(smtp.port) }), null, PROOF_OFF, { buyback: true })
})
afterEach(async () => {
  await server.close()
  await smtp.close()
})

const send = () => post(server.url, estimateForm({ email: "claire@exemple.fr", brand: "Lacoste", category: "Polo" }, [{ name: "a.jpg", bytes: JPEG }]))

test("the 201 names the private page, which exists at once and says « Demande reçue » with the shop's delay", async () => {
  const answer = await send()
  expect(answer.status).toBe(201)
  const id = answer.json.id!
  const origin = new URL(server.url).origin
  expect(answer.json.page).toMatch(new RegExp(`^${origin}/suivi/[0-9a-f]{32}/$`))
  // The record with its key came with the request, private like every later one.
  const record = path.join(server.service.settings.dir, id, "buyback.json")
  expect(statSync(record).mode & 0o777).toBe(0o600)
  expect(JSON.parse(readFileSync(record, "utf8"))).toMatchObject({ stage: "requested", token: answer.json.page!.split("/").at(-2) })

  const page = await fetch(answer.json.page!)
  expect(page.status).toBe(200)
  const html = plain(await page.text())
  expect(html).toContain(`Demande n° ${id}`)
  expect(html).toContain("<strong data-stage>Demande reçue</strong>")
  expect(html).toContain(`une proposition ferme vous arrivera par e-mail ${plain(DELAY)}`)
})

test("the seller gets a confirmation e-mail in French with the request's number, the delay and the link, once", async () => {
  const answer = await send()
  // The courier's mail to the team and the seller's confirmation.
  await until(() => smtp.mails.some((mail) => mail.to.includes("claire@exemple.fr")))
  const toSeller = smtp.mails.filter((mail) => mail.to.includes("claire@exemple.fr"))
  expect(toSeller).toHaveLength(1)
  expect(header(toSeller[0]!.raw, "Subject")).toBe(`Demande reçue – demande n° ${answer.json.id}`)
  const text = mailBody(toSeller[0]!.raw)
  // A recap of what was sent, with the indicative range the form showed (today's grid).
  const range = buybackRange(buybackGrid(), { brand: "Lacoste", category: "Polo" })
  expect(range).not.toBeNull()
  expect(text.replace(/\r\n/g, "\n")).toContain(
    `Nous avons bien reçu votre demande de rachat n° ${answer.json.id} :\n– Lacoste · Polo : ${rangeText(range!)} (fourchette indicative)\n`,
  )
  expect(text).toContain(`une proposition ferme vous arrivera par e-mail ${DELAY}.`)
  expect(text).toContain(answer.json.page)
  // Kept in the request's folder, recorded sent: a restart sends it no second time.
  let letters = await server.service.letters.list(answer.json.id!)
  for (let tries = 0; tries < 50 && letters[0]?.status !== "sent"; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    letters = await server.service.letters.list(answer.json.id!)
  }
  expect(letters.map((letter) => [letter.to, letter.status])).toEqual([["seller", "sent"]])
})
