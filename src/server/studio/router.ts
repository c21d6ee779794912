/**
 * The content studio on the site's own server, mounted at `<prefix>/admin` by
 * src/server/studio/mount.ts. In order: a state-changing request from another origin → 403;
 * the login page, login and logout; the owner rooms beside the studio (the inbox at demandes/),
 * whose pages without a session are the login page (401) that leads back to them; then nothing
 * without a session (401 JSON): the studio's own files (public/admin/, served by the site after
 * this router), its backend choice (backend.json) and Decap's proxy-backend API (api/v1).
 */
import express, { type NextFunction, type Request, type Response } from "express"
import { NO_STORE } from "../http/responses"
import type { AccountStore } from "./accounts"
import { requireSession, sameOriginOnly } from "./guard"
import { LOGIN_PAGE_CSP, LOGIN_WORDS, loginPage, logoutPage, studioPage } from "./login-page"
import { KEPT_FORM_CAP, KEPT_WORDS, keptFormField, keptFormOf, resendBody, type KeptForm } from "./kept-form"
import { sessionCookie, tokenOf, type SessionStore } from "./sessions"
import { loginThrottles, type LoginLimits } from "./throttle"
import { holdsToForm } from "../http/form-schema"
import { formBody, KB } from "../http/form-body"

export type StudioOptions = {
  /** Where the studio is mounted: "/admin", or "<prefix>/admin". */
  readonly base: string
  readonly accounts: AccountStore
  readonly sessions: SessionStore
  readonly loginLimits?: LoginLimits
  /** Extra routes behind the session (the proxy backend), mounted last. */
  readonly api?: express.Router
  /**
   * Owner rooms by folder name (`demandes`: the inbox, src/server/inbox/), mounted at
   * `<base>/<name>/` behind the same session and same-origin rule as the studio.
   */
  readonly rooms?: Readonly<Record<string, express.Router>>
}

/** A browser's own form post (a page's form, not the pages' scripts, which ask for JSON): kept through the login. */
const sendsForm = (req: Request) =>
  req.method === "POST" && /\btext\/html\b/.test(req.get("accept") ?? "") && /^application\/x-www-form-urlencoded\b/.test(req.get("content-type") ?? "")

/** A browser asking for a page (a navigation): it gets the login page, anything else JSON. */
const asksForPage = (req: Request) => (req.method === "GET" || req.method === "HEAD") && /\btext\/html\b/.test(req.get("accept") ?? "")

function sendPage(res: Response, status: number, html: string): void {
  res
    .status(status)
    .set({ ...NO_STORE, "Content-Security-Policy": LOGIN_PAGE_CSP, "Content-Type": "text/html; charset=utf-8" })
    .send(html)
}

