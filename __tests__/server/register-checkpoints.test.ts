/**
 * @jest-environment node
 *
 * The register's anchor outside its folder (src/server/register/checkpoints.ts): a checkpoint after
 * each entry, mailed to the owner; entries cut from the end (the last 1, 5 or all files) make
 * `npm run registre -- verify` (a real process) fail naming the missing numbers, and no new entry
 * (a payment, a correction) is given a number until they are restored.
 */
import { readdirSync, readFileSync, unlinkSync } from "node:fs"
import path from "node:path"
import { correctionValues } from "../../src/contract/correction-fields"
import { buybackService } from "../../src/server/buyback/service"
import { accept, makeOffer } from "../../src/server/buyback/offer-steps"
import { receive } from "../../src/server/buyback/reception-steps"
import { leadGarments } from "../../src/contract/garments"
import { Buybacks } from "../../src/server/buyback/store"
import { Letters } from "../../src/server/leads/letters"
import { Outbox } from "../../src/server/leads/outbox"
import type { LeadsService } from "../../src/server/leads/service"
import { rectify } from "../../src/server/register/correction"
import { Register, RegisterRefusal } from "../../src/server/register/register"
import { Checkpoints } from "../../src/server/register/checkpoints"
import { verdictLine } from "../../src/server/inbox/register-view"
import { offerForm, purchase, receptionForm, SELLER_FORM, storeRequest } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"
import { runScript } from "../helpers/run-script"
import { header, mailBody, smtpSettings, startSmtp, until } from "../helpers/smtp"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date): a Friday morning in November 2026, as its fixtures.
clockAt("2026-11-27T10:00:00Z")

jest.setTimeout(60_000)

const verifyCommand = (dir: string) => runScript("registre.ts", ["verify"], { env: { REGISTER_DIR: dir } })
const entryFiles = (dir: string) => readdirSync(dir).filter((name) => /^\d{8}\.json$/.test(name))

async function registerOf(count: number) {
  const dir = tempDir("maxai-registre-")
  const register = new Register(dir)
  for (let number = 1; number <= count; number += 1) await register.append(purchase(`20261120-0900-AAAA${String(number).padStart(2, "0")}`))
  return { dir, register }
}

test("each new entry writes a checkpoint outside the folder: its number, the entry count, the last number and hash", async () => {
  const { dir, register } = await registerOf(2)
  const points = `${dir}-points`
  expect(readdirSync(points).sort()).toEqual(["00000001.json", "00000002.json"])
  const latest = await register.checkpoints.latest()
  const [, second] = await register.list()
  expect(latest).toMatchObject({ number: 2, reason: "entrée", entries: 2, last_number: 2, last_hash: second!.sha256 })
  expect(JSON.parse(readFileSync(path.join(points, "00000002.json"), "utf8"))).toEqual(latest)
  // The daily one (and at start): written for an intact register, not mailed when nothing is new.
  await register.dailyCheckpoint()
  expect(await register.checkpoints.latest()).toMatchObject({ number: 3, reason: "quotidien", entries: 2 })
})

test("an entry whose checkpoint the full disk refused is written, verifies, and the register's page says which entry no checkpoint covers until the next one", async () => {
  const { register } = await registerOf(1)
  const full = jest
    .spyOn(Checkpoints.prototype, "write")
    .mockRejectedValueOnce(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }))
  const logged = jest.spyOn(console, "error").mockImplementation(() => undefined)
  try {
    expect(await register.append(purchase("20261120-0900-BBBBBB"))).toMatchObject({ number: 2 })
  } finally {
    full.mockRestore()
    logged.mockRestore()
  }
  const verdict = await register.verify()
  expect(verdict).toEqual({ ok: true, count: 2, uncheckpointed: 1 })
  expect(verdictLine(verdict)).toContain("Point de contrôle manquant : l'entrée n° 2 ne figure dans aucun point de contrôle")
  await register.dailyCheckpoint()
  expect(await register.verify()).toEqual({ ok: true, count: 2 })
  expect(verdictLine(await register.verify())).not.toContain("Point de contrôle manquant")
})

