/**
 * @jest-environment node
 *
 * The shop's database (src/server/database/, issue 56) on real files and processes: opened private,
 * in WAL with FULL synchronous writes and foreign keys; the numbered migrations applied once, in
 * order; a migration that fails leaves the database as it was and the server refuses to start in
 * French, as it does on a database written by a newer version; two processes writing at once never
 * meet « database is locked »; `npm run backup` while the server runs, restored and read again.
 */
import { spawn } from "node:child_process"
import { statSync, writeFileSync } from "node:fs"
import path from "node:path"
import Sqlite from "better-sqlite3"
import { openDatabase } from "../../src/server/database/database"
import { DatabaseRefusal, migrate, migrationsIn, schemaNumber } from "../../src/server/database/migrations"
import { Register } from "../../src/server/register/register"
import { StockBook } from "../../src/server/stock/book"
import { ROOT, tempDir } from "../helpers/estimate-server"
import { runScript } from "../helpers/run-script"
import { garmentEntry } from "../helpers/stock"
import { loginCookie, startStudioServer } from "../helpers/studio-server"

jest.setTimeout(60_000)

const REQUEST = "20261102-0900-K7Q2MX"
const tables = (db: Sqlite.Database) =>
  (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((row) => row.name)

it("opens a new database private, in WAL, with FULL synchronous writes and foreign keys, at the last migration's number", () => {
  const file = path.join(tempDir("maxai-base-"), "donnees", "shop.sqlite")
  const db = openDatabase(file)
  expect(db.pragma("journal_mode", { simple: true })).toBe("wal")
  // 2 = FULL: a transaction is on the disk when it returns.
  expect(db.pragma("synchronous", { simple: true })).toBe(2)
  expect(db.pragma("foreign_keys", { simple: true })).toBe(1)
  expect(schemaNumber(db)).toBe(migrationsIn().length)
  expect(tables(db)).toEqual(expect.arrayContaining(["file_imports", "stock_changes"]))
  db.prepare("SELECT 1").get()
  expect(statSync(file).mode & 0o777).toBe(0o600)
  expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700)
  db.close()
  // Opened again: nothing to apply, nothing changed.
  const again = new Sqlite(file)
  expect(migrate(again, file)).toEqual([])
  again.close()
})

it("a migration that fails leaves the database as it was, at its number, and says so in French", () => {
  const file = path.join(tempDir("maxai-base-"), "shop.sqlite")
  openDatabase(file).close()
  const db = new Sqlite(file)
  const known = migrationsIn()
  const broken = { number: known.length + 1, name: "9999-cassee.sql", sql: "CREATE TABLE half_made (a INTEGER); INSERT INTO no_such_table VALUES (1);" }
  expect(() => migrate(db, file, [...known, broken])).toThrow(DatabaseRefusal)
  expect(() => migrate(db, file, [...known, broken])).toThrow(
    `La base de données ${file} n'a pas pu être mise à jour (migration 9999-cassee.sql : no such table: no_such_table). Elle est restée telle qu'elle était, au schéma n° ${known.length} ; rien n'a été changé.`,
  )
  expect(tables(db)).not.toContain("half_made")
  expect(schemaNumber(db)).toBe(known.length)
  db.close()
})

it("the server refuses to start, in French, on a database written by a newer version, and leaves it untouched", async () => {
  const file = path.join(tempDir("maxai-base-"), "shop.sqlite")
  const newer = new Sqlite(file)
  newer.exec("CREATE TABLE future (a INTEGER)")
  newer.pragma("user_version = 99")
  newer.close()
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "src/server/host/serve.ts")], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_PATH: file, PORT: "0", HOST: "127.0.0.1", LEADS_DIR: tempDir() },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let err = ""
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk))
  const code = await new Promise((done) => child.once("exit", done))
  expect(code).toBe(1)
  expect(err).toContain(
    `serve : le serveur ne démarre pas : La base de données ${file} est au schéma n° 99, écrit par une version plus récente du site (celle-ci connaît jusqu'au n° ${migrationsIn().length}) : rien n'y a été changé.`,
  )
  const after = new Sqlite(file, { readonly: true })
  expect(schemaNumber(after)).toBe(99)
  expect(tables(after)).toEqual(["future"])
  after.close()
})

/** A register of two garments, a stock folder and a database beside them, in one temporary folder. */
async function twoGarments() {
  const dir = tempDir("maxai-base-")
  const register = new Register(path.join(dir, "registre"))
  await register.append(garmentEntry(REQUEST, { index: 0 }, 1500, "2026-11-03"))
  await register.append(garmentEntry(REQUEST, { index: 1, brand: "Ralph Lauren" }, 2050, "2026-11-03"))
  return { dir, register, file: path.join(dir, "shop.sqlite"), stockDir: path.join(dir, "stock") }
}

