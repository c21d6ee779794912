/**
 * `npm run studio:account -- add <email>` | `remove <email>` | `list`: the owner accounts of the
 * studio on the site's own server (src/server/studio/accounts.ts; the file is STUDIO_ACCOUNTS,
 * data/studio-accounts.json by default). The password is asked on the terminal without echo, or
 * read from standard input with `--password-stdin` (for scripts). Exit code 0 when done, 1 on any
 * refusal, each said in French. A running server ends the sessions of a removed account, or
 * those opened with a changed password, at their next request (src/server/studio/sessions.ts).
 */
import { stdin, stderr, stdout } from "node:process"
import { accountProblem, AccountStore, MIN_PASSWORD_LENGTH } from "../src/server/studio/accounts"
import { readStudioSettings } from "../src/server/settings"

const USAGE = `Utilisation :
  npm run studio:account -- add <email> [--password-stdin]   crée le compte (ou change son mot de passe)
  npm run studio:account -- remove <email>                   supprime le compte
  npm run studio:account -- list                             liste les comptes`

function fail(message: string): never {
  stderr.write(`${message}\n`)
  process.exit(1)
}

/**
 * The password piped in: its first line only. A script that answers the prompt's two questions
 * (« password\npassword\n ») must not save a password with a line break in it, which no login
 * form can type.
 */
async function firstLine(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/, 1)[0] ?? ""
}

/** One line typed on the terminal, shown as nothing. */
function ask(question: string): Promise<string> {
  return new Promise((resolve) => {
    stdout.write(question)
    stdin.setRawMode(true)
    stdin.resume()
    let typed = ""
    const onData = (data: Buffer) => {
      for (const character of data.toString("utf8")) {
        if (character === "\u0003") {
          stdout.write("\n")
          process.exit(130)
        } else if (character === "\r" || character === "\n") {
          stdin.setRawMode(false)
          stdin.pause()
          stdin.off("data", onData)
          stdout.write("\n")
          resolve(typed)
          return
        } else if (character === "\u007f" || character === "\b") typed = typed.slice(0, -1)
        else typed += character
      }
    }
    stdin.on("data", onData)
  })
}

async function password(fromStdin: boolean): Promise<string> {
  if (fromStdin) return firstLine()
  if (!stdin.isTTY) fail("Pas de terminal pour demander le mot de passe : utilisez --password-stdin.")
  const first = await ask(`Mot de passe (${MIN_PASSWORD_LENGTH} caractères au moins) : `)
  const second = await ask("Le même, encore une fois : ")
  if (first !== second) fail("Les deux mots de passe diffèrent : rien n'a changé.")
  return first
}

async function main(): Promise<void> {
  const { settings, problems } = readStudioSettings()
  if (problems.length > 0) fail(problems.join("\n"))
  const store = new AccountStore(settings.accountsFile)
  const args = process.argv.slice(2)
  const [command, email] = args.filter((arg) => !arg.startsWith("--"))
  if (command === "list" && email === undefined) {
    const accounts = store.list()
    stdout.write(
      accounts.length === 0
        ? `Aucun compte (${store.file}).\n`
        : accounts.map((account) => `${account.email}  (créé le ${account.created.slice(0, 10)})\n`).join(""),
    )
    return
  }
  if ((command !== "add" && command !== "remove") || !email) fail(USAGE)
  if (command === "remove") {
    if (!(await store.remove(email))) fail(`Aucun compte ${email} : rien n'a changé.`)
    stdout.write(`Compte ${email} supprimé : ses sessions ouvertes sont fermées.\n`)
    return
  }
  const addressProblem = accountProblem(email)
  if (addressProblem) fail(addressProblem)
  const secret = await password(args.includes("--password-stdin"))
  const problem = accountProblem(email, secret)
  if (problem) fail(`${problem} Rien n'a changé.`)
  const isNew = await store.add(email, secret)
  stdout.write(isNew ? `Compte ${email} créé (${store.file}).\n` : `Mot de passe de ${email} changé : les sessions ouvertes avec l'ancien sont fermées.\n`)
}

main().catch((error: unknown) => fail(`Échec : ${error instanceof Error ? error.message : String(error)}`))
