/**
 * `npm run stock`: the stock book's exports on the server (DATABASE_PATH, STOCK_DIR, REGISTER_DIR,
 * STOCK_VAT_RATE, and LEADS_DIR for the postage refunded with each purchase; src/server/stock/),
 * the same four files as « Exports comptables ».
 *
 *   npm run stock -- export --from 2026-01-01 --to 2026-12-31 [--dir out/]
 *
 * The files are written mode 600 into --dir (the current folder by default), named after the
 * period (achats_2026-01-01_2026-12-31.csv, ventes_…, marges_…, stock_…).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { Register } from "../src/server/register/register"
import { readDatabaseSettings, readLeadsSettings, readRegisterSettings, readStockSettings } from "../src/server/settings"
import { openDatabase } from "../src/server/database/database"
import { Buybacks } from "../src/server/buyback/store"
import { paidPostage } from "../src/server/buyback/payment-steps"
import { Outbox } from "../src/server/leads/outbox"
import { StockBook } from "../src/server/stock/book"
import { exportFiles, periodFigures, periodPostages, readPeriod, vatSentence } from "../src/server/stock/exports"
import { clock } from "../src/server/clock"

const USAGE = "Utilisation : npm run stock -- export --from AAAA-MM-JJ --to AAAA-MM-JJ [--dir dossier/]"

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? args[index + 1] : undefined
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2)
  if (command !== "export") {
    console.error(USAGE)
    return 2
  }
  const register = readRegisterSettings()
  const stock = readStockSettings()
  const database = readDatabaseSettings()
  // LEADS_DIR only (its mail settings do not matter to an export).
  const leadsDir = readLeadsSettings().settings.dir
  const problems = [...register.problems, ...stock.problems, ...database.problems]
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem)
    return 2
  }
  const period = readPeriod({ du: option(args, "from") ?? "", au: option(args, "to") ?? "" }, clock.now())
  if ("problem" in period) {
    console.error(`${period.problem}\n${USAGE}`)
    return 2
  }
  const dir = path.resolve(option(args, "dir") ?? ".")
  const registerBook = new Register(register.settings.dir)
  // Migrated (and the stock's old log imported) as at the server's start; the server may be running: they share the file.
  const book = new StockBook(stock.settings.dir, registerBook, openDatabase(database.settings.file))
  const items = await book.items()
  // The postage as the page reads it (src/server/host/app.ts stockRoom): from each purchase's record.
  const postages = await periodPostages(items, period, paidPostage(new Buybacks(new Outbox(leadsDir), registerBook)))
  const figures = periodFigures(items, period, stock.settings.vatRateHundredths, postages)
  mkdirSync(dir, { recursive: true })
  for (const file of exportFiles(figures)) {
    writeFileSync(path.join(dir, file.name), file.csv, { mode: 0o600 })
    console.log(`${file.title} : ${path.join(dir, file.name)}`)
  }
  console.log(vatSentence(figures).replace(/[\u00a0\u202f]/g, " "))
  return 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`stock : ${(error as Error).message}`)
    process.exit(2)
  },
)
