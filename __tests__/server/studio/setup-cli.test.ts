/**
 * @jest-environment node
 *
 * `npm run setup` spawned for real (node --import tsx scripts/setup.ts) on a temporary STUDIO_ACCOUNTS file:
 * the owner's account written where the server reads it (the server then accepts the password),
 * the e-mail settings and the go-live checklist's address printed; a refusal writes nothing. A password
 * piped twice (as the prompt asks it) is its first line.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { readStudioSettings } from "../../../src/server/settings"
import { AccountStore } from "../../../src/server/studio/accounts"
import { runScript, type ScriptRun } from "../../helpers/run-script"

const ROOT = resolve(__dirname, "../../..")
const dir = mkdtempSync(join(tmpdir(), "maxai-setup-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
jest.setTimeout(60_000)

const setup = (args: string[], input: string, env: Record<string, string | undefined>) => runScript("setup.ts", args, { input, env })

/** The three runs, each on a file of its own: independent, so started together; each test awaits its own. */
const file = join(dir, "comptes.json")
const refused = join(dir, "refus.json")
let runs: { done: Promise<ScriptRun>; noEmail: Promise<ScriptRun>; short: Promise<ScriptRun> }
beforeAll(() => {
  runs = {
    // Piped twice, as the terminal's prompt asks it: the first line is the password, never both lines.
    done: setup(["proprietaire@exemple.fr", "--password-stdin"], "cheval-batterie-agrafe\ncheval-batterie-agrafe\n", { STUDIO_ACCOUNTS: file, PORT: "9100" }),
    noEmail: setup(["--password-stdin"], "cheval-batterie-agrafe\n", { STUDIO_ACCOUNTS: refused }),
    short: setup(["proprietaire@exemple.fr", "--password-stdin"], "court\n", { STUDIO_ACCOUNTS: refused }),
  }
})

test("writes the owner's account where the server reads it, then names the e-mail settings and the checklist's address", async () => {
  const done = await runs.done
  expect(done.err).toBe("")
  expect(done.code).toBe(0)
  expect(done.out).toContain(`Compte proprietaire@exemple.fr créé (${file})`)
  expect(done.out).toContain(`lancez-le avec le même STUDIO_ACCOUNTS=${file}`)
  for (const name of ["SMTP_URL=smtps://", "LEADS_TO=", "LEADS_FROM="]) expect(done.out).toContain(`  ${name}`)
  expect(done.out).toContain("http://127.0.0.1:9100/admin/mise-en-ligne/")
  // The server's own reading of the same environment finds that file, and the password opens it.
  const { settings } = readStudioSettings({ STUDIO_ACCOUNTS: file }, ROOT)
  await expect(new AccountStore(settings.accountsFile).check("proprietaire@exemple.fr", "cheval-batterie-agrafe")).resolves.toMatchObject({
    email: "proprietaire@exemple.fr",
  })
})

test("refusals are said in French and write nothing: no e-mail without a terminal, a short password", async () => {
  const noEmail = await runs.noEmail
  expect(noEmail.code).toBe(1)
  expect(noEmail.err).toContain("Pas de terminal pour demander l'adresse e-mail")
  const short = await runs.short
  expect(short.code).toBe(1)
  expect(short.err).toMatch(/12 caractères/)
  expect(short.out).not.toContain("SMTP_URL")
  expect(existsSync(refused)).toBe(false)
})
