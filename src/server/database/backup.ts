/**
 * A backup of the shop's database while the server runs (`npm run backup -- <file>`,
 * docs/operations/backups.md): SQLite's online backup, page by page, of a coherent moment of the
 * database (the changes committed before it started; the server goes on writing meanwhile).
 *
 * What must stay true: the copy is private (mode 600), never written over an existing file, and
 * checked before it is reported written (SQLite's integrity check, and its schema's number): a
 * backup that says « écrite » can be restored. The register's key stays a file of its own, backed
 * up apart (docs/operations/backups.md#what-to-back-up).
 */
import { chmodSync, existsSync, rmSync } from "node:fs"
import Sqlite from "better-sqlite3"
import { BUSY_TIMEOUT_MS } from "./database"
import { schemaNumber } from "./migrations"

export type BackupOutcome = { ok: true; schema: number; pages: number } | { ok: false; problem: string }

export async function backupDatabase(source: string, target: string): Promise<BackupOutcome> {
  if (!existsSync(source)) return { ok: false, problem: `Aucune base de données à ${source} (DATABASE_PATH) : rien à sauvegarder.` }
  if (existsSync(target)) return { ok: false, problem: `${target} existe déjà : choisissez un autre nom, une sauvegarde n'en remplace jamais une autre.` }
  // Not migrated: a backup copies what is there, whichever version wrote it.
  const db = new Sqlite(source, { fileMustExist: true, timeout: BUSY_TIMEOUT_MS })
  try {
    const { totalPages } = await db.backup(target)
    chmodSync(target, 0o600)
    const copy = new Sqlite(target, { readonly: true, fileMustExist: true })
    try {
      const check = copy.pragma("integrity_check", { simple: true })
      if (check !== "ok") {
        rmSync(target, { force: true })
        return { ok: false, problem: `La copie de ${source} n'a pas passé la vérification de SQLite (${String(check)}) : elle a été effacée, recommencez.` }
      }
      return { ok: true, schema: schemaNumber(copy), pages: totalPages }
    } finally {
      copy.close()
    }
  } finally {
    db.close()
  }
}
