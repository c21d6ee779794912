/**
 * Every request body, on every path, ends within its time (issue 25): BODY_TIMEOUT_MS, or longer
 * only where an API route declares it (`timeoutMs` in src/server/http/routes.ts: the estimate's
 * photos). Pages, 404s and `POST /index.html` answer without reading the body, but Node keeps the
 * connection until the body has arrived: a client trickling one byte a second held it until the
 * server-wide requestTimeout (sized for the estimate, 305 s). Here, a body still arriving at its
 * deadline ends the connection: after the answer if it was sent, else with a 408.
 *
 * API routes read their bodies themselves (src/server/http/body.ts) and answer their own 408 JSON
 * at the same deadline; this one comes a moment later, only as a backstop.
 */
import type { Request, RequestHandler, Response } from "express"
import { hasBody } from "../http/body"
import { bodyTimedOut } from "../http/responses"
import { API_ROUTES } from "../http/routes"
import { sendJson } from "./api"
import { sendErrorPage } from "./site"

/** Lets an API route's own 408 JSON go first. */
const API_MARGIN_MS = 1000
/** How long a cut client may read the 408 before its connection is closed. */
const LINGER_MS = 1000

/** The API route a path names (prefix or not), or null for every other path. */
function apiRouteOf(path: string, prefix: string): string | null {
  for (const base of prefix ? ["/api/", `${prefix}/api/`] : ["/api/"]) if (path.startsWith(base)) return path.slice(base.length).replace(/\/+$/, "")
  return null
}

function cut(req: Request, res: Response, isApi: boolean): void {
  if (!res.headersSent) {
    res.setHeader("Connection", "close")
    res.once("finish", () => setTimeout(() => req.socket.destroy(), LINGER_MS).unref())
    if (isApi) sendJson(res, bodyTimedOut())
    else sendErrorPage(req, res, 408)
    return
  }
  if (res.writableFinished) req.socket.destroy()
  else res.once("finish", () => req.socket.destroy())
}

export function bodyDeadline({ bodyTimeoutMs, prefix }: { bodyTimeoutMs: number; prefix: string }): RequestHandler {
  return (req, res, next) => {
    // Requests without a body (most) get no timer.
    if (hasBody(req) && !req.complete) {
      const route = apiRouteOf(req.path, prefix)
      const timeoutMs = route === null ? bodyTimeoutMs : (API_ROUTES[route]?.body?.timeoutMs ?? bodyTimeoutMs) + API_MARGIN_MS
      const timer = setTimeout(() => {
        if (!req.complete && !req.socket.destroyed) cut(req, res, route !== null)
      }, timeoutMs)
      const done = () => clearTimeout(timer)
      req.once("end", done)
      req.once("close", done)
      res.once("close", () => {
        if (req.complete) done()
      })
    }
    next()
  }
}
