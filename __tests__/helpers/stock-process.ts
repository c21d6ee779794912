/**
 * A process of its own for the stock's tests (__tests__/server/stock-book.test.ts, database.test.ts),
 * run with tsx: over REGISTER_DIR, STOCK_DIR and DATABASE_PATH it changes the asking price of
 * garment n° `argv[2]` (1 by default) again and again (a new change in the log each time),
 * printing the count of changes done as one line each, until it is killed, or `argv[3]` changes
 * are done (then it exits 0). With GO_FILE set, it prints « prêt » once the database is open and
 * waits for that file to exist before its first change (two writers then start together).
 */
import { existsSync } from "node:fs"
import { Register } from "../../src/server/register/register"
import { openDatabase } from "../../src/server/database/database"
import { readDatabaseSettings, readRegisterSettings, readStockSettings } from "../../src/server/settings"
import { StockBook } from "../../src/server/stock/book"

async function main(): Promise<void> {
  const number = Number(process.argv[2] ?? 1)
  const count = Number(process.argv[3] ?? Infinity)
  const database = openDatabase(readDatabaseSettings().settings.file)
  const book = new StockBook(readStockSettings().settings.dir, new Register(readRegisterSettings().settings.dir), database)
  const go = process.env.GO_FILE
  if (go) {
    process.stdout.write("prêt\n")
    while (!existsSync(go)) await new Promise((done) => setTimeout(done, 5))
  }
  for (let step = 1; step <= count; step++) {
    const item = await book.item(number)
    if (!item) throw new Error(`article n° ${number} absent`)
    const outcome = await book.change(number, item.version, () => ({ ok: true, change: { kind: "listing", listing: { asking_cents: step * 100 } } }))
    if (!outcome.ok) throw new Error(outcome.error)
    process.stdout.write(`${step}\n`)
  }
  database.close()
}

void main()
