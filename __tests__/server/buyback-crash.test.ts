/**
 * @jest-environment node
 *
 * kill -9 of a real process in the middle of the buy-back's writes (__tests__/helpers/buyback-process.ts:
 * the owner's offer rewritten and a register entry appended, over and over): afterwards the
 * request's record is whole (the old offer or the new one), the register's chain is intact with
 * every step reported done, and what the crash left aside is cleared at the next start.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import type { Buyback } from "../../src/contract/buyback"
import { storeRequest } from "../helpers/buyback"
import { ROOT, tempDir } from "../helpers/estimate-server"

const ID = "20261126-0900-K7Q2MX"

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL")
})

/** Starts the writer and kills it with SIGKILL once it reported `steps` steps done; returns the last step it reported. */
async function runAndKill(leadsDir: string, registerDir: string, steps: number): Promise<number> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "__tests__/helpers/buyback-process.ts")], {
    cwd: ROOT,
    env: { ...process.env, LEADS_DIR: leadsDir, REGISTER_DIR: registerDir, BUYBACK_ID: ID },
    stdio: ["ignore", "pipe", "inherit"],
  })
  children.push(child)
  let reported = 0
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const lines = chunk.toString("utf8").trim().split("\n")
      reported = Math.max(reported, Number(lines.at(-1)))
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
    expect(await register.verify()).toEqual({ ok: true, count })
    total = count
    // A restart clears what the crash left aside; no entry and no request file goes with it.
    await outbox.clearLeftovers()
    await register.clearLeftovers()
    expect(readdirSync(registerDir).filter((name) => !/^\d{8}\.json$/.test(name))).toEqual([])
    expect(readdirSync(path.join(leadsDir, ID)).sort()).toEqual(["buyback.json", "delivery.json", "handling.json", "lead.json"])
    expect(await register.count()).toBe(count)
  }
}, 90_000)
