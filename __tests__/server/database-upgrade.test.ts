/**
 * @jest-environment node
 *
 * The first start of the version with the database on a data folder written by the version before
 * it (__tests__/fixtures/data-before-database/, written by that version's own code; issue 56):
 * the stock's change log imported whole into the database, the same stock folded after as before,
 * the old files kept under a dated name and never read again (a forged snapshot is not trusted),
 * imported once; a log that cannot be read stops the start in French and nothing is changed.
 */
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import type { StockChange } from "../../src/contract/stock"
import { openDatabase } from "../../src/server/database/database"
import { DatabaseRefusal } from "../../src/server/database/migrations"
import { Register } from "../../src/server/register/register"
import { StockBook } from "../../src/server/stock/book"
import { foldStock } from "../../src/server/stock/fold"
import { clockAt } from "../helpers/clock"
import { tempDir } from "../helpers/estimate-server"

clockAt("2026-12-02T09:30:00Z")
const FIXTURE = path.join(__dirname, "../fixtures/data-before-database")

/** A copy of the fixture, as a shop's server holds it the moment the new version is installed. */
function dataFolder() {
  const dir = tempDir("maxai-mise-a-jour-")
  cpSync(FIXTURE, dir, { recursive: true })
  const register = new Register(path.join(dir, "registre"))
  const stockDir = path.join(dir, "stock")
  return { dir, register, stockDir, file: path.join(dir, "shop.sqlite"), oldLog: path.join(stockDir, "changes.json") }
}

let logged: string[] = []
beforeEach(() => {
  logged = []
  jest.spyOn(console, "log").mockImplementation((line: string) => void logged.push(line))
})
afterEach(() => jest.restoreAllMocks())

it("imports the old log whole: the same stock folded after as before, the files kept under a dated name", async () => {
  const { register, stockDir, file, oldLog } = dataFolder()
  const before = foldStock(await register.list(), (JSON.parse(readFileSync(oldLog, "utf8")) as { changes: StockChange[] }).changes)
  const db = openDatabase(file)
  const book = new StockBook(stockDir, register, db)
  const items = await book.items()
  expect(items).toEqual(before)
  expect(items.map((item) => [item.number, item.status, item.version])).toEqual([
    [1, "vendu", "3"],
    [2, "en_vente", "6"],
    [3, "retire", "4"],
  ])
  // n° 2 with its register correction's nature, its history whole (the sale undone kept in it).
  expect(items[1]!.garment.nature).toBe("Pull")
  expect(items[1]!.history.map((change) => change.kind)).toEqual(["listing", "sale", "back_in_stock"])
  expect(readdirSync(stockDir).sort()).toEqual(["changes.importe-2026-12-02.json", "snapshot.importe-2026-12-02.json"])
  expect(db.prepare("SELECT kind, count, kept_as FROM file_imports").all()).toEqual([
    { kind: "stock_changes", count: 6, kept_as: path.join(stockDir, "changes.importe-2026-12-02.json") },
  ])
  expect(logged).toEqual([`stock : 6 changement(s) importé(s) dans la base de données, ${oldLog} gardé sous changes.importe-2026-12-02.json`])
  // A change after the import takes the next number.
  const sold = await book.change(2, "6", () => ({ ok: true, change: { kind: "withdrawal", reason: "don" } }))
  expect(sold).toMatchObject({ ok: true, change: { seq: 7 }, item: { status: "retire", version: "7" } })
  db.close()
})

it("imports once: a log put back after the import (a crash before its rename, a restored folder) is set aside, not added again", async () => {
  const { register, stockDir, file, oldLog } = dataFolder()
  const db = openDatabase(file)
  const imported = await new StockBook(stockDir, register, db).items()
  cpSync(path.join(stockDir, "changes.importe-2026-12-02.json"), oldLog)
  const book = new StockBook(stockDir, register, db)
  expect(await book.changes()).toHaveLength(6)
  expect(await book.items()).toEqual(imported)
  expect(existsSync(oldLog)).toBe(false)
  expect(existsSync(path.join(stockDir, "changes.importe-2026-12-02-2.json"))).toBe(true)
  expect(logged.at(-1)).toBe(`stock : journal déjà importé, ${oldLog} gardé sous changes.importe-2026-12-02-2.json`)
  db.close()
})

it("never reads the old snapshot: a forged one (a 9 999 € « Hermès ») stays out of the stock", async () => {
  const { register, stockDir, file } = dataFolder()
  const snapshotFile = path.join(stockDir, "snapshot.json")
  const snapshot = JSON.parse(readFileSync(snapshotFile, "utf8")) as { key: string; items: Array<Record<string, unknown>> }
  const forged = { ...snapshot.items[0]!, number: 4, garment: { ...(snapshot.items[0]!.garment as object), brand: "Hermès" }, cost_cents: 999_900 }
  writeFileSync(snapshotFile, JSON.stringify({ ...snapshot, items: [...snapshot.items, forged] }))
  const db = openDatabase(file)
  const items = await new StockBook(stockDir, register, db).items()
  expect(items.map((item) => item.garment.brand)).toEqual(["Lacoste", "Ralph Lauren", "Tommy Hilfiger"])
  expect(items.reduce((sum, item) => sum + item.cost_cents, 0)).toBe(1500 + 2050 + 900)
  db.close()
})

it("a log that cannot be read stops the start in French: nothing imported, the file left where it was", async () => {
  const { register, stockDir, file, oldLog } = dataFolder()
  const whole = readFileSync(oldLog, "utf8")
  writeFileSync(oldLog, whole.slice(0, whole.length / 2))
  const db = openDatabase(file)
  const open = () => new StockBook(stockDir, register, db)
  expect(open).toThrow(DatabaseRefusal)
  expect(open).toThrow(
    `Le journal du stock ${oldLog} n'a pas pu être importé dans la base de données (fichier illisible ou tronqué) : rien n'a été importé ni changé.`,
  )
  expect(db.prepare("SELECT count(*) AS n FROM stock_changes").get()).toEqual({ n: 0 })
  expect(db.prepare("SELECT count(*) AS n FROM file_imports").get()).toEqual({ n: 0 })
  expect(readFileSync(oldLog, "utf8")).toBe(whole.slice(0, whole.length / 2))
  // A line out of its rank (one deleted by hand) is refused the same way.
  const changes = (JSON.parse(whole) as { changes: StockChange[] }).changes
  writeFileSync(oldLog, JSON.stringify({ changes: [changes[0], changes[2]] }))
  expect(open).toThrow("(ligne n° 2 incomplète ou hors de son rang)")
  db.close()
})
