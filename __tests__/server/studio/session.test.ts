/**
 * @jest-environment node
 *
 * The studio's door on the production server, over real sockets: the French login page, the
 * session cookie, what answers without a session (nothing but the login page), forged and
 * expired cookies, same-origin checks, logout (failed logins: login-throttle.test.ts; sessions
 * of removed accounts: account-sessions.test.ts).
 */
import express from "express"
import type { Server } from "node:http"
import type { AddressInfo } from "node:net"
import { AccountStore } from "../../../src/server/studio/accounts"
import { studioRouter } from "../../../src/server/studio/router"
import { SessionStore, SESSION_IDLE_MS, SESSION_MAX_MS } from "../../../src/server/studio/sessions"
import { loginCookie, OWNER, postLogin, startStudioServer, type StudioServer } from "../../helpers/studio-server"

jest.setTimeout(60_000)
let studio: StudioServer
beforeAll(async () => {
  studio = await startStudioServer()
})
afterAll(() => studio.stop())

test("/admin/ without a session is the French login page; the studio's files and API answer 401 JSON", async () => {
  const page = await fetch(`${studio.base}/admin/`)
  expect(page.status).toBe(200)
  expect(page.headers.get("cache-control")).toBe("no-store")
  const html = await page.text()
  for (const words of ["Adresse e-mail", "Mot de passe", "Se connecter", '<form method="post">']) expect(html).toContain(words)
  expect(html).not.toContain("Studio de contenu</title><")
  for (const [path, method] of [
    ["/admin/config.yml", "GET"],
    ["/admin/backend.json", "GET"],
    ["/admin/api/v1", "POST"],
    ["/admin/decap/decap-cms.js", "GET"],
  ]) {
    const answer = await fetch(`${studio.base}${path}`, {
      method,
      headers: { Origin: studio.base, "Content-Type": "application/json" },
      body: method === "POST" ? '{"action":"info"}' : undefined,
    })
    expect([path, answer.status]).toEqual([path, 401])
    expect(await answer.json()).toEqual({ code: "session_required", error: expect.stringContaining("reconnectez-vous") })
  }
})

test("a wrong password and an unknown address get the same French refusal; the right one opens the studio", async () => {
  const wrong = await postLogin(studio.base, OWNER.email, "pas le bon mot de passe")
  const unknown = await postLogin(studio.base, "inconnu@exemple.fr", OWNER.password)
  for (const answer of [wrong, unknown]) {
    expect(answer.status).toBe(401)
    expect(answer.headers.get("set-cookie")).toBeNull()
    const html = await answer.text()
    expect(html).toContain("Adresse e-mail ou mot de passe incorrect.")
    // Shown again at the address it was posted to, it posts back there.
    expect(html).toContain('<form method="post">')
  }
  const right = await postLogin(studio.base, OWNER.email, OWNER.password)
  expect(right.status).toBe(303)
  expect(right.headers.get("location")).toBe("/admin/")
  const cookie = right.headers.get("set-cookie") ?? ""
  expect(cookie).toMatch(/^maxai_studio=[\w-]{43}; Path=\/admin; HttpOnly; SameSite=Strict; Max-Age=604800$/)
  const opened = await fetch(`${studio.base}/admin/`, { headers: { Cookie: cookie.split(";")[0]! } })
  expect(await opened.text()).toContain("<title>Studio de contenu</title>")
  expect((await fetch(`${studio.base}/admin/config.yml`, { headers: { Cookie: cookie.split(";")[0]! } })).status).toBe(200)
})

test("the cookie is Secure when the request came over HTTPS through a trusted proxy", async () => {
  const app = express().set("trust proxy", "loopback")
  const accounts = new AccountStore(`${studio.dir}/data/studio-accounts.json`)
  app.use("/admin", studioRouter({ base: "/admin", accounts, sessions: new SessionStore(accounts) }))
  const server = app.listen(0, "127.0.0.1")
  await new Promise((done) => server.once("listening", done))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const answer = await postLogin(base, OWNER.email, OWNER.password, { "X-Forwarded-Proto": "https", Origin: base.replace("http:", "https:") })
  server.close()
  expect(answer.headers.get("set-cookie")).toMatch(/; Secure$/)
})

