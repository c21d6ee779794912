/**
 * What each API route accepts, declared once. The server (scripts/server/api.ts) reads every
 * request body through src/server/body.ts following these declarations: it refuses from the
 * headers what it can (wrong Content-Type → 415, Content-Length over `maxBytes` → 413), then
 * reads at most `maxBytes` within `timeoutMs`, and only then calls the route's function, whose
 * `req.body` is the result (see RequestBody in src/server/body.ts). A function in
 * .cache/functions without an entry here stops the server at start-up.
 *
 * Types only and plain constants: functions import this file, it must not pull in Node modules.
 */

/** Streaming multipart/form-data limits (src/server/multipart.ts; busboy underneath). */
export type MultipartLimits = {
  /** Most files in one request. */
  readonly files: number
  /** Largest single file, in bytes. */
  readonly fileBytes: number
  /** Media types a file may declare ("image/jpeg"…); any other → 415. */
  readonly fileMediaTypes: readonly string[]
  /** Most non-file fields, and the largest value of one, in bytes. */
  readonly fields: number
  readonly fieldBytes: number
}

export type BodyRule = {
  /** Accepted Content-Type media types, lower case, without parameters. */
  readonly mediaTypes: readonly string[]
  /** Whole body, in bytes on the wire: refused from Content-Length, counted while reading. */
  readonly maxBytes: number
  /** Time to receive the body once the headers are in (default: the server's BODY_TIMEOUT_MS). */
  readonly timeoutMs?: number
  /** Present only on routes that accept multipart/form-data (listed in `mediaTypes` too). */
  readonly multipart?: MultipartLimits
}

export type ApiRoute = {
  /** Methods the route answers (HEAD comes with GET); others get the function's 405. */
  readonly methods: readonly string[]
  /** The body it reads; absent: the route reads none. */
  readonly body?: BodyRule
}

export const KB = 1024
export const MB = 1024 * KB

/** POST /api/chat: JSON, well above the largest valid request (2000 characters of message plus name and email). */
export const CHAT_ROUTE = {
  methods: ["POST"],
  body: { mediaTypes: ["application/json"], maxBytes: 32 * KB },
} as const satisfies ApiRoute

/**
 * Keyed by Gatsby's functionRoute (the path under /api/). A future multipart route, e.g. the
 * estimate form, declares here:
 *   estimate: { methods: ["POST"], body: { mediaTypes: ["multipart/form-data"], maxBytes: 41 * MB,
 *     timeoutMs: 120_000, multipart: { files: 4, fileBytes: 10 * MB, fileMediaTypes: ["image/jpeg", …],
 *     fields: 4, fieldBytes: 4 * KB } } }
 * and its function reads `req.body` as a MultipartBody.
 */
export const API_ROUTES: Readonly<Record<string, ApiRoute>> = {
  chat: CHAT_ROUTE,
  "vinted/stores": { methods: ["GET"] },
  "vinted/news": { methods: ["GET"] },
}
