/**
 * `npm run backup -- <file>`: a copy of the shop's database (DATABASE_PATH) taken while the server
 * runs, checked, mode 600 (src/server/database/backup.ts). Restoring it: docs/operations/backups.md.
 *
 *   npm run backup -- /sauvegardes/boutique-2026-12-02.sqlite
 */
import path from "node:path"
import { backupDatabase } from "../src/server/database/backup"
import { readDatabaseSettings } from "../src/server/settings"

const USAGE = "Utilisation : npm run backup -- <fichier de la sauvegarde>"

async function main(): Promise<number> {
  const [target, ...rest] = process.argv.slice(2)
  if (!target || rest.length > 0) {
    console.error(USAGE)
    return 2
  }
  const { settings, problems } = readDatabaseSettings()
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem)
    return 2
  }
  const outcome = await backupDatabase(settings.file, path.resolve(target))
  if (!outcome.ok) {
    console.error(outcome.problem)
    return 1
  }
  console.log(
    `Sauvegarde écrite et vérifiée : ${path.resolve(target)} (schéma n° ${outcome.schema}, ${outcome.pages} pages). La clé du registre se sauvegarde à part.`,
  )
  return 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`sauvegarde : ${(error as Error).message}`)
    process.exit(1)
  },
)
