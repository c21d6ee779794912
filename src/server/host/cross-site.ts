/**
 * Requests that change something (any method but GET, HEAD and OPTIONS) sent by a page of another
 * site are refused (issue 25): a form or a fetch in `multipart/form-data` needs no CORS preflight,
 * so without this any website could make its visitors' browsers post estimate requests here.
 *
 * What a browser tells us decides: `Sec-Fetch-Site` when it sends it (every current browser),
 * `same-origin` and `none` (typed, bookmarked) pass, `same-site` and `cross-site` do not; else
 * `Origin`, which must name the site's own host. Clients that send neither (curl, API clients,
 * tests) are not browsers made to post by a page, and pass.
 *
 * The site's own host is the request's Host; behind a reverse proxy that rewrites it, set
 * TRUST_PROXY so that X-Forwarded-Host and X-Forwarded-Proto are read instead (README, "Server").
 * The scheme is not compared on its own: behind a TLS proxy the server sees http.
 */
import type { Request } from "express"
import { errorResponse, type ApiResponse } from "../http/responses"

const SAFE_METHODS = ["GET", "HEAD", "OPTIONS"]

/** Host and port as a browser writes them in Origin (default ports left out), lower case. */
function hostOf(origin: string): string | null {
  return URL.canParse(origin) ? new URL(origin).host : null
}

/** The site's own host as the browser saw it (X-Forwarded-Host only from a trusted proxy). */
function siteHost(req: Request): string | null {
  const trust = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean
  const forwarded = trust(req.socket.remoteAddress, 0) ? req.get("X-Forwarded-Host")?.split(",")[0]?.trim() : undefined
  const host = forwarded || req.get("Host")
  return host ? hostOf(`${req.protocol}://${host}`) : null
}

export function crossSiteRefusal(req: Request): ApiResponse | null {
  if (SAFE_METHODS.includes(req.method)) return null
  const fetchSite = req.get("Sec-Fetch-Site")?.toLowerCase()
  const origin = req.get("Origin")
  const fromElsewhere = fetchSite ? fetchSite === "cross-site" || fetchSite === "same-site" : origin !== undefined && hostOf(origin) !== siteHost(req)
  if (!fromElsewhere) return null
  return errorResponse(403, "cross_site", "Cette demande vient d'un autre site : envoyez-la depuis le formulaire de notre site.")
}
