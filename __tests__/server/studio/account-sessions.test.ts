/**
 * @jest-environment node
 *
 * A studio session lives only as long as its account, with the password it logged in with. The
 * real `npm run studio:account` (node --import tsx scripts/studio-account.ts, a process of its own) removes an
 * account or changes its password in the server's accounts file, and that account's next
 * request, over a real socket, is answered as one without a session: 401 JSON from the API,
 * the login page (401) for the inbox's pages. Other accounts' sessions go on.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { AccountStore } from "../../../src/server/studio/accounts"
import { tempDir } from "../../helpers/estimate-server"
import { runScript } from "../../helpers/run-script"
import { loginCookie, OWNER, postLogin, startStudioServer, type StudioServer } from "../../helpers/studio-server"

// The inbox (a room behind the studio's session) reads the outbox of this process's LEADS_DIR.
process.env.LEADS_DIR = tempDir()

const SECOND = { email: "associee@exemple.fr", password: "renard-lanterne-velours" }
/** The owner's password once the second test changed it. */
const CHANGED = { email: OWNER.email, password: "nouveau-mot-de-passe-long" }

jest.setTimeout(60_000)
let studio: StudioServer
beforeAll(async () => {
  studio = await startStudioServer()
})
afterAll(() => studio.stop())

const accountsFile = () => join(studio.dir, "data", "studio-accounts.json")

/** `npm run studio:account -- <args>` on the server's accounts file, in a process of its own. */
async function accountCommand(args: string[], input = ""): Promise<void> {
  const run = await runScript("studio-account.ts", args, { input, env: { STUDIO_ACCOUNTS: accountsFile() } })
  if (run.code !== 0) throw new Error(`studio:account ${args.join(" ")} : ${run.err}`)
}

async function loginAs(account: { email: string; password: string }): Promise<string> {
  const answer = await postLogin(studio.base, account.email, account.password)
  if (answer.status !== 303) throw new Error(`connexion de ${account.email} refusée : ${answer.status}`)
  return (answer.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
}

/** What the studio's API and the inbox's page answer this cookie: status and the body's telling part. */
async function doors(cookie: string) {
  const api = await fetch(`${studio.base}/admin/api/v1`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: studio.base, "Content-Type": "application/json" },
    body: '{"action":"info"}',
  })
  const inbox = await fetch(`${studio.base}/admin/demandes/`, { headers: { Cookie: cookie, Accept: "text/html" } })
  const inboxData = await fetch(`${studio.base}/admin/demandes/export.csv`, { headers: { Cookie: cookie } })
  return {
    api: [api.status, (await api.json()) as unknown],
    inbox: [inbox.status, (await inbox.text()).includes("Se connecter au studio") ? "page de connexion" : "boîte de réception"],
    inboxData: inboxData.status,
  }
}

const OPEN = {
  api: [200, expect.objectContaining({ type: "local_fs" })],
  inbox: [200, "boîte de réception"],
  inboxData: 200,
}
const CLOSED = {
  api: [401, { code: "session_required", error: expect.stringContaining("reconnectez-vous") }],
  inbox: [401, "page de connexion"],
  inboxData: 401,
}

test("studio:account remove ends the removed account's sessions at once; another account's session goes on", async () => {
  // The second account made beforehand (the command's add is run below, once the account was removed).
  await new AccountStore(accountsFile()).add(SECOND.email, SECOND.password)
  const owner = await loginCookie(studio.base)
  const second = await loginAs(SECOND)
  expect(await doors(second)).toEqual(OPEN)
  expect(await doors(owner)).toEqual(OPEN)

  await accountCommand(["remove", SECOND.email])
  expect(await doors(second)).toEqual(CLOSED)
  expect(await doors(owner)).toEqual(OPEN)
  // Gone for good: the account cannot log in again, and adding it back does not revive the old cookie.
  expect((await postLogin(studio.base, SECOND.email, SECOND.password)).status).toBe(401)
  await accountCommand(["add", SECOND.email, "--password-stdin"], SECOND.password)
  expect(await doors(second)).toEqual(CLOSED)
  expect(await doors(await loginAs(SECOND))).toEqual(OPEN)
})

test("a password changed by studio:account ends the sessions opened with the old one; the new password opens a new one", async () => {
  const before = await loginCookie(studio.base)
  const other = await loginCookie(studio.base)
  expect(await doors(before)).toEqual(OPEN)

  await accountCommand(["add", OWNER.email, "--password-stdin"], CHANGED.password)
  expect(await doors(before)).toEqual(CLOSED)
  expect(await doors(other)).toEqual(CLOSED)
  expect((await postLogin(studio.base, OWNER.email, OWNER.password)).status).toBe(401)
  const after = await loginAs(CHANGED)
  expect(await doors(after)).toEqual(OPEN)
  // The studio's own page without a living session is the login page again.
  expect(await (await fetch(`${studio.base}/admin/`, { headers: { Cookie: before } })).text()).toContain("Se connecter au studio")
})

test("an accounts file damaged or deleted ends every session (401) and lets no one log in", async () => {
  const file = accountsFile()
  const kept = readFileSync(file, "utf8")
  const damaged = await loginAs(CHANGED)
  expect(await doors(damaged)).toEqual(OPEN)
  writeFileSync(file, '{"accounts": [', { mode: 0o600 })
  const errors = jest.spyOn(console, "error").mockImplementation(() => undefined)
  expect(await doors(damaged)).toEqual(CLOSED)
  // Said in the server's log once for this version of the file, not on every request.
  expect(errors.mock.calls.filter(([message]) => String(message).includes("illisible"))).toHaveLength(1)
  // A login cannot be checked: answered at once by the server's error page, not left hanging.
  const login = await postLogin(studio.base, CHANGED.email, CHANGED.password)
  expect([login.status, login.headers.get("set-cookie")]).toEqual([500, null])
  errors.mockRestore()

  writeFileSync(file, kept, { mode: 0o600 })
  const deleted = await loginAs(CHANGED)
  expect(await doors(deleted)).toEqual(OPEN)
  rmSync(file)
  expect(await doors(deleted)).toEqual(CLOSED)
  // Put back, the file lets its owner log in again; the cookies refused stay refused.
  writeFileSync(file, kept, { mode: 0o600 })
  expect(await doors(await loginAs(CHANGED))).toEqual(OPEN)
  expect(await doors(damaged)).toEqual(CLOSED)
  expect(await doors(deleted)).toEqual(CLOSED)
})
