/**
 * @jest-environment node
 *
 * kill -9 of a real process in the middle of the buy-back's writes (__tests__/helpers/buyback-process.ts):
 * the owner's offer rewritten and a register entry appended, over and over: afterwards the
 * request's record is whole (the old offer or the new one), the register's chain is intact with
 * every step reported done, and what the crash left aside is cleared at the next start; a payment
 * killed between its register entries and the request's record: after the restart the request
 * reads « Payée » from the register's entries, its status and the seller's mail with it.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { ownerDesk } from "../../src/server/buyback/desk"
import { accept, makeOffer } from "../../src/server/buyback/offer-steps"
import { receive } from "../../src/server/buyback/reception-steps"
import { Buybacks } from "../../src/server/buyback/store"
import { leadGarments } from "../../src/contract/garments"
import { Letters } from "../../src/server/leads/letters"
import { shopDay } from "../../src/server/shop-time"
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import type { Buyback } from "../../src/contract/buyback"
import { offerForm, receptionForm, SELLER_FORM, storeRequest, TWO_GARMENTS } from "../helpers/buyback"
import { ROOT, tempDir } from "../helpers/estimate-server"

const ID = "20261126-0900-K7Q2MX"

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL")
})

/** Starts the writer and kills it with SIGKILL once it reported `steps` steps done (or « inscrit »); returns the last step it reported. */
async function runAndKill(leadsDir: string, registerDir: string, steps: number, env: Record<string, string> = {}): Promise<number> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "__tests__/helpers/buyback-process.ts")], {
    cwd: ROOT,
    env: { ...process.env, LEADS_DIR: leadsDir, REGISTER_DIR: registerDir, BUYBACK_ID: ID, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  })
  children.push(child)
  let reported = 0
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const lines = chunk.toString("utf8").trim().split("\n")
      const last = lines.at(-1) === "inscrit" ? steps : Number(lines.at(-1))
      reported = Math.max(reported, last)
      if (reported >= steps && child.exitCode === null) {
        child.kill("SIGKILL")
        resolve()
      }
    })
    child.once("exit", (code, signal) => (signal === "SIGKILL" ? resolve() : reject(new Error(`processus arrêté (${code})`))))
  })
  await new Promise((resolve) => (child.exitCode === null && child.signalCode === null ? child.once("exit", resolve) : resolve(null)))
  return reported
}

test("kill -9 during the steps leaves the record old or new and the register's chain whole", async () => {
  const leadsDir = tempDir()
  const registerDir = tempDir("maxai-registre-")
  const outbox = new Outbox(leadsDir)
  await storeRequest(outbox, ID)
  const register = new Register(registerDir)
  let total = 0
  for (const steps of [3, 17, 41]) {
    const reported = await runAndKill(leadsDir, registerDir, steps)
    const record = JSON.parse(readFileSync(path.join(leadsDir, ID, "buyback.json"), "utf8")) as Buyback
    expect(record.stage).toBe("offered")
    // The offer of the last step reported, or of the one after it (written before its register entry when the kill came).
    expect([reported * 100, (reported + 1) * 100]).toContain(record.offer!.amount_cents)
    const count = await register.count()
    expect(count).toBeGreaterThanOrEqual(total + reported)
    expect(count).toBeLessThanOrEqual(total + reported + 1)
    const verdict = await register.verify()
    expect(verdict).toMatchObject({ ok: true, count })
    // The step under way when the kill came may have its entry and not yet its checkpoint (the
    // register's page says so until the next one): one entry at most, that step's own.
    const inFlight = count === total + reported + 1 ? 1 : undefined
    expect([undefined, inFlight]).toContain((verdict as { uncheckpointed?: number }).uncheckpointed)
    total = count
    // A restart clears what the crash left aside; no entry and no request file goes with it.
    await outbox.clearLeftovers()
    await register.clearLeftovers()
    expect(readdirSync(registerDir).filter((name) => !/^\d{8}\.json$/.test(name))).toEqual([])
    expect(readdirSync(path.join(leadsDir, ID)).sort()).toEqual(["buyback.json", "delivery.json", "handling.json", "lead.json"])
    expect(await register.count()).toBe(count)
  }
}, 90_000)

