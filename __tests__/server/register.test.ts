/**
 * @jest-environment node
 *
 * The register of purchases (src/server/register/register.ts) on real files: serial numbers from
 * 1 never reused, files mode 600, the chain keyed with a key kept outside the folder, and
 * `npm run registre -- verify` (a real process) naming the first altered entry in French and
 * exiting non-zero. The checkpoints (cut registers, refused appends) are in register-checkpoints.test.ts.
 */
import { createHash, createHmac } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs"
import path from "node:path"
import { registerCsv } from "../../src/server/register/csv"
import { Register, type NewEntry } from "../../src/server/register/register"
import { purchase } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"
import { runScript } from "../helpers/run-script"

jest.setTimeout(30_000)

/** `npm run registre -- verify` over `dir`, as the operator runs it (key and checkpoints beside it by default). */
const verifyCommand = (dir: string) => runScript("registre.ts", ["verify"], { env: { REGISTER_DIR: dir } })

const keyOf = (dir: string) => Buffer.from((JSON.parse(readFileSync(`${dir}-cle`, "utf8")) as { key: string }).key, "hex")
const hmac = (key: Buffer, data: string | Buffer) => createHmac("sha256", key).update(data).digest("hex")
const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex")

/** An entry file rewritten as someone who has only the folder would: its fingerprint recomputed with plain SHA-256. */
function forge(file: string, change: (entry: Record<string, unknown>) => void, previousFile?: string): void {
  const entry = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>
  change(entry)
  if (previousFile) entry.previous_sha256 = sha256(readFileSync(previousFile))
  const { sha256: _old, ...rest } = entry
  entry.sha256 = sha256(JSON.stringify(rest))
  writeFileSync(file, `${JSON.stringify(entry, null, 2)}\n`)
}

