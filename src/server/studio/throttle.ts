/**
 * Failed studio logins (docs/studio.md#failed-logins-the-throttle), counted in this process's memory three ways, so that
 * guessing is slow and nobody can lock the owner out by typing her address:
 * - per account AND address (express-rate-limit): LOGIN_LIMITS.accountAddress failures in the
 *   window from one address for one account, then 429 with Retry-After for that pair only;
 * - per address: LOGIN_LIMITS.address failures whatever accounts it tries, then 429;
 * - per account from every address (AccountSlowdown): never a refusal, a growing wait before a
 *   failed attempt is answered, bounded by `slowdown.maxMs`.
 * What must stay true: a 429 only ever answers the address that failed, so the right password
 * from another address (the owner's phone) is checked and answered at once; a successful login
 * is not counted. The address is req.ip: the socket's peer, or the client named by a proxy
 * trusted by TRUST_PROXY (src/server/settings.ts), never a header anyone can send.
 */
import type { Request, RequestHandler, Response } from "express"
import { ipKeyGenerator, rateLimit } from "express-rate-limit"
import { NO_STORE } from "../http/responses"
import { normalizeEmail } from "./accounts"
import { LOGIN_WORDS, loginPage } from "./login-page"
import { clock } from "../clock"

export type LoginLimits = {
  readonly windowMs: number
  /** Failures from one address for one account, then 429 there. */
  readonly accountAddress: number
  /** Failures from one address, whatever the accounts, then 429 there. */
  readonly address: number
  /** Per account, all addresses: `free` failures answered at once, then waits of firstMs, doubling, up to maxMs. */
  readonly slowdown: { readonly free: number; readonly firstMs: number; readonly maxMs: number }
}

export const LOGIN_LIMITS: LoginLimits = {
  windowMs: 15 * 60_000,
  accountAddress: 5,
  address: 20,
  slowdown: { free: 5, firstMs: 1000, maxMs: 10_000 },
}

/** Where the login page's form goes after a login: the room it was asked from (the router decides which it keeps). */
type NextOf = (req: Request) => string | undefined

function refuse(action: string, windowMs: number, nextOf: NextOf) {
  return (req: Request, res: Response) => {
    const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime
    const seconds = Math.max(1, Math.ceil(((reset?.getTime() ?? clock.nowMs() + windowMs) - clock.nowMs()) / 1000))
    res
      .status(429)
      .set({ ...NO_STORE, "Retry-After": String(seconds), "Content-Type": "text/html; charset=utf-8" })
      .send(loginPage(action, { email: String(req.body?.email ?? ""), error: LOGIN_WORDS.throttled(Math.ceil(seconds / 60)), next: nextOf(req) }))
  }
}

/**
 * Failures per account from every address in a fixed window: how long the answer to the next
 * failure waits. Unknown addresses are counted like accounts (the wait tells nothing about which
 * exist). The right password never waits: it is checked and answered before anything here.
 */
export class AccountSlowdown {
  private readonly failures = new Map<string, { count: number; resetAt: number }>()
  private sweepAt = 0

  constructor(
    private readonly limits: LoginLimits,
    private readonly now: () => number = clock.nowMs,
  ) {}

  /** Counts a failed login for `email`; returns how many ms to wait before answering it. */
  failed(email: string): number {
    const now = this.now()
    if (now >= this.sweepAt) {
      for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key)
      this.sweepAt = now + this.limits.windowMs
    }
    const key = normalizeEmail(email)
    const current = this.failures.get(key)
    const entry = current && current.resetAt > now ? current : { count: 0, resetAt: now + this.limits.windowMs }
    entry.count += 1
    this.failures.set(key, entry)
    const { free, firstMs, maxMs } = this.limits.slowdown
    return entry.count <= free ? 0 : Math.min(maxMs, firstMs * 2 ** (entry.count - free - 1))
  }
}

/**
 * The login route's throttles, its form's action being `action`; the body must already be read.
 * `gates` go before the check (the two 429s); `failed(email)` is awaited before a refusal is
 * answered (the account's wait). The refusal's login page keeps where the login was going (`nextOf`).
 */
export function loginThrottles(
  action: string,
  limits: LoginLimits = LOGIN_LIMITS,
  nextOf: NextOf = () => undefined,
): { gates: RequestHandler[]; failed: (email: string) => Promise<void> } {
  const common = {
    windowMs: limits.windowMs,
    skipSuccessfulRequests: true,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: refuse(action, limits.windowMs, nextOf),
  } as const
  const slowdown = new AccountSlowdown(limits)
  return {
    gates: [
      rateLimit({ ...common, limit: limits.address }),
      rateLimit({
        ...common,
        limit: limits.accountAddress,
        // The address as the per-address limit counts it (an IPv6 client by its /56).
        keyGenerator: (req) => `compte:${normalizeEmail(String(req.body?.email ?? ""))}|${ipKeyGenerator(req.ip ?? "")}`,
      }),
    ],
    failed: (email) => new Promise((done) => setTimeout(done, slowdown.failed(email))),
  }
}