test("kill -9 between the payment's register entries and the request's record: after the restart they agree, and the seller is mailed", async () => {
  const leadsDir = tempDir()
  const registerDir = tempDir("maxai-registre-")
  const outbox = new Outbox(leadsDir)
  await storeRequest(outbox, ID, undefined, undefined, TWO_GARMENTS)
  const register = new Register(registerDir)
  const before = new Buybacks(outbox, register)
  const now = new Date()
  await before.apply(ID, (b, stored) => makeOffer(b, offerForm(["20", "18,50"]), now, leadGarments(stored.lead)))
  await before.apply(ID, (b) => accept(b, { ...SELLER_FORM, version: String(b.terms) }, now))
  const verdicts = receptionForm([{ verdict: "conforme" }, { verdict: "conforme" }])
  await before.apply(ID, (b, stored) => receive(b, verdicts, now, leadGarments(stored.lead)))
  const today = shopDay(now)
  await runAndKill(leadsDir, registerDir, 1, {
    BUYBACK_MODE: "pay",
    BUYBACK_FORM: JSON.stringify({ montant: "44,90", port: "6,40", mode: "virement", date: today }),
  })
  // Killed after the register's entries, before the record: the two disagree on disk.
  expect((await register.list()).map((entry) => [entry.number, entry.request, entry.price_cents])).toEqual([
    [1, ID, 2000],
    [2, ID, 1850],
  ])
  // The postage refunded (content/buyback.json: « remboursés jusqu'à 8 € ») was written on the record before the entries.
  expect(JSON.parse(readFileSync(path.join(leadsDir, ID, "buyback.json"), "utf8"))).toMatchObject({ stage: "received", postage_claim_cents: 640 })

  // The restart: the next read of the request makes it agree with the register, mails included.
  const letters = new Letters(outbox, { smtp: null, retryBaseMs: 50, retryMaxMs: 200 })
  try {
    const after = new Buybacks(outbox, register, Promise.resolve(), letters)
    const record = await ownerDesk(() => after).open(ID, "https://boutique.exemple")
    expect(record).toMatchObject({
      stage: "paid",
      payment: { amount_cents: 4490, postage_cents: 640, method: "virement", date: today, register_numbers: [1, 2] },
    })
    expect(record).not.toHaveProperty("postage_claim_cents")
    expect((await outbox.read(ID)).handling.status).toBe("paid")
    // The payment's two mails to the seller, once each: « Paiement envoyé » and the « Bordereau de rachat ».
    expect((await letters.list(ID)).map((letter) => `${letter.to}: ${letter.subject}`).sort()).toEqual([
      `seller: Bordereau de rachat – demande n° ${ID}`,
      `seller: Paiement envoyé – demande n° ${ID}`,
    ])
    const texts = (await letters.list(ID)).map((letter) => letter.text.replace(/[\u00a0\u202f]/g, " ")).join("\n")
    expect(texts).toContain("44,90 € (dont 6,40 € de frais d'envoi remboursés) vous ont été payés")
    expect(texts).toMatch(/Total des articles : 38,50 €\nFrais d'envoi remboursés : 6,40 €\nTotal payé : 44,90 €/)
    // The owner's second post, with other values, writes nothing more.
    const again = await ownerDesk(() => after).step(
      ID,
      "paiement",
      { montant: "385", mode: "especes", date: today, version: record!.updated_at },
      new Date(),
      "https://boutique.exemple",
    )
    expect(again).toMatchObject({ ok: false, code: "already_paid" })
    expect(await register.count()).toBe(2)
    expect(await register.verify()).toEqual({ ok: true, count: 2 })
    // Nor any mail again.
    expect(await letters.list(ID)).toHaveLength(2)
  } finally {
    letters.stop()
  }
}, 60_000)