/** A writer process (__tests__/helpers/stock-process.ts): `ready` once its database is open, `done` when it exits. */
function writer(env: Record<string, string>, item: number, count: number) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "__tests__/helpers/stock-process.ts"), String(item), String(count)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let err = ""
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (err += chunk))
  const ready = new Promise<void>((done) => child.stdout!.setEncoding("utf8").on("data", (chunk: string) => chunk.includes("prêt") && done()))
  const done = new Promise<{ code: number | null; err: string }>((resolve) => child.once("exit", (code) => resolve({ code, err })))
  return { ready, done }
}

it("two processes writing the stock at once both finish: no « database is locked », every change numbered once", async () => {
  const { register, file, stockDir } = await twoGarments()
  openDatabase(file).close()
  const go = path.join(path.dirname(file), "partez")
  const env = { REGISTER_DIR: register.dir, STOCK_DIR: stockDir, DATABASE_PATH: file, GO_FILE: go }
  const writers = [writer(env, 1, 200), writer(env, 2, 200)]
  // Both open, then both start at once: their transactions overlap for real.
  await Promise.all(writers.map((each) => each.ready))
  writeFileSync(go, "")
  const [first, second] = await Promise.all(writers.map((each) => each.done))
  expect(first).toEqual({ code: 0, err: "" })
  expect(second).toEqual({ code: 0, err: "" })
  const db = openDatabase(file)
  const book = new StockBook(stockDir, register, db)
  const changes = await book.changes()
  expect(changes.map((change) => change.seq)).toEqual(changes.map((_, index) => index + 1))
  expect(changes.filter((change) => change.item === 1)).toHaveLength(200)
  expect(changes.filter((change) => change.item === 2)).toHaveLength(200)
  // They did write in turns (the log alternates between the two garments), not one after the other.
  const turns = changes.filter((change, index) => index > 0 && change.item !== changes[index - 1]!.item).length
  expect(turns).toBeGreaterThan(2)
  expect((await book.item(2))!.version).toBe(String(changes.filter((change) => change.item === 2).at(-1)!.seq))
  db.close()
})

/** A server on the register, once its start's upkeep is over (its checkpoint written): stopped before, it would still read the register. */
async function serverOn(register: Register, stockDir: string, database?: Sqlite.Database) {
  const before = (await register.checkpoints.latest())?.number ?? 0
  const studio = await startStudioServer({ registerDir: register.dir, stock: { dir: stockDir, vatRateHundredths: 2000 }, ...(database ? { database } : {}) })
  while (((await register.checkpoints.latest())?.number ?? 0) <= before) await new Promise((done) => setTimeout(done, 20))
  return studio
}

it("npm run backup copies the database while the server runs; the copy, restored, shows the same stock", async () => {
  const { register, stockDir } = await twoGarments()
  const studio = await serverOn(register, stockDir)
  const restored = tempDir("maxai-restaure-")
  try {
    const book = new StockBook(stockDir, register, studio.database)
    const item = (await book.item(1))!
    await book.change(1, item.version, () => ({ ok: true, change: { kind: "listing", listing: { asking_cents: 4500 } } }))
    const live = path.join(studio.dir, "data", "shop.sqlite")
    const target = path.join(restored, "sauvegarde.sqlite")
    const run = await runScript("backup.ts", [target], { env: { DATABASE_PATH: live } })
    expect(run.err).toBe("")
    expect(run.code).toBe(0)
    expect(run.out).toMatch(new RegExp(`^Sauvegarde écrite et vérifiée : ${target} \\(schéma n° ${migrationsIn().length}, \\d+ pages\\)`))
    expect(statSync(target).mode & 0o777).toBe(0o600)
    // Never over another backup.
    const again = await runScript("backup.ts", [target], { env: { DATABASE_PATH: live } })
    expect(again.code).toBe(1)
    expect(again.err).toContain("existe déjà : choisissez un autre nom")
    // Restored as docs/operations/backups.md says: the file put back as DATABASE_PATH, the server started on it.
    const cookie = await loginCookie(studio.base)
    const pageOf = async (base: string, login: string) => (await fetch(`${base}/admin/stock/1`, { headers: { Cookie: login, Accept: "text/html" } })).text()
    const before = await pageOf(studio.base, cookie)
    expect(before).toMatch(/45,00\s€/)
    const second = await serverOn(register, stockDir, openDatabase(target))
    try {
      expect(await pageOf(second.base, await loginCookie(second.base))).toBe(before)
    } finally {
      await second.stop()
    }
  } finally {
    await studio.stop()
  }
})
