/**
 * Failed logins, counted twice (express-rate-limit, memory of this process): per account,
 * LOGIN_LIMITS.account failures in the window, whatever address tries; per address,
 * LOGIN_LIMITS.address failures, whatever accounts it tries. A successful login is not counted.
 * Over either, the login answers 429 with Retry-After, even with the right password.
 */
import type { Request, RequestHandler, Response } from "express"
import { rateLimit } from "express-rate-limit"
import { NO_STORE } from "../http/responses"
import { normalizeEmail } from "./accounts"
import { LOGIN_WORDS, loginPage } from "./login-page"

export const LOGIN_LIMITS = { windowMs: 15 * 60_000, account: 5, address: 20 } as const

/** Where the login page's form goes after a login: the room it was asked from (the router decides which it keeps). */
type NextOf = (req: Request) => string | undefined

function refuse(action: string, windowMs: number, nextOf: NextOf) {
  return (req: Request, res: Response) => {
    const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime
    const seconds = Math.max(1, Math.ceil(((reset?.getTime() ?? Date.now() + windowMs) - Date.now()) / 1000))
    res
      .status(429)
      .set({ ...NO_STORE, "Retry-After": String(seconds), "Content-Type": "text/html; charset=utf-8" })
      .send(loginPage(action, { email: String(req.body?.email ?? ""), error: LOGIN_WORDS.throttled(Math.ceil(seconds / 60)), next: nextOf(req) }))
  }
}

/**
 * Both limits, for the login route whose form action is `action`; the body must already be read.
 * The refusal's login page keeps where the login was going (`nextOf`).
 */
export function loginThrottles(
  action: string,
  limits: { windowMs: number; account: number; address: number } = LOGIN_LIMITS,
  nextOf: NextOf = () => undefined,
): RequestHandler[] {
  const common = {
    windowMs: limits.windowMs,
    skipSuccessfulRequests: true,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: refuse(action, limits.windowMs, nextOf),
  } as const
  return [
    rateLimit({ ...common, limit: limits.address }),
    rateLimit({ ...common, limit: limits.account, keyGenerator: (req) => `compte:${normalizeEmail(String(req.body?.email ?? ""))}` }),
  ]
}
