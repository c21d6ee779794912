/**
 * The one rule for "does this request come from another site's page?", for every state change on
 * this server: the API's posts (src/server/host/api.ts) and the owner's pages under /admin/
 * (src/server/studio/guard.ts). A form or a fetch in `multipart/form-data` or
 * `application/x-www-form-urlencoded` needs no CORS preflight, so without it any website could
 * make its visitors' browsers post estimate requests here, or a logged-in owner's browser save
 * content.
 *
 * What the browser says decides, in this order (the algorithm of Go's net/http
 * CrossOriginProtection): `Sec-Fetch-Site` when sent (every current browser) — `same-origin` and
 * `none` (typed, bookmarked) pass, `same-site` and `cross-site` do not; else `Origin`, which must
 * name the site's own host (`Origin: null`, an opaque origin, never does). Clients that send
 * neither (curl, API clients, tests) are not browsers made to post by a page, and pass; the
 * owner's routes still need the session cookie, which is `SameSite=Strict`.
 *
 * The site's own host is the request's Host; behind a reverse proxy that rewrites it, set
 * TRUST_PROXY so that X-Forwarded-Host is read instead (docs/security.md#posts-from-another-site). The scheme is not
 * compared: behind a TLS proxy the server sees http, and a page served over http on this very
 * host is already the site's own.
 */
import type { Request } from "express"

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"])

/** Host and port as a browser writes them in Origin (default ports left out), lower case. */
function hostOf(origin: string): string | null {
  return URL.canParse(origin) ? new URL(origin).host : null
}

/** The site's own host as the browser saw it (X-Forwarded-Host only from a trusted proxy); links are never built from it but on this computer (src/server/site-link.ts). */
export function siteHost(req: Request): string | null {
  const trust = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean
  const forwarded = trust(req.socket.remoteAddress, 0) ? req.get("X-Forwarded-Host")?.split(",")[0]?.trim() : undefined
  const host = forwarded || req.get("Host")
  return host ? hostOf(`${req.protocol}://${host}`) : null
}

/** True for a state-changing request (any method but GET, HEAD, OPTIONS) that a page of another site made. */
export function changeFromAnotherSite(req: Request): boolean {
  if (SAFE_METHODS.has(req.method)) return false
  const fetchSite = req.get("Sec-Fetch-Site")?.toLowerCase()
  if (fetchSite !== undefined) return fetchSite !== "same-origin" && fetchSite !== "none"
  const origin = req.get("Origin")
  return origin !== undefined && hostOf(origin) !== siteHost(req)
}
