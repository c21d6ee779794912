/**
 * The environment variables of the shop's database and of the two books it keeps (docs/operations/settings.md#database-register-and-stock), read and checked
 * like every other in ./settings.ts, which re-exports them:
 *
 * The register of purchases (src/server/register/, read by the host and by `npm run registre`):
 * - REGISTER_DIR (data/registre/): one file per entry, kept 10 years; outside public/ and git.
 * - REGISTER_KEY_FILE (beside it: data/registre-cle): the key of the entries' HMAC chain, created
 *   mode 600 on first use; outside REGISTER_DIR (whoever has only the folder cannot forge an entry).
 * - REGISTER_CHECKPOINT_DIR (beside it: data/registre-points/): the checkpoints, outside REGISTER_DIR.
 *   The log of consultations lives beside the folder too (data/registre-consultations.jsonl).
 *
 * The shop's database (src/server/database/, opened by the host and by each command line):
 * - DATABASE_PATH (data/shop.sqlite): one SQLite file, mode 600; outside public/ and git.
 *
 * The stock book (src/server/stock/, read by the host and by `npm run stock`):
 * - STOCK_DIR (data/stock/): the garments' photos; outside public/ and git. Its change log is in
 *   the database (a `changes.json` left by an older version is imported at the first start).
 * - STOCK_VAT_RATE (20): the VAT rate of the margin, in percent (« 20 », « 5,5 »), for the exports.
 */
import { statSync } from "node:fs"
import path from "node:path"
import { EnvReader, outsidePublic, runtimeEnv, type Read } from "./env-reader"

export type RegisterSettings = { readonly dir: string; readonly keyFile: string; readonly checkpointDir: string }

/** The defaults beside the register's folder, never inside it: `<dir>-cle`, `<dir>-points/`, `<dir>-consultations.jsonl`. */
export const registerKeyFileBeside = (dir: string) => `${path.resolve(dir)}-cle`
export const registerCheckpointDirBeside = (dir: string) => `${path.resolve(dir)}-points`
export const registerConsultationsBeside = (dir: string) => `${path.resolve(dir)}-consultations.jsonl`

function existingMode(file: string): number | null {
  try {
    return statSync(file).mode & 0o777
  } catch {
    return null
  }
}

const inside = (folder: string, file: string) => {
  const relative = path.relative(folder, file)
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative))
}

/** `root`: the folder a relative REGISTER_DIR is read from (the server's working directory). */
export function readRegisterSettings(env: NodeJS.ProcessEnv = runtimeEnv(), root = process.cwd()): Read<RegisterSettings> {
  const reader = new EnvReader(env)
  const dir = outsidePublic(reader, "REGISTER_DIR", path.resolve(root, reader.text("REGISTER_DIR") ?? path.join("data", "registre")), "un dossier")
  // A default lies beside REGISTER_DIR (checked above); a value given is checked on its own.
  const apart = (name: string, fallback: string, what: string) => {
    const given = reader.text(name)
    if (given === undefined) return fallback
    const value = outsidePublic(reader, name, path.resolve(root, given), what)
    if (inside(dir, value)) reader.refuse(name, value, `${what} hors du dossier du registre (REGISTER_DIR), gardé et sauvegardé à part`)
    return value
  }
  const keyFile = apart("REGISTER_KEY_FILE", registerKeyFileBeside(dir), "un fichier")
  // The key signs every entry: readable by another account of the machine, it could forge them.
  const keyMode = existingMode(keyFile)
  if (keyMode !== null && (keyMode & 0o077) !== 0) {
    reader.problems.push(`REGISTER_KEY_FILE (${keyFile}) est lisible par d'autres comptes que celui du serveur : rendez-le privé (chmod 600 ${keyFile}).`)
  }
  const checkpointDir = apart("REGISTER_CHECKPOINT_DIR", registerCheckpointDirBeside(dir), "un dossier")
  return { settings: { dir, keyFile, checkpointDir }, problems: reader.problems }
}

export type DatabaseSettings = { readonly file: string }

/** `root`: the folder a relative DATABASE_PATH is read from (the server's working directory). */
export function readDatabaseSettings(env: NodeJS.ProcessEnv = runtimeEnv(), root = process.cwd()): Read<DatabaseSettings> {
  const reader = new EnvReader(env)
  const file = outsidePublic(reader, "DATABASE_PATH", path.resolve(root, reader.text("DATABASE_PATH") ?? path.join("data", "shop.sqlite")), "un fichier")
  return { settings: { file }, problems: reader.problems }
}

export type StockSettings = { readonly dir: string; readonly vatRateHundredths: number }

/** `root`: the folder a relative STOCK_DIR is read from (the server's working directory). */
export function readStockSettings(env: NodeJS.ProcessEnv = runtimeEnv(), root = process.cwd()): Read<StockSettings> {
  const reader = new EnvReader(env)
  const dir = outsidePublic(reader, "STOCK_DIR", path.resolve(root, reader.text("STOCK_DIR") ?? path.join("data", "stock")), "un dossier")
  const rate = reader.text("STOCK_VAT_RATE") ?? "20"
  // Hundredths of a percent, so 5,5 % stays exact (src/server/stock/money.ts).
  const match = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(rate)
  if (!match) reader.refuse("STOCK_VAT_RATE", rate, "un taux en pour cent entre 0 et 99,99, par exemple 20 ou 5,5")
  const vatRateHundredths = match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : 2000
  return { settings: { dir, vatRateHundredths }, problems: reader.problems }
}
