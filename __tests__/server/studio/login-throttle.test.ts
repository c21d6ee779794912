/**
 * @jest-environment node
 *
 * Failed studio logins over real sockets, each client at an address of its own (127.0.0.x: the
 * whole 127/8 is this machine's, so a socket bound to 127.0.0.2 is another client to the server):
 * strangers typing the owner's e-mail never lock her out, and one address guessing is stopped;
 * and the wait each account's failures grow, on a clock the test moves. The lock-out test runs
 * the studio's router with the same limits but waits of 0.2 s doubling up to 2 s instead of 1 s
 * up to 10 s (LoginLimits is the router's option): the same rule, without 10 s holds to sit through.
 * The owner logs in once every stranger's password has been checked (and counted): were her right
 * password held too, it would be the account's 21st attempt, held the longest wait, 2 s, far longer
 * than her own check.
 */
import express from "express"
import { request } from "node:http"
import type { AddressInfo } from "node:net"
import { join } from "node:path"
import { AccountStore } from "../../../src/server/studio/accounts"
import { studioRouter } from "../../../src/server/studio/router"
import { SessionStore } from "../../../src/server/studio/sessions"
import { AccountSlowdown, LOGIN_LIMITS, type LoginLimits } from "../../../src/server/studio/throttle"
import { OWNER, startStudioServer, type StudioServer } from "../../helpers/studio-server"

jest.setTimeout(90_000)

type Answer = { status: number; retryAfter: string | undefined; html: string; ms: number }

/** The login form posted from `from` (the client socket's own address), as the studio's page posts it. */
function postLoginFrom(base: string, from: string, email: string, password: string, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(`${base}/admin/`)
  const body = new URLSearchParams({ email, password }).toString()
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: from,
        agent: false,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: base,
          "Sec-Fetch-Site": "same-origin",
          "Content-Length": Buffer.byteLength(body),
          ...headers,
        },
      },
      (answer) => {
        let html = ""
        answer.setEncoding("utf8")
        answer.on("data", (chunk: string) => (html += chunk))
        answer.on("end", () => {
          const retryAfter = answer.headers["retry-after"]
          resolve({ status: answer.statusCode ?? 0, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, html, ms: performance.now() - started })
        })
      },
    )
    sent.on("error", reject)
    sent.end(body)
  })
}

let studio: StudioServer
beforeEach(async () => {
  studio = await startStudioServer()
})
afterEach(() => studio.stop())

/** The accounts of `studio`, telling when `count` passwords have been checked (a wrong one is counted by the router right after). */
class WatchedAccounts extends AccountStore {
  private checked = 0
  private waiter: { count: number; done: () => void } | null = null

  override async check(email: string, password: string) {
    const account = await super.check(email, password)
    this.checked += 1
    if (this.waiter && this.checked >= this.waiter.count) this.waiter.done()
    return account
  }

  checkedAtLeast(count: number): Promise<void> {
    return new Promise((done) => {
      this.waiter = { count, done }
      if (this.checked >= count) done()
    })
  }
}

/** The studio's login on the accounts of `studio`, with `limits`, as src/server/studio/mount.ts mounts it; stopped by `close`. */
async function studioRouterServer(limits: LoginLimits, trustProxy: string | false = false) {
  const accounts = new WatchedAccounts(join(studio.dir, "data", "studio-accounts.json"))
  const app = express().set("trust proxy", trustProxy)
  app.use("/admin", studioRouter({ base: "/admin", accounts, sessions: new SessionStore(accounts), loginLimits: limits }))
  const server = app.listen(0, "127.0.0.1")
  await new Promise((done) => server.once("listening", done))
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, accounts, close: () => server.close() }
}

/** LOGIN_LIMITS with waits of 0.2, 0.4, 0.8, 1.6 then 2 s at most (rather than 1 s up to 10 s): the same counts and windows. */
const SHORTER_WAITS: LoginLimits = { ...LOGIN_LIMITS, slowdown: { ...LOGIN_LIMITS.slowdown, firstMs: 200, maxMs: 2000 } }

test("strangers' 20 wrong passwords for the owner's e-mail never lock her out: she logs in from her own address at once", async () => {
  const limits = SHORTER_WAITS
  const { base, accounts, close } = await studioRouterServer(limits)
  try {
    const strangers = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]
    let answered = 0
    const attack = strangers.flatMap((from) =>
      Array.from({ length: limits.accountAddress }, (_, attempt) =>
        postLoginFrom(base, from, OWNER.email, `devine-${from}-${attempt}`).then((answer) => {
          answered += 1
          return answer
        }),
      ),
    )
    expect(attack).toHaveLength(20)
    // Every stranger's password checked and counted: the account's first failures are answered at once,
    // its next ones wait longer and longer (the last ones the longest wait).
    await accounts.checkedAtLeast(attack.length)

    const owner = await postLoginFrom(base, "127.0.0.1", OWNER.email, OWNER.password)
    expect(owner.status).toBe(303)
    // Never the strangers' waits, not even the longest her attempt would have been given: only her own check (one scrypt).
    expect(owner.ms).toBeLessThan(limits.slowdown.maxMs)
    // The attack was still going on: wrong answers were still held.
    expect(answered).toBeLessThan(attack.length)

    // A typo of her own waits at most the longest hold, and is no lock either.
    const typo = await postLoginFrom(base, "127.0.0.1", OWNER.email, "cheval-batterie-agrafee")
    expect(typo.status).toBe(401)
    expect(typo.ms).toBeLessThan(limits.slowdown.maxMs + 3000)
    expect((await postLoginFrom(base, "127.0.0.1", OWNER.email, OWNER.password)).status).toBe(303)

    const answers = await Promise.all(attack)
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(401))
    for (const answer of answers) expect(answer.html).toContain("Adresse e-mail ou mot de passe incorrect.")
    // The account's later failures were held, up to the longest wait (on top of their checks' queue).
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeGreaterThanOrEqual(limits.slowdown.maxMs)

    // Each stranger's address has used its tries on this account: even the right password is refused there.
    const stranger = await postLoginFrom(base, "127.0.0.2", OWNER.email, OWNER.password)
    expect(stranger.status).toBe(429)
    expect(Number(stranger.retryAfter)).toBeGreaterThan(800)
    expect(stranger.html).toContain("essais manqués : réessayez dans 15 minutes.")
  } finally {
    close()
  }
})

