/**
 * What every studio request passes before anything else (src/server/studio/router.ts): a
 * state-changing request must come from the site's own pages, and everything but the login
 * page needs a session. Refusals are JSON with the French sentence in `error`, the field Decap's
 * proxy backend shows in its notification (`code` for programs).
 */
import type { NextFunction, Request, RequestHandler, Response } from "express"
import { NO_STORE } from "../http/responses"
import { changeFromAnotherSite } from "../http/same-origin"
import { tokenOf, type Session, type SessionStore } from "./sessions"

export function studioError(res: Response, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  res
    .status(status)
    .set({ ...NO_STORE, ...headers })
    .json({ code, error: message })
}

/** A state change from another site's page (the rule: src/server/http/same-origin.ts) is refused before anything else. */
export const sameOriginOnly: RequestHandler = (req, res, next) => {
  if (!changeFromAnotherSite(req)) return next()
  studioError(res, 403, "cross_origin", "Requête refusée : elle ne vient pas du studio de ce site.")
}

export type SessionRequest = Request & { studioSession?: Session }

export function requireSession(sessions: SessionStore): RequestHandler {
  return (req: SessionRequest, res: Response, next: NextFunction) => {
    const session = sessions.find(tokenOf(req))
    if (session) {
      req.studioSession = session
      return next()
    }
    studioError(res, 401, "session_required", "Session absente ou expirée : reconnectez-vous au studio (rechargez la page).")
  }
}
