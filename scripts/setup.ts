/**
 * `npm run setup`: the one command of the person installing the site on its server. It asks for
 * the owner's e-mail (or takes it as an argument) and password, and creates the owner's account
 * where the server will read it (STUDIO_ACCOUNTS, src/server/settings.ts: the same default for
 * both) through `npm run studio:account` itself (scripts/studio-account.ts: the password asked
 * twice without echo, or read from standard input with `--password-stdin`). Then it prints the
 * e-mail settings to give the server (MAIL_SETTINGS, named once in settings.ts) and the address
 * of the go-live checklist. Exit code 0 when the account is written, else that of the refusal.
 *
 *   npm run setup                                        asks the e-mail, then the password
 *   npm run setup -- <email> [--password-stdin]          for scripts
 */
import { spawnSync } from "node:child_process"
import path from "node:path"
import { stdin, stderr, stdout } from "node:process"
import { createInterface } from "node:readline/promises"
import { GOLIVE_ROOM } from "../src/server/golive/router"
import { MAIL_SETTINGS, readHostSettings, readStudioSettings } from "../src/server/settings"

function fail(message: string, code = 1): never {
  stderr.write(`${message}\n`)
  process.exit(code)
}

async function ownerEmail(given: string | undefined): Promise<string> {
  if (given) return given
  if (!stdin.isTTY) fail("Pas de terminal pour demander l'adresse e-mail : donnez-la, par exemple npm run setup -- proprietaire@exemple.fr --password-stdin")
  const terminal = createInterface({ input: stdin, output: stdout })
  const answer = (await terminal.question("Adresse e-mail du compte propriétaire (son identifiant au studio) : ")).trim()
  terminal.close()
  return answer
}

async function main(): Promise<void> {
  const studio = readStudioSettings()
  const host = readHostSettings()
  const problems = [...studio.problems, ...host.problems]
  if (problems.length > 0) fail(problems.join("\n"))
  const args = process.argv.slice(2)
  const email = await ownerEmail(args.find((arg) => !arg.startsWith("--")))
  if (!email) fail("Aucune adresse e-mail : rien n'a changé.")

  // The account written by the studio's own command (same checks, same prompt, same file).
  const account = spawnSync(
    process.execPath,
    [require.resolve("tsx/cli"), path.join(__dirname, "studio-account.ts"), "add", email, ...args.filter((arg) => arg === "--password-stdin")],
    { stdio: "inherit" },
  )
  if (account.status !== 0) process.exit(account.status ?? 1)

  const fromEnvironment = process.env.STUDIO_ACCOUNTS?.trim()
  const address = `http://${host.settings.host}:${host.settings.port}${host.settings.prefix}/admin/${GOLIVE_ROOM}/`
  const width = Math.max(...MAIL_SETTINGS.map((setting) => setting.name.length + setting.example.length + 1))
  stdout.write(
    [
      "",
      fromEnvironment
        ? `Le serveur lit les comptes dans ${studio.settings.accountsFile} : lancez-le avec le même STUDIO_ACCOUNTS=${fromEnvironment}.`
        : `Le serveur lit les comptes dans ${studio.settings.accountsFile} (sans STUDIO_ACCOUNTS : à lancer depuis ce même dossier).`,
      "",
      "Pour que les demandes des visiteurs arrivent par e-mail, donnez au serveur ces trois réglages",
      "(par exemple dans /etc/maxai/env, docs/operations/install.md#install-on-a-server), puis redémarrez-le :",
      ...MAIL_SETTINGS.map((setting) => `  ${`${setting.name}=${setting.example}`.padEnd(width)}  ${setting.holds}`),
      "Sans eux, les demandes ne se lisent que dans « Demandes » au studio.",
      "",
      "Puis : npm run build && npm run serve, et ouvrez la liste de ce qui reste avant la mise en ligne :",
      `  ${address}`,
      "  (derrière le proxy HTTPS : https://<votre domaine>" + `${host.settings.prefix}/admin/${GOLIVE_ROOM}/)`,
      "",
    ].join("\n"),
  )
}

main().catch((error: unknown) => fail(`Échec : ${error instanceof Error ? error.message : String(error)}`))