test("one address guessing is stopped: 5 failures for an account, then 429 for it from there; 20 in all, then 429 for any account", async () => {
  const from = "127.0.0.6"
  for (let attempt = 0; attempt < LOGIN_LIMITS.accountAddress; attempt += 1)
    expect((await postLoginFrom(studio.base, from, OWNER.email, `mauvais-${attempt}-essai`)).status).toBe(401)
  const blocked = await postLoginFrom(studio.base, from, OWNER.email, OWNER.password)
  expect(blocked.status).toBe(429)
  expect(Number(blocked.retryAfter)).toBeGreaterThan(800)
  expect(blocked.html).toContain("essais manqués : réessayez dans 15 minutes.")
  // Her own address is not that one.
  expect((await postLoginFrom(studio.base, "127.0.0.1", OWNER.email, OWNER.password)).status).toBe(303)

  // Six refusals from there so far (the throttled one counts too); 14 more on other accounts reach the address's 20.
  for (let attempt = 0; attempt < LOGIN_LIMITS.address - 6; attempt += 1)
    expect((await postLoginFrom(studio.base, from, `autre${attempt}@exemple.fr`, "un mot de passe faux")).status).toBe(401)
  const stopped = await postLoginFrom(studio.base, from, "encore@exemple.fr", "un mot de passe faux")
  expect(stopped.status).toBe(429)
  expect(stopped.html).toContain("essais manqués : réessayez dans")
  expect((await postLoginFrom(studio.base, "127.0.0.1", OWNER.email, OWNER.password)).status).toBe(303)
})

test("the client is the socket's address, or the one a proxy trusted by TRUST_PROXY names; a forged X-Forwarded-For buys no more tries", async () => {
  // No proxy trusted (the default): a stranger changing X-Forwarded-For on each try is still one address.
  const from = "127.0.0.7"
  const warned = jest.spyOn(console, "error").mockImplementation(() => undefined)
  for (let attempt = 0; attempt < LOGIN_LIMITS.accountAddress; attempt += 1)
    expect((await postLoginFrom(studio.base, from, OWNER.email, `faux-${attempt}`, { "X-Forwarded-For": `203.0.113.${attempt}` })).status).toBe(401)
  expect((await postLoginFrom(studio.base, from, OWNER.email, OWNER.password, { "X-Forwarded-For": "203.0.113.99" })).status).toBe(429)
  // express-rate-limit says in the log that such a header came while no proxy is trusted (a misconfiguration, or a forgery).
  for (const [warning] of warned.mock.calls) expect(warning).toMatchObject({ code: "ERR_ERL_UNEXPECTED_X_FORWARDED_FOR" })
  warned.mockRestore()

  // Behind a proxy on this machine (TRUST_PROXY=loopback, as src/server/host/app.ts sets it): each visitor by the address it names.
  const { base, close } = await studioRouterServer(LOGIN_LIMITS, "loopback")
  try {
    const stranger = { "X-Forwarded-For": "203.0.113.7" }
    for (let attempt = 0; attempt < LOGIN_LIMITS.accountAddress; attempt += 1)
      expect((await postLoginFrom(base, "127.0.0.1", OWNER.email, `faux-${attempt}`, stranger)).status).toBe(401)
    expect((await postLoginFrom(base, "127.0.0.1", OWNER.email, OWNER.password, stranger)).status).toBe(429)
    expect((await postLoginFrom(base, "127.0.0.1", OWNER.email, OWNER.password, { "X-Forwarded-For": "198.51.100.20" })).status).toBe(303)
  } finally {
    close()
  }
})

test("an account's failures from every address wait longer and longer, never past the bound, and start again after the window", () => {
  let now = 0
  const slowdown = new AccountSlowdown(LOGIN_LIMITS, () => now)
  const waits = Array.from({ length: 9 }, () => slowdown.failed("Proprietaire@exemple.fr "))
  expect(waits).toEqual([0, 0, 0, 0, 0, 1000, 2000, 4000, 8000])
  expect(slowdown.failed("proprietaire@exemple.fr")).toBe(LOGIN_LIMITS.slowdown.maxMs)
  expect(slowdown.failed("proprietaire@exemple.fr")).toBe(LOGIN_LIMITS.slowdown.maxMs)
  // Another address, known or not, has waits of its own.
  expect(slowdown.failed("personne@exemple.fr")).toBe(0)
  now += LOGIN_LIMITS.windowMs
  expect(slowdown.failed("proprietaire@exemple.fr")).toBe(0)
})