test("a forged cookie opens nothing; logout ends the session", async () => {
  const forged = await fetch(`${studio.base}/admin/config.yml`, { headers: { Cookie: `maxai_studio=${"A".repeat(43)}` } })
  expect(forged.status).toBe(401)
  const cookie = await loginCookie(studio.base)
  const out = await fetch(`${studio.base}/admin/logout`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: studio.base } })
  expect(out.status).toBe(303)
  expect(out.headers.get("set-cookie")).toContain("Max-Age=0")
  expect((await fetch(`${studio.base}/admin/config.yml`, { headers: { Cookie: cookie } })).status).toBe(401)
  expect(await (await fetch(`${studio.base}/admin/?fin=1`)).text()).toContain("Vous êtes déconnecté.")
})

test("a session ends after 12 h idle and 7 days after login, whatever its use", async () => {
  let now = 0
  const accounts = new AccountStore(`${studio.dir}/data/studio-accounts.json`)
  const owner = (await accounts.check(OWNER.email, OWNER.password))!
  const sessions = new SessionStore(accounts, () => now)
  const idle = sessions.create(owner)
  now = SESSION_IDLE_MS - 1
  expect(sessions.find(idle)).not.toBeNull()
  now += SESSION_IDLE_MS + 1
  expect(sessions.find(idle)).toBeNull()
  const busy = sessions.create(owner)
  const started = now
  while (now - started < SESSION_MAX_MS - 3600_000) {
    now += 3600_000
    expect(sessions.find(busy)).not.toBeNull()
  }
  now = started + SESSION_MAX_MS + 1
  expect(sessions.find(busy)).toBeNull()
})

test("an expired cookie is refused over HTTP like a forged one", async () => {
  let now = Date.parse("2026-11-26T10:00:00Z")
  const accounts = new AccountStore(`${studio.dir}/data/studio-accounts.json`)
  const sessions = new SessionStore(accounts, () => now)
  const app = express()
  app.use("/admin", studioRouter({ base: "/admin", accounts, sessions }))
  const server: Server = app.listen(0, "127.0.0.1")
  await new Promise((done) => server.once("listening", done))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const cookie = await loginCookie(base)
  expect((await fetch(`${base}/admin/backend.json`, { headers: { Cookie: cookie } })).status).toBe(200)
  now += SESSION_IDLE_MS + 1000
  const expired = await fetch(`${base}/admin/backend.json`, { headers: { Cookie: cookie } })
  server.close()
  expect(expired.status).toBe(401)
})

test("a state-changing request from another origin is refused 403 in French, even with a session", async () => {
  const cookie = await loginCookie(studio.base)
  const fromElsewhere: Array<Record<string, string>> = [
    { Origin: "https://ailleurs.example" },
    { "Sec-Fetch-Site": "cross-site" },
    { "Sec-Fetch-Site": "same-site", Origin: "https://boutique.example" },
    { Origin: "null" },
  ]
  for (const headers of fromElsewhere) {
    const answer = await fetch(`${studio.base}/admin/api/v1`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json", ...headers },
      body: '{"action":"info"}',
    })
    expect(answer.status).toBe(403)
    expect(await answer.json()).toEqual({ code: "cross_origin", error: "Requête refusée : elle ne vient pas du studio de ce site." })
  }
  // The login form posted by another site's page, as a browser sends it.
  expect((await postLogin(studio.base, OWNER.email, OWNER.password, { Origin: "https://ailleurs.example", "Sec-Fetch-Site": "cross-site" })).status).toBe(403)
})
