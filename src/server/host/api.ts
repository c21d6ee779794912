/**
 * /api/*: each Gatsby Function behind its per-client rate limit and the one place request bodies
 * are read (src/server/http/body.ts), both following its declaration in src/server/http/routes.ts.
 * Every answer, even an unexpected failure, is JSON { error, message } in French.
 */
import express, { type Request, type RequestHandler, type Response } from "express"
import { rateLimit } from "express-rate-limit"
import { discardBody, readBody, refuseFromHeaders, type BodyContext } from "../http/body"
import { allowedMethod, errorResponse, mediaTypeOf, NO_STORE, NOTHING_TO_RUN, unreadableBody, type ApiResponse } from "../http/responses"
import { API_ROUTES, KB, type BodyRule, type RateLimitRule } from "../http/routes"
import type { RateLimits, RateLimitSettings } from "../settings"
import { crossSiteRefusal } from "./cross-site"

export type FunctionHandler = (req: Request, res: Response) => unknown
/** Asked before a `storesLeads` route's body is read: null when the outbox has room for `incomingBytes`, else the refusal. */
export type OutboxRoomCheck = (incomingBytes: number) => Promise<ApiResponse | null>
export type ApiFunction = { readonly route: string; readonly handler: FunctionHandler }

/**
 * Bodies sent to a route that reads none (or with a method it does not answer) are read within
 * this bound and dropped; a malformed JSON one still gets the 400 `invalid_body` it always got.
 */
const IGNORED_BODY: BodyRule = { mediaTypes: ["*/*"], maxBytes: 16 * KB }
/** How long a refused client may go on sending before its connection is cut (it reads our answer meanwhile). */
const LINGER_MS = 1000
/** A refused body up to this size is read and dropped before answering, keeping the connection. */
const DISCARD_BYTES = 64 * KB

export function sendJson(res: Response, response: ApiResponse): void {
  if (res.headersSent || res.destroyed) return
  res.status(response.status).set({ "X-Content-Type-Options": "nosniff", ...NO_STORE, ...NOTHING_TO_RUN, ...response.headers })
  res.json(response.body)
}

/**
 * Answers a refusal decided from the headers or mid-body. A small rest of body (up to
 * DISCARD_BYTES, within the body timeout) is discarded first, never kept, so the connection
 * stays usable; a larger one is not read: the answer goes at once and the connection is closed
 * soon after (the client reads our answer meanwhile).
 */
function refuse(req: Request, res: Response, response: ApiResponse, bodyTimeoutMs: number): void {
  // A body already too slow (408) is not waited for a second time.
  const discardBytes = response.status === 408 ? 0 : DISCARD_BYTES
  void discardBody(req, discardBytes, bodyTimeoutMs).then((ended) => {
    if (req.socket.destroyed) return
    if (!ended) {
      res.setHeader("Connection", "close")
      res.once("finish", () => {
        req.resume()
        setTimeout(() => req.socket.destroy(), LINGER_MS).unref()
      })
    }
    sendJson(res, response)
  })
}

function isMalformedJson(req: Request, body: Buffer): boolean {
  if (body.length === 0 || mediaTypeOf(req.headers["content-type"]) !== "application/json") return false
  try {
    JSON.parse(body.toString("utf8"))
    return false
  } catch {
    return true
  }
}

/** The route's function in the build served now (src/server/host/served.ts), read when the request arrives. */
type FunctionsNow = () => ReadonlyArray<ApiFunction>

function functionHandler(route: string, functionsNow: FunctionsNow, context: BodyContext, outboxRoom?: OutboxRoomCheck): RequestHandler {
  const { bodyTimeoutMs } = context
  const declaration = API_ROUTES[route]
  if (!declaration) throw new Error(`la fonction /api/${route} n'est pas déclarée dans src/server/http/routes.ts (API_ROUTES)`)
  /** A body bound for the outbox is not read while the outbox has no room for it (nothing read, nothing written). */
  const roomFor = (req: Request, rule: BodyRule): Promise<ApiResponse | null> => {
    if (!declaration.storesLeads || rule === IGNORED_BODY || !outboxRoom) return Promise.resolve(null)
    return outboxRoom(Number(req.headers["content-length"]) || rule.maxBytes)
  }
  return (req, res, next) => {
    const handler = functionsNow().find((entry) => entry.route === route)?.handler
    // A route the served build has no function for answers like any unknown route (below).
    if (!handler) return next("route")
    const rule = declaration.body && allowedMethod(req.method, declaration.methods) ? declaration.body : IGNORED_BODY
    const refusal = refuseFromHeaders(req, rule)
    if (refusal) return refuse(req, res, refusal, bodyTimeoutMs)
    void roomFor(req, rule).then(async (full) => {
      if (full) return refuse(req, res, full, bodyTimeoutMs)
      const outcome = await readBody(req, rule, context)
      if (!outcome.ok) {
        if (outcome.response) refuse(req, res, outcome.response, bodyTimeoutMs)
        return
      }
      res.once("close", outcome.cleanup)
      if (rule === IGNORED_BODY && Buffer.isBuffer(outcome.body) && isMalformedJson(req, outcome.body)) return sendJson(res, unreadableBody())
      req.body = outcome.body
      try {
        // Gatsby's wrapper sees the stream already read and skips its own body parsers.
        handler(req, res)
      } catch (error) {
        next(error)
      }
    })
  }
}

/**
 * express-rate-limit before the body is read: a client over its limit gets the route's 429 at
 * once, and its body is dropped unread like any other refusal (see refuse).
 */
function rateLimiter(rule: RateLimitRule, { limit, windowMs }: RateLimitSettings, bodyTimeoutMs: number): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: (req, res) => {
      const seconds = String(res.getHeader("Retry-After") ?? Math.ceil(windowMs / 1000))
      const { status, error, message } = rule.refusal
      refuse(req, res, errorResponse(status, error, message.replace("{secondes}", seconds)), bodyTimeoutMs)
    },
  })
}

/** Every route API_ROUTES declares, each answered by the function of that name in the build served when the request arrives. */
export function apiRouter(functionsNow: FunctionsNow, options: BodyContext & { rateLimits: RateLimits; outboxRoom?: OutboxRoomCheck }): express.Router {
  const api = express.Router()
  // Before the rate limits: a page of another site cannot spend a visitor's quota either.
  api.use((req, res, next) => {
    // Every API answer, the functions' own included: JSON is never a document to run anything in.
    res.set(NOTHING_TO_RUN)
    const refusal = crossSiteRefusal(req)
    if (refusal) return refuse(req, res, refusal, options.bodyTimeoutMs)
    next()
  })
  for (const [route, declaration] of Object.entries(API_ROUTES)) {
    const handlers = [functionHandler(route, functionsNow, options, options.outboxRoom)]
    const rule = declaration.rateLimit
    const settings = rule ? options.rateLimits[rule.limit] : null
    if (rule && settings) handlers.unshift(rateLimiter(rule, settings, options.bodyTimeoutMs))
    api.all(`/${route}`, ...handlers)
  }
  api.use((req: Request, res: Response) => refuse(req, res, errorResponse(404, "not_found", "Cette route d'API n'existe pas."), options.bodyTimeoutMs))
  // A failure goes on to the app's one last-resort handler (lastResort in ./app.ts): JSON 500.
  return api
}
