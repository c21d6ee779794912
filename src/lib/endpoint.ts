/**
 * Where the browser's API calls go: the one place the three build-time bases are read
 * (docs/operations/settings.md#build-time), each followed by the route's path.
 * - "data": GATSBY_API_URL, the data API's own base ("/api" by default): {base}/vinted/stores
 * - "chat": GATSBY_CHAT_API_URL, the chat backend's origin (same origin by default): {origin}/api/chat
 * - "leads": GATSBY_LEADS_API_URL, where the estimate form and the chat contact post: {origin}/api/estimate
 *
 * Gatsby inlines each `process.env.GATSBY_…` at build time only where it is spelled out in full,
 * so each is written here as such; read on each call so tests can set them. Trailing slashes are
 * trimmed, so "https://x/api/" and "/api" both work.
 */
export type ApiName = "data" | "chat" | "leads"

function base(api: ApiName): string {
  if (api === "data") return process.env.GATSBY_API_URL?.trim() || "/api"
  if (api === "chat") return process.env.GATSBY_CHAT_API_URL?.trim() ?? ""
  return process.env.GATSBY_LEADS_API_URL?.trim() ?? ""
}

/** The address of `path` ("/vinted/stores", "/api/chat"…) on the API named `api`. */
export function endpoint(api: ApiName, path: string): string {
  return `${base(api).replace(/\/+$/, "")}${path}`
}
