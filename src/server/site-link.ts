/**
 * The one base of every absolute link the server writes (issue 49): the seller's page in the
 * mails and the estimate's answer, the inbox's seller link. It is the site's configured address,
 * content/site.json › seo.url (the sitemap's and the pages' canonical base), with the site's path
 * prefix; never the request's Host, which any client chooses: `Host: evil.example` must not put
 * evil.example into a mail the shop sends to a seller.
 *
 * One exception keeps development and the tests working: a request addressed to this computer
 * itself (localhost, 127.x.x.x, [::1]) gets links to the address it used, which can only lead back
 * to this computer. A request with any other Host is served with the configured links, not refused
 * (docs/security.md#posts-from-another-site); behind a proxy that rewrites Host, set TRUST_PROXY so that the forwarded
 * host is the one judged.
 */
import type { Request } from "express"
import { siteUrl } from "./content"
import { siteHost } from "./http/same-origin"

/** localhost and its subdomains, 127.0.0.0/8 and [::1], with or without a port. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/:\d+$/, "")
  return name === "localhost" || name.endsWith(".localhost") || /^127(?:\.\d{1,3}){3}$/.test(name) || name === "[::1]"
}

/** `path` (with the site's prefix: "/boutique/suivi/…") as an absolute link on the site's configured address. */
export function siteLink(req: Request, path: string): string {
  const host = siteHost(req)
  if (host && isLoopbackHost(host)) return `${req.protocol}://${host}${path}`
  return `${siteUrl().replace(/\/+$/, "")}${path}`
}
