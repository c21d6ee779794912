/**
 * @jest-environment node
 *
 * Every POST route of the server, walked with a 6 KB and a 1 MB body (issue 49): the API's
 * functions (src/server/http/routes.ts), the studio's login and backend, every owner room (the
 * stock book's forms on a garment really in stock) and the seller's page, each with the owner's session and from the site's own page, so that only the body
 * decides. None answers 500 nor logs a stack trace; a body over a route's limit is refused 413 (or
 * 400) in French; the login page, which needs no session, included. Real sockets, real outbox and
 * register, the real functions.
 */
import { execFileSync } from "node:child_process"
import { connect } from "node:net"
import path from "node:path"
import type { FunctionHandler } from "../../src/server/host/api"
import { API_ROUTES } from "../../src/server/http/routes"
import { tempDir } from "../helpers/estimate-server"
import { storeRequest } from "../helpers/buyback"
import { garmentEntry } from "../helpers/stock"
import { loginCookie, startStudioServer, type StudioServer } from "../helpers/studio-server"

jest.setTimeout(60_000)
const LEADS_DIR = tempDir()
process.env.LEADS_DIR = LEADS_DIR
const ID = "20261126-0900-K7Q2MX"
const ROOT = path.resolve(__dirname, "../..")

let studio: StudioServer
let cookie: string
let token: string
const errors: unknown[][] = []
const printError = console.error

beforeAll(async () => {
  // The functions read LEADS_DIR when they are loaded: after it is set.
  const [chat, estimate, contact, { Outbox }, { Buybacks }, { Register }] = await Promise.all([
    import("../../src/api/chat"),
    import("../../src/api/estimate"),
    import("../../src/api/contact"),
    import("../../src/server/leads/outbox"),
    import("../../src/server/buyback/store"),
    import("../../src/server/register/register"),
  ])
  const functions = { chat, estimate, contact }
  // One garment paid, so the stock book has its n° 1 and its forms are read for real.
  const registerDir = tempDir("maxai-registre-")
  await new Register(registerDir).append(garmentEntry(ID, { index: 0 }, 3550, "2026-11-27"))
  studio = await startStudioServer({
    registerDir,
    stock: { dir: path.join(tempDir("maxai-stock-"), "stock"), vatRateHundredths: 2000 },
    functions: Object.entries(functions).map(([route, module]) => ({ route, handler: module.default as unknown as FunctionHandler })),
  })
  cookie = await loginCookie(studio.base)
  const outbox = new Outbox(LEADS_DIR)
  await storeRequest(outbox, ID)
  token = (await new Buybacks(outbox, new Register(tempDir("maxai-registre-"))).open(ID))!.buyback.token
  console.error = (...args: unknown[]) => void errors.push(args)
})
afterAll(async () => {
  console.error = printError
  await studio?.stop()
})

type Kind = "form" | "json" | "multipart"
/** Every POST route: its address and the body type it reads (none: it reads no body). */
const ROUTES: ReadonlyArray<{ path: () => string; kind: Kind; readsBody: boolean }> = [
  { path: () => "/api/chat", kind: "json", readsBody: true },
  { path: () => "/api/contact", kind: "json", readsBody: true },
  { path: () => "/api/estimate", kind: "multipart", readsBody: true },
  { path: () => "/admin/login", kind: "form", readsBody: true },
  { path: () => "/admin/", kind: "form", readsBody: true },
  { path: () => "/admin/index.html", kind: "form", readsBody: true },
  { path: () => "/admin/logout", kind: "form", readsBody: false },
  { path: () => "/admin/publication", kind: "json", readsBody: false },
  { path: () => "/admin/api/v1", kind: "json", readsBody: true },
  ...["proposition", "reception", "paiement", "suivi"].map((step) => ({ path: () => `/admin/demandes/${ID}/${step}`, kind: "form" as const, readsBody: true })),
  { path: () => `/admin/demandes/${ID}/supprimer`, kind: "form", readsBody: false },
  { path: () => "/admin/questions/0123456789ab/repondre", kind: "form", readsBody: true },
  { path: () => "/admin/questions/0123456789ab/ignorer", kind: "form", readsBody: false },
  { path: () => "/admin/registre/rectifier/1", kind: "form", readsBody: true },
  ...["vente", "vendu", "retrait", "retour", "site"].map((form) => ({ path: () => `/admin/stock/1/${form}`, kind: "form" as const, readsBody: true })),
  ...["accepter", "refuser", "colis", "choix"].map((form) => ({ path: () => `/suivi/${token}/${form}`, kind: "form" as const, readsBody: true })),
]

function body(kind: Kind, bytes: number): { type: string; data: string } {
  const filler = "a".repeat(bytes)
  if (kind === "json") return { type: "application/json", data: JSON.stringify({ message: filler }) }
  if (kind === "form") return { type: "application/x-www-form-urlencoded", data: `email=${filler}` }
  const boundary = "limite"
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    data: `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n${filler}\r\n--${boundary}--\r\n`,
  }
}

/** A sentence in French: its accents or its little words. */
const FRENCH = /[àâçéèêîôûù«»]|\b(?:le|la|les|des|du|une?|votre|vous|ce|cette|est)\b/i

