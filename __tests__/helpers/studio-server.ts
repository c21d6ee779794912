/**
 * The production server (src/server/host/app.ts) with the studio mounted, on an ephemeral
 * loopback port: a small public/ fixture with the studio's files, a temporary accounts file
 * with one owner, and a COPY of the project's content/ for the studio to edit.
 * What must stay true: the owner's accounts file is the one AccountStore.add writes, a real scrypt
 * hash checked for real at each login, made once per test file (each server gets a copy). Its cost
 * is OWNER_HASH_COST, 32 times cheaper than production's: the hundred logins and wrong passwords
 * of these tests cost a tenth of a second of CPU each at production's (11 s in all). Accounts made
 * by `npm run studio:account` in the CLI tests keep production's cost, which they check, and
 * unknown addresses are still checked against production's decoy.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import type { Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import type { ApiFunction } from "../../src/server/host/api"
import { createHttpServer, type ServerSettings } from "../../src/server/host/app"
import { ServedSite } from "../../src/server/host/served"
import { AccountStore } from "../../src/server/studio/accounts"
import { openDatabase, type Database } from "../../src/server/database/database"

export const OWNER = { email: "proprietaire@exemple.fr", password: "cheval-batterie-agrafe" }
/** N = 2^10 rather than 2^15: the same scrypt, its parameters written in the hash as always. */
const OWNER_HASH_COST = { N: 1024, r: 8, p: 1 }

/** The owner's accounts file as `npm run studio:account add` writes it (at OWNER_HASH_COST), made once per test file. */
let ownerAccounts: Promise<string> | undefined
function ownerAccountsText(): Promise<string> {
  ownerAccounts ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "maxai-owner-"))
    try {
      const file = join(dir, "studio-accounts.json")
      await new AccountStore(file).add(OWNER.email, OWNER.password, OWNER_HASH_COST)
      return readFileSync(file, "utf8")
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })()
  return ownerAccounts
}

export type StudioServer = { base: string; dir: string; siteDir: string; database: Database; stop: () => Promise<void> }

/**
 * What this process's leads service (src/server/leads/service.ts, built from LEADS_DIR the first
 * time the inbox or the buy-back of a server started here asks for it) said on console.log: where
 * the requests are and how many it resumed at start, a request deleted from the inbox. Kept from
 * the first server's start to the end of the test file, for the test to read, instead of printed
 * in the middle of `npm test`'s report; every other line, and all of console.error, is printed as
 * before.
 */
export const leadsLines: string[] = []
let keepingLeadsLines = false

function keepLeadsLines(): void {
  if (keepingLeadsLines) return
  keepingLeadsLines = true
  const print = console.log
  console.log = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && args[0].startsWith("leads : ")) leadsLines.push(args[0])
    else print.apply(console, args)
  }
}

/**
 * `options`: settings of the server beside the studio's (TRUST_PROXY, the delivery the go-live checklist reads);
 * with `registerDir`, the buy-back runs (the sellers' pages, the owner's steps, the register's page);
 * `functions`: the API's functions it serves (none by default).
 */
export async function startStudioServer(
  options: Partial<Pick<ServerSettings, "trustProxy" | "delivery" | "registerDir" | "stock" | "database">> & { functions?: ApiFunction[] } = {},
): Promise<StudioServer> {
  const { functions = [], ...settings } = options
  const dir = mkdtempSync(join(tmpdir(), "maxai-studio-"))
  const publicDir = join(dir, "public")
  mkdirSync(join(publicDir, "admin"), { recursive: true })
  writeFileSync(join(publicDir, "index.html"), "<!doctype html><html lang=fr><title>Accueil</title></html>")
  writeFileSync(join(publicDir, "404.html"), "<!doctype html><html lang=fr><title>Page introuvable</title></html>")
  writeFileSync(join(publicDir, "admin", "index.html"), "<!doctype html><title>Studio de contenu</title>")
  writeFileSync(join(publicDir, "admin", "config.yml"), "backend:\n  name: github\n")
  writeFileSync(join(publicDir, "_headers"), "/*\n  X-Content-Type-Options: nosniff\n")
  const siteDir = join(dir, "site")
  cpSync(resolve(__dirname, "../../content"), join(siteDir, "content"), { recursive: true })
  const accountsFile = join(dir, "data", "studio-accounts.json")
  mkdirSync(join(dir, "data"))
  writeFileSync(accountsFile, await ownerAccountsText(), { mode: 0o600 })
  const uploadDir = join(dir, "uploads")
  mkdirSync(uploadDir)
  keepLeadsLines()
  // A database of its own, as serve.ts opens one (migrated); a test may hand over its own.
  const database = settings.database ?? openDatabase(join(dir, "data", "shop.sqlite"))
  const server: Server = createHttpServer({
    site: new ServedSite({ publicDir, functions }),
    uploadDir,
    prefix: "",
    bodyTimeoutMs: 5000,
    rateLimits: { chat: null, leads: null },
    trustProxy: false,
    studio: { accountsFile, siteDir, publish: null },
    ...settings,
    database,
  })
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    dir,
    siteDir,
    database,
    stop: async () => {
      server.closeAllConnections()
      await new Promise((done) => server.close(done))
      if (!settings.database) database.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Posts the login form as the studio's login page's browser would (same origin, back to /admin/,
 * the page's own address), returns the answer unfollowed.
 */
export function postLogin(base: string, email: string, password: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/admin/`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "Sec-Fetch-Site": "same-origin", ...headers },
    body: new URLSearchParams({ email, password }).toString(),
  })
}

/** Logs the owner in and returns the `Cookie` header value for the next requests. */
export async function loginCookie(base: string): Promise<string> {
  const answer = await postLogin(base, OWNER.email, OWNER.password)
  if (answer.status !== 303) throw new Error(`connexion refusée : ${answer.status}`)
  return (answer.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
}

/**
 * A studio server started before the file's tests, with the owner logged in, stopped after them.
 * Read `studio` and `cookie` inside tests (they are set once `beforeAll` has run).
 */
export function useLoggedInStudio(): { readonly studio: StudioServer; readonly cookie: string } {
  const state = {} as { studio: StudioServer; cookie: string }
  beforeAll(async () => {
    state.studio = await startStudioServer()
    state.cookie = await loginCookie(state.studio.base)
  })
  afterAll(() => state.studio?.stop())
  return state
}

/**
 * One action of Decap's proxy protocol as the studio's browser sends it: a same-origin POST to
 * /admin/api/v1 with the owner's cookie, `params` on branch main. The answer as it came.
 */
export function studioAction(
  session: { readonly studio: StudioServer; readonly cookie: string },
  action: string,
  params: Record<string, unknown>,
): Promise<Response> {
  return fetch(`${session.studio.base}/admin/api/v1`, {
    method: "POST",
    headers: { Cookie: session.cookie, Origin: session.studio.base, "Content-Type": "application/json" },
    body: JSON.stringify({ action, params: { branch: "main", ...params } }),
  })
}
