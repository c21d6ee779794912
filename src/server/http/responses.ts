/**
 * The embedded backend's responses as plain data, so the handlers are pure functions that
 * jest can call without a server; src/server/http/function-adapter.ts (a Gatsby Function) and
 * src/server/host/api.ts (the production server) turn them into real HTTP.
 */
import { jsonDepthWithin } from "./json-depth"
import type { Refusal } from "./routes"

/** Answers that concern one visitor's request: no cache, shared or private, keeps them. */
export const NO_STORE = { "Cache-Control": "no-store" } as const
/**
 * The policy of the server's own answers that are not the site's pages (API JSON, the short error
 * pages): nothing in them may load, run or be framed. The site's pages carry the build's policy.
 */
export const NOTHING_TO_RUN = { "Content-Security-Policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'" } as const
export type ApiResponse = {
  status: number
  headers: Record<string, string>
  body: unknown
}

/** Errors are JSON too: a stable code for programs, a French sentence for people. */
export type ApiError = { error: string; message: string }

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers, body }
}

export function errorResponse(status: number, code: string, message: string, headers: Record<string, string> = {}): ApiResponse {
  const body: ApiError = { error: code, message }
  return jsonResponse(status, body, headers)
}

/** The one 500: the failure is logged by whoever caught it, the visitor gets no detail. */
export function internalError(): ApiResponse {
  return errorResponse(500, "internal_error", "Erreur interne du serveur.")
}

/** HEAD is answered wherever GET is: the server sends the headers without the body. */
export function allowedMethod(method: string | undefined, allowed: readonly string[]): boolean {
  const upper = (method ?? "").toUpperCase()
  return allowed.includes(upper) || (upper === "HEAD" && allowed.includes("GET"))
}

export function methodNotAllowed(allowed: readonly string[], headers: Record<string, string> = {}): ApiResponse {
  const list = allowed.includes("GET") ? [...allowed, "HEAD"] : [...allowed]
  return errorResponse(405, "method_not_allowed", `Méthode non autorisée : utilisez ${allowed.join(" ou ")}.`, {
    ...headers,
    Allow: list.join(", "),
  })
}

// The refusals of src/server/http/body.ts, the one place request bodies are read; handlers reuse them.

/**
 * The route's own words (BodyRule.refusals in src/server/http/routes.ts) for a refusal the server
 * decides, else `generic`. `{fichier}` in its message becomes `fileName`.
 */
export function routeRefusal(own: Refusal | undefined, generic: ApiResponse, fileName = ""): ApiResponse {
  if (!own) return generic
  return errorResponse(own.status, own.error, own.message.split("{fichier}").join(fileName), generic.headers)
}

export function payloadTooLarge(headers: Record<string, string> = {}): ApiResponse {
  return errorResponse(413, "payload_too_large", "La requête est trop volumineuse.", headers)
}

export function unsupportedMediaType(mediaTypes: readonly string[], headers: Record<string, string> = {}): ApiResponse {
  return errorResponse(415, "unsupported_media_type", `Type de contenu non accepté : envoyez ${mediaTypes.join(" ou ")} (en-tête Content-Type).`, headers)
}

/** Content-Type without parameters, lower case ("" when absent). */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? ""
}

export function bodyTimedOut(): ApiResponse {
  return errorResponse(408, "request_timeout", "La requête a mis trop de temps à arriver : vérifiez votre connexion et réessayez.")
}

export function unreadableBody(): ApiResponse {
  return errorResponse(400, "invalid_body", "Le corps de la requête est illisible.")
}

/** A JSON request body parsed, or the 400 that says it is not JSON (the same for every route). */
export function parseJsonBody(body: string, headers: Record<string, string> = {}): { ok: true; value: unknown } | { ok: false; response: ApiResponse } {
  if (!jsonDepthWithin(body)) return { ok: false, response: errorResponse(400, "invalid_json", "Le corps de la requête n'est pas du JSON valide.", headers) }
  try {
    return { ok: true, value: JSON.parse(body) as unknown }
  } catch {
    return { ok: false, response: errorResponse(400, "invalid_json", "Le corps de la requête n'est pas du JSON valide.", headers) }
  }
}
