/**
 * @jest-environment node
 *
 * `npm run studio:account` spawned for real (node --import tsx scripts/studio-account.ts) on a temporary
 * STUDIO_ACCOUNTS file: what the owner types, what the file keeps, what the server then accepts.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { AccountStore } from "../../../src/server/studio/accounts"
import { runScript } from "../../helpers/run-script"

const dir = mkdtempSync(join(tmpdir(), "maxai-accounts-"))
const file = join(dir, "comptes", "studio-accounts.json")
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const cli = (args: string[], input?: string) => runScript("studio-account.ts", args, { input, env: { STUDIO_ACCOUNTS: file } })

jest.setTimeout(60_000)

test("add with --password-stdin creates the account: mode 600, a salted scrypt hash, never the password", async () => {
  const added = await cli(["add", "Proprietaire@Exemple.fr", "--password-stdin"], "cheval-batterie-agrafe\n")
  expect(added).toMatchObject({ code: 0, out: expect.stringContaining("Compte Proprietaire@Exemple.fr créé") })
  expect(statSync(file).mode & 0o777).toBe(0o600)
  const text = readFileSync(file, "utf8")
  expect(text).not.toContain("cheval-batterie-agrafe")
  expect(text).toMatch(/"hash": "scrypt\$32768\$8\$1\$/)
  const store = new AccountStore(file)
  await expect(store.check("proprietaire@exemple.fr", "cheval-batterie-agrafe")).resolves.toMatchObject({ email: "proprietaire@exemple.fr" })
  await expect(store.check("proprietaire@exemple.fr", "cheval-batterie-agrafé")).resolves.toBeNull()
})

test("list shows each address, never a hash", async () => {
  await cli(["add", "second@exemple.fr", "--password-stdin"], "un autre mot de passe")
  const listed = await cli(["list"])
  expect(listed.code).toBe(0)
  expect(listed.out).toContain("proprietaire@exemple.fr")
  expect(listed.out).toContain("second@exemple.fr")
  expect(listed.out).not.toContain("scrypt")
})

test("a short password, a wrong address or no terminal is refused in French and changes nothing", async () => {
  const before = readFileSync(file, "utf8")
  // Four refusals at once: each must leave the file as it was, so none depends on another.
  const [short, notAnAddress, noTerminal, unknownCommand] = await Promise.all([
    cli(["add", "court@exemple.fr", "--password-stdin"], "onze-carac\n"),
    cli(["add", "pas-une-adresse", "--password-stdin"], "cheval-batterie-agrafe"),
    // The child's standard input is a pipe, not a terminal: the password cannot be asked.
    cli(["add", "tty@exemple.fr"]),
    cli(["supprimer"]),
  ])
  expect(short).toMatchObject({ code: 1, err: expect.stringContaining("Mot de passe trop court : 12 caractères au moins") })
  expect(notAnAddress).toMatchObject({ code: 1, err: expect.stringContaining("n'est pas une adresse e-mail valable") })
  expect(noTerminal).toMatchObject({ code: 1, err: expect.stringContaining("utilisez --password-stdin") })
  expect(unknownCommand).toMatchObject({ code: 1, err: expect.stringContaining("Utilisation :") })
  expect(readFileSync(file, "utf8")).toBe(before)
})

test("add again changes the password; remove deletes the account; removing an unknown one fails", async () => {
  expect(await cli(["add", "second@exemple.fr", "--password-stdin"], "nouveau mot de passe")).toMatchObject({
    code: 0,
    out: expect.stringContaining("Mot de passe de second@exemple.fr changé : les sessions ouvertes avec l'ancien sont fermées."),
  })
  await expect(new AccountStore(file).check("second@exemple.fr", "un autre mot de passe")).resolves.toBeNull()
  expect(await cli(["remove", "SECOND@exemple.fr"])).toMatchObject({
    code: 0,
    out: "Compte SECOND@exemple.fr supprimé : ses sessions ouvertes sont fermées.\n",
  })
  // Read together once it is gone: the list without it, a second removal refused.
  const [listed, again] = await Promise.all([cli(["list"]), cli(["remove", "second@exemple.fr"])])
  expect(listed.out).not.toContain("second@")
  expect(again).toMatchObject({ code: 1, err: expect.stringContaining("Aucun compte second@exemple.fr") })
})