it("walks every POST route of the sources: each API route declared with POST, each file of the routers", () => {
  const walked = ROUTES.map((route) => route.path())
  for (const [name, route] of Object.entries(API_ROUTES)) if ((route.methods as readonly string[]).includes("POST")) expect(walked).toContain(`/api/${name}`)
  const posting = execFileSync("git", ["grep", "-lE", "(router|app)\\.post\\(", "--", "src/server"], { cwd: ROOT, encoding: "utf8" }).trim().split("\n").sort()
  expect(posting).toEqual([
    "src/server/buyback/seller-router.ts",
    "src/server/inbox/buyback-routes.ts",
    "src/server/inbox/register-page.ts",
    "src/server/inbox/router.ts",
    "src/server/questions/router.ts",
    "src/server/stock/router.ts",
    "src/server/studio/backend.ts",
    "src/server/studio/publication.ts",
    "src/server/studio/router.ts",
  ])
})

describe.each([
  ["6 KB", 6 * 1024],
  ["1 MB", 1024 * 1024],
])("a %s body", (_size, bytes) => {
  // Each with a session of its own: the logout ends the one it is sent with.
  beforeEach(async () => {
    cookie = await loginCookie(studio.base)
    errors.length = 0
  })
  it.each(ROUTES.map((route) => [route.path().replace(token, "<jeton>"), route] as const))("%s: no 500, a refusal in French", async (_name, route) => {
    const { type, data } = body(route.kind, bytes)
    const answer = await fetch(`${studio.base}${route.path()}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: studio.base, "Sec-Fetch-Site": "same-origin", "Content-Type": type, Accept: "text/html" },
      body: data,
    })
    const text = await answer.text()
    expect([route.path(), answer.status < 500]).toEqual([route.path(), true])
    expect(text).not.toMatch(/\bat \S+ \(|Error:/)
    if (bytes > 1024 * 512 && route.readsBody && !route.path().endsWith("/api/estimate") && !route.path().endsWith("/admin/api/v1")) {
      expect([route.path(), answer.status]).toEqual([route.path(), 413])
    }
    if (answer.status === 413 || answer.status === 400) expect(text).toMatch(FRENCH)
    const traces = errors.filter((args) => args.some((arg) => arg instanceof Error || String(arg).includes("    at ")))
    expect([route.path(), traces.map((args) => args.map(String).join(" ").slice(0, 300))]).toEqual([route.path(), []])
  })
})

it("the login form with more fields than it reads is refused 400 in French, without a session and without a stack trace", async () => {
  errors.length = 0
  const fields = new URLSearchParams(Object.fromEntries(Array.from({ length: 12 }, (_, rank) => [`champ${rank}`, "x"])))
  const answer = await fetch(`${studio.base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: studio.base, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body: fields.toString(),
  })
  expect(answer.status).toBe(400)
  expect(await answer.text()).toContain("Formulaire illisible : rechargez la page et recommencez.")
  expect(errors.flat().filter((arg) => arg instanceof Error)).toEqual([])
})

it.each([
  ["/api/chat", 5_000],
  ["/api/contact", 5_000],
  ["/admin/api/v1", 100_000],
])("JSON to %s nested %s levels deep is refused 400 in French before it is parsed, without a stack trace", async (route, depth) => {
  cookie = await loginCookie(studio.base)
  errors.length = 0
  const nested = `${"[".repeat(depth)}${"]".repeat(depth)}`
  const answer = await fetch(`${studio.base}${route}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: studio.base, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" },
    body: `{"action":"persistEntry","message":${nested},"params":${nested}}`,
  })
  expect([route, answer.status]).toEqual([route, 400])
  expect(await answer.text()).toMatch(FRENCH)
  expect(errors.flat().filter((arg) => arg instanceof Error || String(arg).includes("    at "))).toEqual([])
})

/** POSTs headers declaring 100 MB and a few bytes of body on a raw socket; the answer's status line and how soon it came. */
function declaredHundredMegabytes(route: string, type: string): Promise<{ status: string; ms: number }> {
  const { port } = new URL(studio.base)
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let head = ""
    const socket = connect(Number(port), "127.0.0.1", () => {
      socket.write(
        `POST ${route} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${studio.base}\r\nSec-Fetch-Site: same-origin\r\nCookie: ${cookie}\r\n` +
          `Accept: text/html\r\nContent-Type: ${type}\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\nemail=a`,
      )
    })
    socket.on("data", (chunk) => {
      head += chunk
      if (!head.includes("\r\n")) return
      resolve({ status: head.slice(0, head.indexOf("\r\n")), ms: performance.now() - started })
      socket.destroy()
    })
    socket.on("error", reject)
  })
}

it.each(
  ROUTES.filter((route) => route.readsBody && route.kind !== "multipart" && !route.path().startsWith("/api/")).map(
    (route) => [route.path().replace(token, "<jeton>"), route] as const,
  ),
)("%s: 100 MB declared is refused 413 at once, from its Content-Length, before a byte is read", async (_name, route) => {
  cookie = await loginCookie(studio.base)
  const { status, ms } = await declaredHundredMegabytes(route.path(), route.kind === "json" ? "application/json" : "application/x-www-form-urlencoded")
  expect([route.path(), status]).toEqual([route.path(), "HTTP/1.1 413 Payload Too Large"])
  // Long before the body's deadline (BODY_TIMEOUT_MS: 5 s in these tests), which answered 408 before.
  expect(ms).toBeLessThan(2000)
})