test.each([
  [1, "il manque l'entrée 8 depuis le point de contrôle n° 8"],
  [5, "il manque les entrées 4 à 8 depuis le point de contrôle n° 8"],
  [8, "il manque les entrées 1 à 8 depuis le point de contrôle n° 8"],
])("the last %i file(s) cut: verify fails naming the missing numbers, no number is given again, no checkpoint blesses the cut", async (cut, words) => {
  const { dir, register } = await registerOf(8)
  for (let number = 8; number > 8 - cut; number -= 1) unlinkSync(path.join(dir, `${String(number).padStart(8, "0")}.json`))
  const run = await verifyCommand(dir)
  expect(run.code).toBe(1)
  expect(run.err).toContain(`Registre altéré : ${words} du `)
  expect(run.err).toContain("qui comptait 8 entrées")
  expect(await register.verify()).toMatchObject({ ok: false, count: 8 - cut, number: 9 - cut })

  await expect(register.append(purchase("20261121-0900-NOUVEA"))).rejects.toThrow(RegisterRefusal)
  await expect(register.append(purchase("20261121-0900-NOUVEA"))).rejects.toThrow(/Le registre est incomplet : il manque/)
  expect(entryFiles(dir)).toHaveLength(8 - cut)
  await register.dailyCheckpoint()
  expect(await register.checkpoints.latest()).toMatchObject({ number: 8, entries: 8 })
})

test("a payment on a cut register is refused with a French 409 and the request stays unpaid; a correction too", async () => {
  const outbox = new Outbox(tempDir())
  const { dir, register } = await registerOf(3)
  unlinkSync(path.join(dir, "00000003.json"))
  const buybacks = new Buybacks(outbox, register)
  const ID = "20261126-0900-K7Q2MX"
  const NOW = new Date("2026-11-27T10:00:00Z")
  await storeRequest(outbox, ID)
  await buybacks.apply(ID, (b, stored) => makeOffer(b, offerForm(["35,50"], "2026-12-04"), NOW, leadGarments(stored.lead)))
  await buybacks.apply(ID, (b) => accept(b, { ...SELLER_FORM, version: String(b.terms ?? 0) }, NOW))
  await buybacks.apply(ID, (b, stored) => receive(b, receptionForm([{ verdict: "conforme", description: "Polo blanc M" }]), NOW, leadGarments(stored.lead)))
  expect((await buybacks.read(ID))!.stage).toBe("received")
  const ready = (await buybacks.read(ID))!
  const paid = await buybacks.pay(ID, { montant: "35,50", mode: "virement", date: "2026-11-27" }, ready.updated_at, NOW)
  expect(paid).toMatchObject({ ok: false, status: 409, error: expect.stringContaining("il manque l'entrée 3 depuis le point de contrôle n° 3") })
  expect((await buybacks.read(ID))!.stage).toBe("received")
  expect(entryFiles(dir)).toHaveLength(2)

  const [first] = await register.list()
  const form = { ...correctionValues(first!), piece_numero: "X4RTBPFW5", motif: "Numéro mal recopié", version: "2" }
  const correction = await rectify(register, 1, form, new Date())
  expect(correction).toMatchObject({ ok: false, status: 409, error: expect.stringContaining("Le registre est incomplet") })
  expect(entryFiles(dir)).toHaveLength(2)
})

test("each checkpoint is mailed to the owner, « Registre : point de contrôle n° N », through the request's letters", async () => {
  const smtp = await startSmtp()
  const outbox = new Outbox(tempDir())
  const letters = new Letters(outbox, { smtp: smtpSettings(smtp.port), retryBaseMs: 50, retryMaxMs: 200 })
  const leads = { outbox, letters, ready: Promise.resolve() } as unknown as LeadsService
  try {
    const ID = "20261126-0900-K7Q2MX"
    await storeRequest(outbox, ID)
    const service = buybackService({ dir: tempDir("maxai-registre-") }, () => leads)
    await service.buybacks().register.append(purchase(ID))
    await until(() => smtp.mails.length === 1)
    const [mail] = smtp.mails
    expect(mail!.to).toEqual(["equipe@maxai.example"])
    expect(header(mail!.raw, "Subject")).toBe("Registre : point de contrôle n° 1")
    const text = mailBody(mail!.raw)
    expect(text).toContain("Entrées : 1")
    expect(text).toContain("Dernier numéro d'ordre : 1")
    expect((await letters.list(ID)).map((letter) => letter.to)).toEqual(["team"])
  } finally {
    letters.stop()
    await smtp.close()
  }
})
