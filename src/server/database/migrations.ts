/**
 * The database's schema as numbered migrations: `migrations/NNNN-name.sql`, run in their order at
 * the server's start (and by each command line) before anything reads a record. The schema's
 * number is SQLite's `PRAGMA user_version`: the number of the last migration applied.
 *
 * What must stay true:
 * - a migration is never edited once released: a change to the schema is a new file with the
 *   next number (a database made by an older version is brought up to date by the files it lacks);
 * - each migration and its new number commit together or not at all: one that fails leaves the
 *   database exactly as it was, and the caller refuses to go on (DatabaseRefusal, in French);
 * - a database whose number is higher than the last file's was written by a newer version of the
 *   site: it is refused, never used by code that does not know its tables.
 */
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import type { Database } from "better-sqlite3"

export type Migration = { readonly number: number; readonly name: string; readonly sql: string }

/** A database this version cannot use; the message is the owner's and the server's words. */
export class DatabaseRefusal extends Error {}

const FILE = /^(\d{4})-[a-z0-9-]+\.sql$/

/** The migrations of `dir`, in order; numbered 1, 2, 3… without a gap (checked: a missing file would skip a change). */
export function migrationsIn(dir = path.join(__dirname, "migrations")): Migration[] {
  const migrations = readdirSync(dir)
    .filter((name) => FILE.test(name))
    .sort()
    .map((name) => ({ number: Number(FILE.exec(name)![1]), name, sql: readFileSync(path.join(dir, name), "utf8") }))
  migrations.forEach((migration, index) => {
    if (migration.number !== index + 1) throw new Error(`migrations : ${migration.name} devrait porter le numéro ${index + 1}`)
  })
  return migrations
}

/** The schema's number the database is at (0: a new, empty database). */
export function schemaNumber(db: Database): number {
  return db.pragma("user_version", { simple: true }) as number
}

/** Applies the migrations `db` lacks, each in its own transaction; returns the names applied. */
export function migrate(db: Database, file: string, migrations: readonly Migration[] = migrationsIn()): string[] {
  const known = migrations.at(-1)?.number ?? 0
  const current = schemaNumber(db)
  if (current > known) {
    throw new DatabaseRefusal(
      `La base de données ${file} est au schéma n° ${current}, écrit par une version plus récente du site (celle-ci connaît jusqu'au n° ${known}) : rien n'y a été changé. Installez la version du site qui l'a écrite, ou restaurez une sauvegarde de cette version (docs/operations/backups.md).`,
    )
  }
  const applied: string[] = []
  for (const migration of migrations.filter((each) => each.number > current)) {
    try {
      db.transaction(() => {
        db.exec(migration.sql)
        db.pragma(`user_version = ${migration.number}`)
      }).immediate()
    } catch (error) {
      throw new DatabaseRefusal(
        `La base de données ${file} n'a pas pu être mise à jour (migration ${migration.name} : ${(error as Error).message}). Elle est restée telle qu'elle était, au schéma n° ${schemaNumber(db)} ; rien n'a été changé.`,
      )
    }
    applied.push(migration.name)
  }
  return applied
}
