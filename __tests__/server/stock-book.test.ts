/**
 * @jest-environment node
 *
 * The stock as a fold of the register and its own change log (src/server/stock/book.ts, fold.ts;
 * issue 47), the log in a real database file (issue 56): a register correction replaces the
 * corrected entry's values under its order number; changes apply in order, a mistake undone by a
 * new change; the log refuses an edit or a deletion; nothing but the register and the log is read;
 * two devices, and two processes; kill -9 of a real process during the changes leaves the log whole.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { statSync } from "node:fs"
import path from "node:path"
import { openDatabase, type Database } from "../../src/server/database/database"
import { Register } from "../../src/server/register/register"
import { CHANGED_ELSEWHERE, StockBook, type Decision } from "../../src/server/stock/book"
import { ROOT, tempDir } from "../helpers/estimate-server"
import { garmentEntry } from "../helpers/stock"

const REQUEST = "20261102-0900-K7Q2MX"
const sale = { price_cents: 4000, date: "2026-11-20", channel: "vinted" as const, fees_cents: 300, reference: "" }

async function twoGarments(): Promise<{ register: Register; book: StockBook; dir: string; db: Database; file: string }> {
  const register = new Register(tempDir("maxai-registre-"))
  await register.append(garmentEntry(REQUEST, { index: 0 }, 1500, "2026-11-03"))
  await register.append(garmentEntry(REQUEST, { index: 1, brand: "Ralph Lauren" }, 2050, "2026-11-03"))
  const data = tempDir("maxai-stock-")
  const file = path.join(data, "shop.sqlite")
  const db = openDatabase(file)
  const dir = path.join(data, "stock")
  return { register, book: new StockBook(dir, register, db), dir, db, file }
}

it("one item per garment bought; a register correction's values replace the entry's, under its order number", async () => {
  const { register, book } = await twoGarments()
  await register.append({ ...garmentEntry(REQUEST, { index: 0, nature: "Pull" }, 1800, "2026-11-03"), rectifies: 1, correction: "prix et nature" })
  await register.append({
    ...garmentEntry(REQUEST, { index: 0, nature: "Pull", brand: "Lacoste Live" }, 1800, "2026-11-03"),
    rectifies: 3,
    correction: "marque",
  })
  const items = await book.items()
  expect(items.map((item) => [item.number, item.garment.brand, item.garment.nature, item.cost_cents])).toEqual([
    [1, "Lacoste Live", "Pull", 1800],
    [2, "Ralph Lauren", "Polo", 2050],
  ])
})

it("applies the changes in order; a sale recorded by mistake is undone by a new change and stays in the history", async () => {
  const { book, db, file } = await twoGarments()
  const step = async (body: Decision) => {
    const item = (await book.item(1))!
    const outcome = await book.change(1, item.version, () => body)
    expect(outcome.ok).toBe(true)
    return outcome.ok ? outcome.item : null
  }
  expect((await step({ ok: true, change: { kind: "listing", listing: { asking_cents: 4500 } } }))!.status).toBe("en_vente")
  expect((await step({ ok: true, change: { kind: "sale", sale } }))!.status).toBe("vendu")
  const back = (await step({ ok: true, change: { kind: "back_in_stock", note: "vente annulée par l'acheteuse" } }))!
  expect(back.status).toBe("en_vente")
  expect(back.sale).toBeUndefined()
  const withdrawn = (await step({ ok: true, change: { kind: "withdrawal", reason: "abime" } }))!
  expect(withdrawn).toMatchObject({ status: "retire", version: "4", withdrawal: { reason: "abime" } })
  expect(withdrawn.history.map((change) => change.kind)).toEqual(["listing", "sale", "back_in_stock", "withdrawal"])
  // Nothing deleted: the log holds every change, numbered from 1, and refuses to be rewritten.
  expect((await book.changes()).map((change) => change.seq)).toEqual([1, 2, 3, 4])
  expect(() => db.prepare("UPDATE stock_changes SET change = '{}' WHERE seq = 2").run()).toThrow("le journal du stock ne se modifie jamais")
  expect(() => db.prepare("DELETE FROM stock_changes WHERE seq = 4").run()).toThrow("le journal du stock ne se modifie jamais")
  expect((await book.item(1))!.history.map((change) => change.kind)).toEqual(["listing", "sale", "back_in_stock", "withdrawal"])
  // The shop's books are private: the database and its journal, in a private folder.
  for (const name of [file, `${file}-wal`]) expect(statSync(name).mode & 0o777).toBe(0o600)
  expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700)
})

it("reads nothing but the register and the log: another connection sees each change at once, a garment paid since appears", async () => {
  const { register, book, dir, file } = await twoGarments()
  const first = (await book.item(2))!
  await book.change(2, first.version, () => ({ ok: true, change: { kind: "sale", sale } }))
  // A second connection to the same file (the command line's, `npm run stock`) folds the same stock.
  const other = openDatabase(file)
  try {
    const elsewhere = new StockBook(dir, register, other)
    expect(await elsewhere.items()).toEqual(await book.items())
    await register.append(garmentEntry(REQUEST, { index: 2, brand: "Tommy Hilfiger" }, 900, "2026-11-21"))
    expect((await elsewhere.items()).map((item) => item.garment.brand)).toEqual(["Lacoste", "Ralph Lauren", "Tommy Hilfiger"])
    // A change made through one connection is refused through the other when the form saw the version before it.
    const withdrawn = await elsewhere.change(2, first.version, () => ({ ok: true, change: { kind: "withdrawal", reason: "abime" } }))
    expect(withdrawn).toMatchObject({ ok: false, status: 409, error: CHANGED_ELSEWHERE })
  } finally {
    other.close()
  }
})

it("two devices marking the same garment sold: one wins, the other is told in French", async () => {
  const { book } = await twoGarments()
  const { version } = (await book.item(1))!
  const outcomes = await Promise.all([
    book.change(1, version, () => ({ ok: true, change: { kind: "sale", sale } })),
    book.change(1, version, () => ({ ok: true, change: { kind: "sale", sale: { ...sale, price_cents: 9900 } } })),
  ])
  // Either may come first (each its own transaction): exactly one is written, the other refused with the winner's sale shown.
  const won = outcomes.filter((outcome) => outcome.ok)
  expect(won).toHaveLength(1)
  const price = won[0]!.ok ? won[0]!.item.sale?.price_cents : null
  expect(outcomes.find((outcome) => !outcome.ok)).toMatchObject({ ok: false, status: 409, error: CHANGED_ELSEWHERE, item: { sale: { price_cents: price } } })
  expect((await book.item(1))!.sale?.price_cents).toBe(price)
  expect(await book.changes()).toHaveLength(1)
})

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL")
})

/** Runs the writer and kills it with SIGKILL once it reported `steps` changes; returns the last one it reported. */
async function runAndKill(registerDir: string, stockDir: string, databaseFile: string, steps: number): Promise<number> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "__tests__/helpers/stock-process.ts")], {
    cwd: ROOT,
    env: { ...process.env, REGISTER_DIR: registerDir, STOCK_DIR: stockDir, DATABASE_PATH: databaseFile },
    stdio: ["ignore", "pipe", "inherit"],
  })
  children.push(child)
  let reported = 0
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      reported = Math.max(reported, Number(chunk.toString("utf8").trim().split("\n").at(-1)))
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

it("kill -9 during the changes leaves the log with every change reported, whole, and the stock readable", async () => {
  const { register, dir, db, file } = await twoGarments()
  db.close()
  let total = 0
  for (const steps of [3, 25]) {
    const reported = await runAndKill(register.dir, dir, file, steps)
    const reopened = openDatabase(file)
    const book = new StockBook(dir, register, reopened)
    const changes = await book.changes()
    // Every change reported done is there; the one under way when killed is there whole, or not at all.
    expect(changes.length).toBeGreaterThanOrEqual(total + reported)
    expect(changes.length).toBeLessThanOrEqual(total + reported + 1)
    expect(changes.map((change) => change.seq)).toEqual(changes.map((_, index) => index + 1))
    const item = (await book.item(1))!
    expect(item).toMatchObject({ status: "en_vente", version: String(changes.length) })
    total = changes.length
    expect(reopened.pragma("integrity_check", { simple: true })).toBe("ok")
    reopened.close()
  }
}, 90_000)
