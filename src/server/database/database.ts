/**
 * The shop's database: one SQLite file at DATABASE_PATH (default data/shop.sqlite, outside public/
 * and git), opened once by the server and once by each command line, through better-sqlite3
 * (synchronous: a statement or a transaction runs whole before any other code of the process).
 * What it holds: docs/database.md; its schema: ./migrations/.
 *
 * What must stay true:
 * - the file and its journals are private (mode 600, folder 700): they hold the shop's books;
 * - WAL, so the server's pages read while a command line writes; a busy timeout, so a writer
 *   waits for another (the server and `npm run stock` at once) instead of failing « database is
 *   locked »; `synchronous = FULL`: a change is on the disk when its transaction returns, so what
 *   a page said was saved survives a power cut;
 * - foreign keys enforced;
 * - nothing reads a record before the migrations ran (openDatabase runs them, or refuses).
 */
import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs"
import path from "node:path"
import Sqlite, { type Database } from "better-sqlite3"
import { migrate, type Migration } from "./migrations"

export type { Database }

/** How long a statement waits for another connection's write to end before failing (ms). */
export const BUSY_TIMEOUT_MS = 15_000

/** Opens (creating it if needed) the database at `file`, private, migrated; DatabaseRefusal when it cannot be used. */
export function openDatabase(file: string, migrations?: readonly Migration[]): Database {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  // Created private before SQLite opens it: its journals (-wal, -shm) take the file's mode.
  closeSync(openSync(file, "a", 0o600))
  chmodSync(file, 0o600)
  const db = new Sqlite(file, { timeout: BUSY_TIMEOUT_MS })
  try {
    db.pragma("journal_mode = WAL")
    db.pragma("synchronous = FULL")
    db.pragma("foreign_keys = ON")
    migrate(db, file, migrations)
  } catch (error) {
    db.close()
    throw error
  }
  return db
}
