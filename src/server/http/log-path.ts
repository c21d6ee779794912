/**
 * A request's address as the server's log writes it: its path alone, without the query (an owner's
 * search names a seller: `?q=Martin`) and with every seller's key replaced by « … » (the key opens
 * the seller's page: their identity and IBAN).
 *
 * What must stay true: a log line names a request's address only through here, so no token,
 * query string, e-mail or name reaches the log (.ci/run greps the served build's log for them).
 */
export function loggedPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? ""
  return path.replace(/[0-9a-f]{32,}/gi, "…")
}
