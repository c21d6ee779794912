/**
 * The owner's sessions in the studio (docs/studio.md#login-and-sessions): kept in this process's memory, keyed
 * by a random 256-bit token that only the owner's cookie carries. What must stay true: a token
 * the server did not hand out, or one past its time, opens nothing; a session opens nothing once
 * its account is removed or its password changed (checked on every request against the accounts
 * file, wherever the change was made: `npm run studio:account` runs in a process of its own); a
 * restart of the server ends every session (the owner logs in again), which is the price of
 * keeping no session on disk.
 *
 * Times: a session ends after SESSION_IDLE_MS without a request (12 h) and SESSION_MAX_MS after
 * the login whatever happens (7 days).
 */
import { randomBytes } from "node:crypto"
import type { Request } from "express"
import { passwordStamp, type Account } from "./accounts"
import { clock } from "../clock"

export const SESSION_IDLE_MS = 12 * 3600_000
export const SESSION_MAX_MS = 7 * 24 * 3600_000
export const SESSION_COOKIE = "maxai_studio"

/** `stamp`: the account's password when the session was opened (passwordStamp). */
export type Session = { readonly email: string; readonly stamp: string; readonly createdAt: number; lastSeenAt: number }

/** Who may be in now: the stamp of an account's current password, null when there is no such account (AccountStore). */
export type AccountsNow = { stampOf(email: string): string | null }

export class SessionStore {
  private readonly sessions = new Map<string, Session>()

  /** `accounts`: asked on every find; `now` is the clock (tests move it); idle and max as above unless told. */
  constructor(
    private readonly accounts: AccountsNow,
    private readonly now: () => number = clock.nowMs,
    private readonly idleMs = SESSION_IDLE_MS,
    private readonly maxMs = SESSION_MAX_MS,
  ) {}

  /** A new session for the account whose password was just checked (AccountStore.check). */
  create(account: Account): string {
    this.sweep()
    const token = randomBytes(32).toString("base64url")
    const now = this.now()
    this.sessions.set(token, { email: account.email, stamp: passwordStamp(account), createdAt: now, lastSeenAt: now })
    return token
  }

  /**
   * The living session of `token`, its idle time restarted; null (and forgotten) when unknown,
   * expired, or when its account is gone or has another password now.
   */
  find(token: string | undefined): Session | null {
    if (!token) return null
    const session = this.sessions.get(token)
    if (!session) return null
    const now = this.now()
    const expired = now - session.lastSeenAt > this.idleMs || now - session.createdAt > this.maxMs
    if (expired || this.accounts.stampOf(session.email) !== session.stamp) {
      this.sessions.delete(token)
      return null
    }
    session.lastSeenAt = now
    return session
  }

  end(token: string | undefined): void {
    if (token) this.sessions.delete(token)
  }

  /** Drops expired sessions (and those of accounts gone), so memory does not grow with logins never closed. */
  private sweep(): void {
    for (const token of [...this.sessions.keys()]) this.find(token)
  }
}

/** The session token the request's cookie carries, if any. */
export function tokenOf(req: Request): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=")
    if (name === SESSION_COOKIE) return value.join("=")
  }
  return undefined
}

/**
 * The cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it),
 * Secure when the request came over HTTPS (directly, or through a proxy trusted by TRUST_PROXY),
 * limited to the studio's path. `token` null clears it.
 */
export function sessionCookie(req: Request, path: string, token: string | null): string {
  const parts = [`${SESSION_COOKIE}=${token ?? ""}`, `Path=${path}`, "HttpOnly", "SameSite=Strict", `Max-Age=${token ? SESSION_MAX_MS / 1000 : 0}`]
  if (req.secure) parts.push("Secure")
  return parts.join("; ")
}