test("entries are numbered from 1 in order, private (600 in a 700 folder), each naming the previous one's keyed fingerprint; the key lives outside the folder, mode 600", async () => {
  const dir = path.join(tempDir("maxai-registre-"), "registre")
  const register = new Register(dir)
  const first = await register.append(purchase("20261120-0900-AAAAAA"))
  const second = await register.append(purchase("20261121-0900-BBBBBB"))
  expect([first.number, second.number]).toEqual([1, 2])
  expect(first.previous_sha256).toBe("0".repeat(64))
  expect(readdirSync(dir).sort()).toEqual(["00000001.json", "00000002.json"])
  expect(statSync(`${dir}-cle`).mode & 0o777).toBe(0o600)
  const key = keyOf(dir)
  const firstBytes = readFileSync(path.join(dir, "00000001.json"))
  expect(second).toMatchObject({ chain: "hmac-sha256", previous_sha256: hmac(key, firstBytes) })
  const { sha256: own, ...rest } = second
  expect(own).toBe(hmac(key, JSON.stringify(rest)))
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

test("several garments of one payment get consecutive numbers in one call (appendAll)", async () => {
  const register = new Register(tempDir("maxai-registre-"))
  await register.append(purchase("20261119-0900-ZZZZZZ"))
  const garments = [0, 1, 2].map((index) => purchase("20261120-0900-AAAAAA", { item: { ...purchase("x").item, index, nature: `Article ${index}` } }))
  const written = await register.appendAll(garments)
  expect(written?.map((entry) => [entry.number, entry.item.index])).toEqual([
    [2, 0],
    [3, 1],
    [4, 2],
  ])
  expect(await register.verify()).toEqual({ ok: true, count: 4 })
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
  expect(csv.split("\r\n")[0]).toContain(';nature;marque;taille;couleur;"signes distinctifs (étiquettes, marques)";état;description;provenance;prix (€);')
  expect(csv).toMatch(/\r\n2;[^;]+;1;Prix payé : 30 €;20261120-0900-AAAAAA;particulier;Martin;/)
  // The payment's day read as a date, like the moment of entry (never 2026-11-27 beside 27/11/2026 09:03).
  expect(csv).toContain("30;Virement;27/11/2026;")
  expect(csv).not.toMatch(/;\d{4}-\d{2}-\d{2};/)
})

test("the CSV keeps a multi-line field's line breaks inside its quoted cell, and the date of entry in the shop's time (Paris)", async () => {
  const register = new Register(tempDir("maxai-registre-"))
  const entry = await register.append(
    purchase("20261120-0900-AAAAAA", { seller: { ...purchase("x").seller, address: "12, rue de l'Église\nAppartement 3B\n69002 Lyon" } }),
  )
  const csv = registerCsv([{ ...entry, recorded_at: "2026-11-27T08:03:17.715Z" }])
  expect(csv.split("\r\n")[1]).toMatch(/^1;27\/11\/2026 09:03;;/)
  expect(csv).toContain(`"12, rue de l'Église\nAppartement 3B\n69002 Lyon"`)
  expect(csv).toContain(`"Étiquette d'origine\nPetit accroc au col"`)
})

test("npm run registre -- verify: an intact register passes; an entry rewritten without the key (its SHA-256 recomputed) is named and the exit is non-zero", async () => {
  const dir = tempDir("maxai-registre-")
  const register = new Register(dir)
  for (const suffix of ["AAAAAA", "BBBBBB", "CCCCCC"]) await register.append(purchase(`20261120-0900-${suffix}`))
  const intact = await verifyCommand(dir)
  expect(intact.code).toBe(0)
  expect(intact.out).toContain("Registre intact : 3 entrée(s) vérifiée(s)")
  expect(intact.out).toContain("rien ne manque depuis le point de contrôle n° 3")

  // Someone lowers the price of entry 2 and recomputes its fingerprint the only way they can, without the key.
  forge(path.join(dir, "00000002.json"), (entry) => (entry.price_cents = 100))
  const altered = await verifyCommand(dir)
  expect(altered.code).toBe(1)
  expect(altered.err.trim()).toBe("Registre altéré : l'entrée n° 2 a été modifiée : son empreinte ne correspond pas à la clé du registre et à son contenu.")
})

test("an entry appended by hand with a recomputed plain SHA-256 (linked to the last one's bytes) fails, with or without a « chain » field", async () => {
  const dir = tempDir("maxai-registre-")
  const register = new Register(dir)
  for (const suffix of ["AAAAAA", "BBBBBB"]) await register.append(purchase(`20261120-0900-${suffix}`))
  const copy = (text: string) => writeFileSync(path.join(dir, "00000003.json"), text)
  copy(readFileSync(path.join(dir, "00000002.json"), "utf8"))
  forge(path.join(dir, "00000003.json"), (entry) => ((entry.number = 3), delete entry.chain), path.join(dir, "00000002.json"))
  expect(await register.verify()).toEqual({
    ok: false,
    count: 3,
    number: 3,
    problem: "l'entrée n° 3 n'a pas été écrite par le site : elle n'est pas signée avec la clé du registre (entrée ajoutée ou refaite à la main).",
  })
  forge(path.join(dir, "00000003.json"), (entry) => (entry.chain = "hmac-sha256"), path.join(dir, "00000002.json"))
  const run = await verifyCommand(dir)
  expect(run.code).toBe(1)
  expect(run.err).toContain("Registre altéré : l'entrée n° 3 a été modifiée : son empreinte ne correspond pas à la clé du registre")
})

test("the last entry edited by hand, or an entry deleted in the middle, is named too", async () => {
  const dir = tempDir("maxai-registre-")
  const register = new Register(dir)
  for (const suffix of ["AAAAAA", "BBBBBB", "CCCCCC"]) await register.append(purchase(`20261120-0900-${suffix}`))
  const last = path.join(dir, "00000003.json")
  const original = readFileSync(last, "utf8")
  writeFileSync(last, original.replace('"Martin"', '"Dupont"'))
  expect(await register.verify()).toMatchObject({ ok: false, number: 3, problem: expect.stringMatching(/^l'entrée n° 3 a été modifiée/) })
  writeFileSync(last, original)
  unlinkSync(path.join(dir, "00000002.json"))
  const gap = await verifyCommand(dir)
  expect(gap.code).toBe(1)
  expect(gap.err).toContain("Registre altéré : l'entrée n° 2 manque (supprimée ou renommée).")
})

test("an entry whose file is replaced by a folder, or cut mid-way: « Registre altéré » named, the entries before it listed, no new number, never a crash", async () => {
  const dir = tempDir("maxai-registre-")
  const register = new Register(dir)
  for (const suffix of ["AAAAAA", "BBBBBB", "CCCCCC"]) await register.append(purchase(`20261120-0900-${suffix}`))
  const third = path.join(dir, "00000003.json")
  const bytes = readFileSync(third)
  writeFileSync(third, bytes.subarray(0, 40))
  expect(await register.verify()).toMatchObject({ ok: false, number: 3, problem: expect.stringMatching(/^l'entrée n° 3 est illisible/) })
  expect((await register.list()).map((entry) => entry.number)).toEqual([1, 2])
  unlinkSync(third)
  mkdirSync(third)
  expect(await register.verify()).toMatchObject({ ok: false, number: 3, problem: expect.stringMatching(/^l'entrée n° 3 est illisible/) })
  expect((await register.list()).map((entry) => entry.number)).toEqual([1, 2])
  await expect(register.append(purchase("20261120-0900-DDDDDD"))).rejects.toThrow(/^Le registre est altéré : l'entrée n° 3 est illisible\./)
  const command = await verifyCommand(dir)
  expect(command.code).toBe(1)
  expect(command.err).toContain("Registre altéré : l'entrée n° 3 est illisible")
})

test("an entry outside the register's schema (no document type, a method not in the list, an unknown field, a text too long) is refused whole, in French, before it is signed", async () => {
  const dir = tempDir("maxai-registre-")
  const register = new Register(dir)
  await register.append(purchase("20261120-0900-AAAAAA"))
  const good = purchase("20261120-0900-BBBBBB")
  const { id_type: _missing, ...withoutType } = good.seller
  const refused: [NewEntry, RegExp][] = [
    [{ ...good, seller: withoutType as NewEntry["seller"] }, /« seller › id_type »/],
    [{ ...good, payment_method: "valueOf" }, /« payment_method »/],
    [{ ...good, seller: { ...good.seller, id_type: "toString" } }, /« seller › id_type »/],
    [{ ...good, extra: "x" } as NewEntry, /« extra »/],
    [{ ...good, item: { ...good.item, brand: "L".repeat(101) } }, /« item › brand »/],
  ]
  for (const [entry, field] of refused) {
    await expect(register.appendAll([purchase("20261120-0900-CCCCCC"), entry])).rejects.toThrow(field)
  }
  await expect(register.append({ ...good, payment_method: "valueOf" })).rejects.toThrow(
    /^L'inscription au registre est refusée : le champ « payment_method » n'est pas valable/,
  )
  expect((await register.list()).map((entry) => entry.number)).toEqual([1])
  expect(await register.verify()).toEqual({ ok: true, count: 1 })
})

test("a register written before the key: its entries verify with plain SHA-256, the key records them, later ones are keyed; a lost key is never replaced", async () => {
  const dir = tempDir("maxai-registre-")
  // Two entries as the site wrote them before the key existed (no « chain », plain SHA-256).
  const { mkdirSync } = await import("node:fs")
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  let previous = "0".repeat(64)
  for (const number of [1, 2]) {
    const base = { number, recorded_at: "2026-11-20T09:00:00.000Z", ...purchase(`20261120-0900-AAAAA${number}`), previous_sha256: previous }
    const bytes = `${JSON.stringify({ ...base, sha256: sha256(JSON.stringify(base)) }, null, 2)}\n`
    writeFileSync(path.join(dir, `0000000${number}.json`), bytes, { mode: 0o600 })
    previous = sha256(bytes)
  }
  expect(existsSync(`${dir}-cle`)).toBe(false)
  const register = new Register(dir)
  // Written before the checkpoints too: none covers them until the next one.
  expect(await register.verify()).toEqual({ ok: true, count: 2, uncheckpointed: 2 })
  expect(JSON.parse(readFileSync(`${dir}-cle`, "utf8"))).toMatchObject({ unkeyed_entries: 2 })
  const third = await register.append(purchase("20261121-0900-CCCCCC"))
  expect(third).toMatchObject({ number: 3, chain: "hmac-sha256", previous_sha256: hmac(keyOf(dir), readFileSync(path.join(dir, "00000002.json"))) })
  expect(await register.verify()).toEqual({ ok: true, count: 3 })

  // The key lost while keyed entries exist: never replaced by a new one (that would bless a forged register).
  unlinkSync(`${dir}-cle`)
  const fresh = new Register(dir)
  expect(await fresh.verify()).toMatchObject({ ok: false, problem: expect.stringContaining("la clé du registre") })
  await expect(fresh.append(purchase("20261122-0900-DDDDDD"))).rejects.toThrow(/restaurez-la depuis la sauvegarde/)
  expect(existsSync(`${dir}-cle`)).toBe(false)
  expect(readdirSync(dir)).toHaveLength(3)
})
