/**
 * A process of its own for the stock's crash test (__tests__/server/stock-book.test.ts), run with
 * tsx: over REGISTER_DIR and STOCK_DIR it changes garment n° 1's asking price again and again (a
 * new change in the log each time), printing the count of changes done as one line each, until it
 * is killed.
 */
import { Register } from "../../src/server/register/register"
import { readRegisterSettings, readStockSettings } from "../../src/server/settings"
import { StockBook } from "../../src/server/stock/book"

async function main(): Promise<void> {
  const book = new StockBook(readStockSettings().settings.dir, new Register(readRegisterSettings().settings.dir))
  for (let step = 1; ; step++) {
    const item = await book.item(1)
    if (!item) throw new Error("article n° 1 absent")
    const outcome = await book.change(1, item.version, () => ({ ok: true, change: { kind: "listing", listing: { asking_cents: step * 100 } } }))
    if (!outcome.ok) throw new Error(outcome.error)
    process.stdout.write(`${step}\n`)
  }
}

void main()