export function studioRouter(options: StudioOptions): express.Router {
  const { base, accounts, sessions } = options
  const router = express.Router()
  const loginAction = `${base}/login`
  const rooms = Object.entries(options.rooms ?? {}).map(([name, room]) => ({ name, room, entry: `${base}/${name}/` }))
  // Where a login goes: the room it was asked from (only one of ours: never an address from outside), else the studio.
  const afterLogin = (asked: unknown) => rooms.find((room) => room.entry === asked)?.entry ?? `${base}/`
  // A login page shown again (refused, throttled) keeps the room it was asked from.
  const keptNext = (req: Request) => (req.body?.suite ? afterLogin(req.body.suite) : undefined)
  const roomNames = rooms.map((room) => room.name)
  /** The form kept through the login (./kept-form.ts), posted with it. */
  const keptForm = (req: Request): KeptForm | null => keptFormOf(req.body?.saisie, base, roomNames)
  const roomOf = (kept: KeptForm) => rooms.find((room) => kept.action.startsWith(room.entry))?.entry ?? `${base}/`
  router.use(sameOriginOnly)

  router.get(["/", "/index.html"], (req, res, next) => {
    if (sessions.find(tokenOf(req))) return next()
    sendPage(res, 200, loginPage(loginAction, { notice: req.query.fin === "1" ? LOGIN_WORDS.loggedOut : undefined }))
  })

  // "/login" from a room's page; the studio's own page posts back to itself (loginPage).
  const throttles = loginThrottles(loginAction, options.loginLimits, keptNext)
  router.post(
    ["/login", "/", "/index.html"],
    ...formBody(KEPT_FORM_CAP + 4 * KB, 10),
    ...throttles.gates,
    (req: Request, res: Response, next: NextFunction) => {
      // The login form's fields only, each one text (../http/form-schema.ts): anything else is a forged post.
      if (!holdsToForm(req.body ?? {}, { fields: ["email", "password", "suite", "saisie"], caps: { saisie: KEPT_FORM_CAP } }))
        return sendPage(res, 400, loginPage(loginAction, { error: "Formulaire illisible : rechargez la page et recommencez." }))
      const email = String(req.body?.email ?? "")
      const password = String(req.body?.password ?? "")
      const login = async () => {
        const account = email && password ? await accounts.check(email, password) : null
        if (!account) {
          // The right password is answered at once; a wrong one waits as long as its account's recent failures say.
          if (email) await throttles.failed(email)
          const kept = keptForm(req)
          return sendPage(
            res,
            401,
            loginPage(loginAction, { email, error: LOGIN_WORDS.refused, next: keptNext(req), ...(kept ? { keep: keptFormField(kept) } : {}) }),
          )
        }
        sessions.end(tokenOf(req))
        res.set(NO_STORE).setHeader("Set-Cookie", sessionCookie(req, base, sessions.create(account)))
        const kept = keptForm(req)
        // What was typed before the session ended: sent again by the owner's tap.
        if (kept) return sendPage(res, 200, studioPage(loginAction, resendBody(kept, roomOf(kept))))
        res.redirect(303, afterLogin(req.body?.suite))
      }
      // Express 4 does not catch a rejected promise (an unreadable accounts file): the host's last resort answers it.
      login().catch(next)
    },
  )

  router.get("/logout", (req, res) => {
    if (!sessions.find(tokenOf(req))) return res.redirect(303, `${base}/`)
    sendPage(res, 200, logoutPage(`${base}/logout`))
  })
  router.post("/logout", (req, res) => {
    sessions.end(tokenOf(req))
    res.set(NO_STORE).setHeader("Set-Cookie", sessionCookie(req, base, null))
    res.redirect(303, `${base}/?fin=1`)
  })

  // A room's form sent by a browser once the session ended: the login page, the form kept in it (./kept-form.ts).
  const readForm = formBody(KEPT_FORM_CAP, 200)
  const keepForm: express.RequestHandler = (req, res, next) => {
    if (sessions.find(tokenOf(req)) || !sendsForm(req)) return next()
    const [lengthCheck, parse] = readForm as [express.RequestHandler, express.RequestHandler]
    lengthCheck(req, res, (error?: unknown) => {
      if (error) return next(error)
      parse(req, res, (parseError?: unknown) => {
        if (parseError) return next(parseError)
        const fields = holdsToForm(req.body, { fields: [], patterns: ["^[a-z_0-9]{1,40}$"] }) ? (req.body as Record<string, string>) : null
        const entry = rooms.find((room) => req.originalUrl.startsWith(room.entry))?.entry
        const kept = fields && entry ? keptFormOf(JSON.stringify({ action: req.originalUrl, fields }), base, roomNames) : null
        sendPage(res, 401, loginPage(loginAction, { next: entry, notice: KEPT_WORDS.ended, ...(kept ? { keep: keptFormField(kept) } : {}) }))
      })
    })
  }
  for (const { name, room, entry } of rooms) {
    const door: express.RequestHandler = (req, res, next) =>
      sessions.find(tokenOf(req)) || !asksForPage(req) ? next() : sendPage(res, 401, loginPage(loginAction, { next: entry }))
    router.use(`/${name}`, door, keepForm, requireSession(sessions), room)
  }

  router.use(requireSession(sessions))
  // Read by static/admin/admin.js: on this server the studio talks to our own proxy backend.
  router.get("/backend.json", (_req, res) => {
    res.set(NO_STORE).json({ backend: { name: "proxy", proxy_url: `${base}/api/v1` }, local_backend: false })
  })
  if (options.api) router.use(options.api)
  return router
}
