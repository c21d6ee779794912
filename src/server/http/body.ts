/**
 * The one place request bodies are read (src/server/host/api.ts calls it before any function).
 * What must stay true: no outcome of a body (cut off, malformed chunked encoding, too slow, too
 * large, refused) ever rejects or throws out of here. `readBody` always resolves, either with
 * the body or with the refusal to send (then close the connection), or with `response: null`
 * when the client is gone and there is no one to answer.
 *
 * Why: reading with `for await (const chunk of req)` rejects when the client hangs up; inside a
 * Gatsby function that rejection had no one to catch it (Gatsby's function wrapper drops the
 * handler's promise) and Node ended the whole process (issue 12).
 */
import type { IncomingMessage } from "node:http"
import { bodyTimedOut, mediaTypeOf, payloadTooLarge, routeRefusal, unsupportedMediaType, type ApiResponse } from "./responses"
import { readMultipart, type MultipartBody } from "./multipart"
import type { BodyRule } from "./routes"

export type { MultipartBody, UploadedFile } from "./multipart"

/** What a function finds in `req.body`: the raw bytes, or the parsed multipart form of a route that accepts one. */
export type RequestBody = Buffer | MultipartBody

export type BodyOutcome =
  | { readonly ok: true; readonly body: RequestBody; readonly cleanup: () => void }
  /** `response`: the refusal to send; null: the client is gone. */
  | { readonly ok: false; readonly response: ApiResponse | null }

export const GONE: BodyOutcome = { ok: false, response: null }

/** Whether the request announces a body (Content-Length above 0, or chunked). */
export function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0
}

/** The refusal the headers alone justify (415, then 413), before a byte of the body is read. */
export function refuseFromHeaders(req: IncomingMessage, rule: BodyRule): ApiResponse | null {
  if (!hasBody(req)) return null
  if (!rule.mediaTypes.includes("*/*") && !rule.mediaTypes.includes(mediaTypeOf(req.headers["content-type"]))) {
    return routeRefusal(rule.refusals?.mediaType, unsupportedMediaType(rule.mediaTypes))
  }
  if (Number(req.headers["content-length"] ?? 0) > rule.maxBytes) return routeRefusal(rule.refusals?.tooLarge, payloadTooLarge())
  return null
}

/** What the server gives every body read: BODY_TIMEOUT_MS (a route may declare longer) and its upload folder. */
export type BodyContext = { readonly bodyTimeoutMs: number; readonly uploadDir: string }

/** Reads the body under `rule` (after refuseFromHeaders said nothing). Never rejects. */
export function readBody(req: IncomingMessage, rule: BodyRule, { bodyTimeoutMs, uploadDir }: BodyContext): Promise<BodyOutcome> {
  const timeoutMs = rule.timeoutMs ?? bodyTimeoutMs
  if (rule.multipart && mediaTypeOf(req.headers["content-type"]) === "multipart/form-data") {
    return readMultipart(req, { maxBytes: rule.maxBytes, limits: rule.multipart, timeoutMs, uploadDir, refusals: rule.refusals })
  }
  const tooLarge = routeRefusal(rule.refusals?.tooLarge, payloadTooLarge())
  return consume(req, rule.maxBytes, timeoutMs, true).then((end): BodyOutcome => {
    if (end.kind === "ended") return { ok: true, body: end.body, cleanup: () => {} }
    if (end.kind === "tooLarge") return { ok: false, response: tooLarge }
    if (end.kind === "timeout") return { ok: false, response: bodyTimedOut() }
    return GONE
  })
}

/**
 * Discards the rest of a refused body when it is small, so the answer comes after it and the
 * connection stays usable (keep-alive clients pair answers with requests in order). Resolves
 * true when the body ended within `maxBytes` and `timeoutMs`, false otherwise (then close the
 * connection instead of reading on). Never rejects.
 */
export function discardBody(req: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<boolean> {
  if (req.complete) return Promise.resolve(true)
  if (maxBytes === 0 || Number(req.headers["content-length"] ?? 0) > maxBytes) return Promise.resolve(false)
  return consume(req, maxBytes, timeoutMs, false).then((end) => end.kind === "ended")
}

type BodyEnd = { kind: "ended"; body: Buffer } | { kind: "tooLarge" | "timeout" | "gone" }

/**
 * Reads the body to its end, keeping its bytes or not, and stops at the first of: its end, more
 * than `maxBytes`, `timeoutMs`, the client gone. Resolves once, never rejects; its error listener
 * stays attached so a stream error after that cannot become an uncaught exception.
 */
function consume(req: IncomingMessage, maxBytes: number, timeoutMs: number, keep: boolean): Promise<BodyEnd> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const settle = (end: BodyEnd) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      req.off("data", onData)
      resolve(end)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) settle({ kind: "tooLarge" })
      else if (keep) chunks.push(chunk)
    }
    const timer = setTimeout(() => settle({ kind: "timeout" }), timeoutMs)
    req.on("data", onData)
    req.once("end", () => settle({ kind: "ended", body: Buffer.concat(chunks) }))
    req.on("error", () => settle({ kind: "gone" }))
    req.once("close", () => {
      if (!req.complete) settle({ kind: "gone" })
    })
    req.resume()
  })
}
