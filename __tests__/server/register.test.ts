/**
 * @jest-environment node
 *
 * The register of purchases (src/server/register/register.ts) on real files: serial numbers from
 * 1 never reused, files mode 600, the SHA-256 chain, and `npm run registre -- verify` (a real
 * process) naming the first altered entry in French and exiting non-zero.
 */
import { createHash } from "node:crypto"
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs"
import path from "node:path"
import { registerCsv } from "../../src/server/register/csv"
import { Register } from "../../src/server/register/register"
import { purchase } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"
import { runScript } from "../helpers/run-script"

/** `npm run registre -- verify` over `dir`, as the operator runs it. */
const verifyCommand = (dir: string) => runScript("registre.ts", ["verify"], { env: { REGISTER_DIR: dir } })

test("entries are numbered from 1 in order, private (600 in a 700 folder), each naming the previous one's SHA-256", async () => {
  const dir = path.join(tempDir("maxai-registre-"), "registre")
  const register = new Register(dir)
  const first = await register.append(purchase("20261120-0900-AAAAAA"))
  const second = await register.append(purchase("20261121-0900-BBBBBB"))
  expect([first.number, second.number]).toEqual([1, 2])
  expect(first.previous_sha256).toBe("0".repeat(64))
  expect(readdirSync(dir).sort()).toEqual(["00000001.json", "00000002.json"])
  const firstBytes = readFileSync(path.join(dir, "00000001.json"))
  expect(second.previous_sha256).toBe(createHash("sha256").update(firstBytes).digest("hex"))
  expect(statSync(path.join(dir, "00000001.json")).mode & 0o777).toBe(0o600)
  expect(statSync(dir).mode & 0o777).toBe(0o700)
  expect(await register.verify()).toEqual({ ok: true, count: 2 })
})

test("appends made at the same time by two writers get distinct numbers, none lost", async () => {
  const dir = tempDir("maxai-registre-")
  const a = new Register(dir)
  const b = new Register(dir)
  const written = await Promise.all(Array.from({ length: 6 }, (_, index) => (index % 2 ? a : b).append(purchase(`20261120-0900-AAAAA${index + 2}`))))
  expect(written.map((entry) => entry.number).sort()).toEqual([1, 2, 3, 4, 5, 6])
  expect((await a.verify()).ok).toBe(true)
})

test("a correction is a new entry naming the number it rectifies; the corrected one stays as written", async () => {
  const dir = tempDir("maxai-registre-")
  const register = new Register(dir)
  await register.append(purchase("20261120-0900-AAAAAA"))
  const before = readFileSync(path.join(dir, "00000001.json"), "utf8")
  const fix = await register.append(purchase("20261120-0900-AAAAAA", { rectifies: 1, correction: "Prix payé : 30 €", price_cents: 3000 }))
  expect(fix).toMatchObject({ number: 2, rectifies: 1 })
  expect(readFileSync(path.join(dir, "00000001.json"), "utf8")).toBe(before)
  const csv = registerCsv(await register.list())
  // For French spreadsheets, like the inbox's export: `;` between cells.
  expect(csv.split("\r\n")[2]).toMatch(/^2;[^;]+;1;Prix payé : 30 €;20261120-0900-AAAAAA;particulier;Martin;/)
  expect(csv).toContain("30;Virement;2026-11-27")
})

test("the CSV's « date d'inscription » is the shop's time (Paris), as the register's page shows it and French spreadsheets read it", async () => {
  const register = new Register(tempDir("maxai-registre-"))
  const entry = await register.append(purchase("20261120-0900-AAAAAA"))
  const csv = registerCsv([{ ...entry, recorded_at: "2026-11-27T08:03:17.715Z" }])
  expect(csv.split("\r\n")[1]).toMatch(/^1;27\/11\/2026 09:03;;/)
})

test("npm run registre -- verify: an intact register passes, an entry altered in the middle is named and the exit is non-zero", async () => {
  const dir = tempDir("maxai-registre-")
  const register = new Register(dir)
  for (const suffix of ["AAAAAA", "BBBBBB", "CCCCCC"]) await register.append(purchase(`20261120-0900-${suffix}`))
  const intact = await verifyCommand(dir)
  expect(intact.code).toBe(0)
  expect(intact.out).toContain("Registre intact : 3 entrée(s) vérifiée(s)")

  // Someone lowers the price of entry 2 and even recomputes its own fingerprint: entry 3's link gives it away.
  const file = path.join(dir, "00000002.json")
  const entry = JSON.parse(readFileSync(file, "utf8"))
  entry.price_cents = 100
  const { sha256: _old, ...rest } = entry
  entry.sha256 = createHash("sha256").update(JSON.stringify(rest)).digest("hex")
  writeFileSync(file, `${JSON.stringify(entry, null, 2)}\n`)
  const altered = await verifyCommand(dir)
  expect(altered.code).toBe(1)
  expect(altered.err.trim()).toBe(
    "Registre altéré : l'entrée n° 2 a été modifiée après l'écriture de l'entrée n° 3 (l'empreinte que celle-ci garde ne correspond plus).",
  )
})

test("the last entry edited by hand, or an entry deleted, is named too", async () => {
  const dir = tempDir("maxai-registre-")
  const register = new Register(dir)
  for (const suffix of ["AAAAAA", "BBBBBB", "CCCCCC"]) await register.append(purchase(`20261120-0900-${suffix}`))
  const last = path.join(dir, "00000003.json")
  const original = readFileSync(last, "utf8")
  writeFileSync(last, original.replace('"Martin"', '"Dupont"'))
  expect(await register.verify()).toEqual({
    ok: false,
    count: 3,
    number: 3,
    problem: "l'entrée n° 3 a été modifiée : son empreinte SHA-256 ne correspond plus à son contenu.",
  })
  writeFileSync(last, original)
  unlinkSync(path.join(dir, "00000002.json"))
  const gap = await verifyCommand(dir)
  expect(gap.code).toBe(1)
  expect(gap.err).toContain("Registre altéré : l'entrée n° 2 manque (supprimée ou renommée).")
})
