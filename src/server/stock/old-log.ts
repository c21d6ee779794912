/**
 * The stock's change log as the versions before the database kept it, STOCK_DIR/changes.json
 * (with a cache of the folded stock, snapshot.json), brought into the table `stock_changes` the
 * first time this version opens the book, then renamed `changes.importe-<day>.json` (and the
 * cache `snapshot.importe-<day>.json`): never deleted, never read again.
 *
 * What must stay true:
 * - the log is imported whole, in one transaction, or not at all: a file that cannot be read, or
 *   whose lines are not numbered 1, 2, 3… each with its garment and date, stops the start with a
 *   DatabaseRefusal in French, and the database and the file stay as they were;
 * - the lines keep their numbers, dates and words: the stock folded after the import is the one
 *   folded before it (a test checks it on a folder written by the older version);
 * - imported once: the import is recorded (`file_imports`) in the same transaction, so a crash
 *   before the rename only renames the file at the next start.
 */
import { existsSync, readFileSync, renameSync } from "node:fs"
import path from "node:path"
import type { StockChange } from "../../contract/stock"
import type { Database } from "../database/database"
import { DatabaseRefusal } from "../database/migrations"
import { shopDay } from "../shop-time"
import { clock } from "../clock"

const KIND = "stock_changes"

/** A name beside `file` for what was imported on `day` that does not exist yet. */
function keptName(file: string, day: string): string {
  const { dir, name, ext } = path.parse(file)
  for (let n = 1; ; n++) {
    const candidate = path.join(dir, `${name}.importe-${day}${n === 1 ? "" : `-${n}`}${ext}`)
    if (!existsSync(candidate)) return candidate
  }
}

function unreadable(file: string, why: string): DatabaseRefusal {
  return new DatabaseRefusal(
    `Le journal du stock ${file} n'a pas pu être importé dans la base de données (${why}) : rien n'a été importé ni changé. Restaurez-le depuis la sauvegarde (docs/operations/backups.md), puis relancez le serveur.`,
  )
}

/** The lines of the old log, checked; a DatabaseRefusal naming what is wrong. */
function linesOf(file: string): StockChange[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"))
  } catch {
    throw unreadable(file, "fichier illisible ou tronqué")
  }
  const changes = (parsed as { changes?: unknown } | null)?.changes
  if (!Array.isArray(changes)) throw unreadable(file, "pas de liste « changes »")
  changes.forEach((change: Partial<StockChange> | null, index) => {
    const whole =
      change &&
      change.seq === index + 1 &&
      Number.isInteger(change.item) &&
      change.item! > 0 &&
      typeof change.at === "string" &&
      typeof change.kind === "string"
    if (!whole) throw unreadable(file, `ligne n° ${index + 1} incomplète ou hors de son rang`)
  })
  return changes as StockChange[]
}

/** Imports STOCK_DIR's old log, if there is one; returns how many lines were imported (null: nothing to do). */
export function importOldLog(db: Database, dir: string, now = clock.now()): number | null {
  const file = path.join(dir, "changes.json")
  if (!existsSync(file)) return null
  const day = shopDay(now)
  const keptAs = keptName(file, day)
  let imported = 0
  const done = db.prepare("SELECT count FROM file_imports WHERE kind = ?").get(KIND)
  if (!done) {
    const changes = linesOf(file)
    db.transaction(() => {
      const already = (db.prepare("SELECT count(*) AS n FROM stock_changes").get() as { n: number }).n
      if (already > 0) throw unreadable(file, `la base de données tient déjà ${already} changements du stock`)
      const insert = db.prepare("INSERT INTO stock_changes (seq, item, at, change) VALUES (?, ?, ?, ?)")
      for (const { seq, item, at, ...body } of changes) insert.run(seq, item, at, JSON.stringify(body))
      db.prepare("INSERT INTO file_imports (kind, at, source, count, kept_as) VALUES (?, ?, ?, ?, ?)").run(
        KIND,
        now.toISOString(),
        file,
        changes.length,
        keptAs,
      )
    }).immediate()
    imported = changes.length
  }
  renameSync(file, keptAs)
  const snapshot = path.join(dir, "snapshot.json")
  if (existsSync(snapshot)) renameSync(snapshot, keptName(snapshot, day))
  console.log(
    `stock : ${done ? "journal déjà importé" : `${imported} changement(s) importé(s) dans la base de données`}, ${file} gardé sous ${path.basename(keptAs)}`,
  )
  return imported
}
