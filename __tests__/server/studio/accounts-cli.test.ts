/**
 * @jest-environment node
 *
 * `npm run studio:account` spawned for real (node --import tsx scripts/studio-account.ts) on a temporary
 * STUDIO_ACCOUNTS file: what the owner types, what the file keeps, what the server then accepts.
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { AccountStore } from "../../../src/server/studio/accounts"

const ROOT = resolve(__dirname, "../../..")
const dir = mkdtempSync(join(tmpdir(), "maxai-accounts-"))
const file = join(dir, "comptes", "studio-accounts.json")
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function cli(args: string[], input?: string) {
  const run = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "scripts/studio-account.ts"), ...args], {
    cwd: ROOT,
    input: input ?? "",
    env: { ...process.env, STUDIO_ACCOUNTS: file },
    encoding: "utf8",
  })
  return { code: run.status, out: run.stdout, err: run.stderr }
}

jest.setTimeout(60_000)

test("add with --password-stdin creates the account: mode 600, a salted scrypt hash, never the password", async () => {
  const added = cli(["add", "Proprietaire@Exemple.fr", "--password-stdin"], "cheval-batterie-agrafe\n")
  expect(added).toMatchObject({ code: 0, out: expect.stringContaining("Compte Proprietaire@Exemple.fr créé") })
  expect(statSync(file).mode & 0o777).toBe(0o600)
  const text = readFileSync(file, "utf8")
  expect(text).not.toContain("cheval-batterie-agrafe")
  expect(text).toMatch(/"hash": "scrypt\$32768\$8\$1\$/)
  const store = new AccountStore(file)
  await expect(store.check("proprietaire@exemple.fr", "cheval-batterie-agrafe")).resolves.toMatchObject({ email: "proprietaire@exemple.fr" })
  await expect(store.check("proprietaire@exemple.fr", "cheval-batterie-agrafé")).resolves.toBeNull()
})

test("list shows each address, never a hash", () => {
  cli(["add", "second@exemple.fr", "--password-stdin"], "un autre mot de passe")
  const listed = cli(["list"])
  expect(listed.code).toBe(0)
  expect(listed.out).toContain("proprietaire@exemple.fr")
  expect(listed.out).toContain("second@exemple.fr")
  expect(listed.out).not.toContain("scrypt")
})

test("a short password, a wrong address or no terminal is refused in French and changes nothing", () => {
  const before = readFileSync(file, "utf8")
  expect(cli(["add", "court@exemple.fr", "--password-stdin"], "onze-carac\n")).toMatchObject({
    code: 1,
    err: expect.stringContaining("Mot de passe trop court : 12 caractères au moins"),
  })
  expect(cli(["add", "pas-une-adresse", "--password-stdin"], "cheval-batterie-agrafe")).toMatchObject({
    code: 1,
    err: expect.stringContaining("n'est pas une adresse e-mail valable"),
  })
  // spawnSync's standard input is a pipe, not a terminal: the password cannot be asked.
  expect(cli(["add", "tty@exemple.fr"])).toMatchObject({ code: 1, err: expect.stringContaining("utilisez --password-stdin") })
  expect(cli(["supprimer"])).toMatchObject({ code: 1, err: expect.stringContaining("Utilisation :") })
  expect(readFileSync(file, "utf8")).toBe(before)
})

test("add again changes the password; remove deletes the account; removing an unknown one fails", async () => {
  expect(cli(["add", "second@exemple.fr", "--password-stdin"], "nouveau mot de passe")).toMatchObject({
    code: 0,
    out: expect.stringContaining("Mot de passe de second@exemple.fr changé : les sessions ouvertes avec l'ancien sont fermées."),
  })
  await expect(new AccountStore(file).check("second@exemple.fr", "un autre mot de passe")).resolves.toBeNull()
  expect(cli(["remove", "SECOND@exemple.fr"])).toMatchObject({ code: 0, out: "Compte SECOND@exemple.fr supprimé : ses sessions ouvertes sont fermées.\n" })
  expect(cli(["list"]).out).not.toContain("second@")
  expect(cli(["remove", "second@exemple.fr"])).toMatchObject({ code: 1, err: expect.stringContaining("Aucun compte second@exemple.fr") })
})
