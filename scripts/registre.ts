/**
 * `npm run registre`: the register of purchases (REGISTER_DIR, default data/registre/;
 * src/server/register/register.ts).
 *
 *   npm run registre -- verify          checks the whole chain (keyed with REGISTER_KEY_FILE) and its end
 *                                       against the latest checkpoint (REGISTER_CHECKPOINT_DIR); exits 1
 *                                       naming the first altered entry or the missing ones
 *   npm run registre -- csv [fichier]   the register as CSV ("-" or nothing: stdout)
 */
import { writeFileSync } from "node:fs"
import { registerCsv } from "../src/server/register/csv"
import { Register } from "../src/server/register/register"
import { checkpointName } from "../src/server/register/verify"
import { readRegisterSettings } from "../src/server/settings"

async function main(): Promise<number> {
  const [command, target = "-"] = process.argv.slice(2)
  const { settings, problems } = readRegisterSettings()
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem)
    return 2
  }
  const register = new Register(settings.dir, { keyFile: settings.keyFile, checkpointDir: settings.checkpointDir })
  if (command === "verify") {
    const verdict = await register.verify()
    if (verdict.ok) {
      const checkpoint = await register.checkpoints.latest()
      const anchor = checkpoint ? `, rien ne manque depuis ${checkpointName(checkpoint)}` : ", aucun point de contrôle encore"
      console.log(
        `Registre intact : ${verdict.count} entrée(s) vérifiée(s) dans ${settings.dir}, chaîne d'empreintes complète (clé ${settings.keyFile})${anchor}.`,
      )
      return 0
    }
    console.error(`Registre altéré : ${verdict.problem}`)
    return 1
  }
  if (command === "csv") {
    const csv = registerCsv(await register.list())
    if (target === "-") process.stdout.write(csv)
    else {
      writeFileSync(target, csv, { mode: 0o600 })
      console.log(`Registre exporté dans ${target}`)
    }
    return 0
  }
  console.error("Utilisation : npm run registre -- verify | npm run registre -- csv [fichier]")
  return 2
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`registre : ${(error as Error).message}`)
    process.exit(2)
  },
)
