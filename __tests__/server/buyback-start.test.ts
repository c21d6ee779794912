/**
 * @jest-environment node
 *
 * The buy-back at the server's start (src/server/host/app.ts → src/server/buyback/service.ts
 * start()): a letter written before the start and not yet sent goes out without any request, and
 * a file a crash left in the register's folder is removed; the entries stay.
 */
import { existsSync, readdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { Letters } from "../../src/server/leads/letters"
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { purchase, storeRequest } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"
import { header, startSmtp, until } from "../helpers/smtp"
import { startStudioServer } from "../helpers/studio-server"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date): a Thursday morning in November 2026, as its fixtures.
clockAt("2026-11-26T10:00:00Z")

const ID = "20261126-0900-K7Q2MX"

test("at start, a pending seller's letter is sent and the register's leftovers cleared, before any request", async () => {
  const smtp = await startSmtp()
  const leadsDir = tempDir()
  const registerDir = tempDir("maxai-registre-")
  // Before the start: a request whose letter was written while no mail server answered.
  const outbox = new Outbox(leadsDir)
  await storeRequest(outbox, ID)
  await new Letters(outbox, { smtp: null, retryBaseMs: 50, retryMaxMs: 200 }).post(ID, {
    to: "seller",
    subject: `Demande reçue – demande n° ${ID}`,
    text: "Bonjour",
  })
  // And a register entry, then what a crash between a write and its link leaves.
  await new Register(registerDir).append(purchase(ID))
  writeFileSync(path.join(registerDir, ".0a1b2c3d4e5f.tmp"), "{", { mode: 0o600 })

  // The server reads its settings from the environment, as npm run serve does.
  Object.assign(process.env, {
    LEADS_DIR: leadsDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LEADS_TO: "equipe@maxai.example",
    LEADS_FROM: "Site maxAi <site@maxai.example>",
  })
  const server = await startStudioServer({ registerDir })
  try {
    await until(() => smtp.mails.some((mail) => mail.to.includes("claire@exemple.fr")))
    const letter = smtp.mails.find((mail) => mail.to.includes("claire@exemple.fr"))!
    expect(header(letter.raw, "Subject")).toBe(`Demande reçue – demande n° ${ID}`)
    await until(() => !existsSync(path.join(registerDir, ".0a1b2c3d4e5f.tmp")))
    expect(readdirSync(registerDir)).toEqual(["00000001.json"])
    expect(await new Register(registerDir).verify()).toEqual({ ok: true, count: 1 })
  } finally {
    await server.stop()
    await smtp.close()
  }
})
