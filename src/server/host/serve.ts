/**
 * Serves the production build on http://127.0.0.1:9000: the static site in public/ with the
 * headers of public/_headers, and the Gatsby Functions compiled into .cache/functions at /api/*
 * (src/server/host/: app.ts, api.ts, site.ts).
 *
 * Why not `gatsby serve`: it re-requires a function's whole bundle on every call (it deletes the
 * require cache entry, but the module stays referenced), so memory grows by about 1.4 MB per API
 * request until the process dies under load; and it ignores `_headers`, so the CSP the production
 * host sends was never exercised locally. Here each function is loaded once, its request body is
 * read beforehand by src/server/http/body.ts, and the browser tests run under the real headers.
 *
 * Settings (README, "Server"): PORT (9000), HOST (127.0.0.1), PATH_PREFIX, BODY_TIMEOUT_MS
 * (10000), CHAT_RATE_LIMIT (30) per CHAT_RATE_WINDOW_S (60), ESTIMATE_RATE_LIMIT (10/600),
 * TRUST_PROXY (false).
 */
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join, resolve } from "node:path"
import { API_ROUTES } from "../http/routes"
import type { ApiFunction, FunctionHandler, RateLimitSettings } from "./api"
import { createHttpServer } from "./app"
import { installSafetyNet } from "./safety-net"

type ManifestEntry = { functionRoute: string; absoluteCompiledFilePath: string }

const ROOT = resolve(__dirname, "../../..")
const PUBLIC = join(ROOT, "public")
const FUNCTIONS_MANIFEST = join(ROOT, ".cache", "functions", "manifest.json")

function fail(message: string): never {
  console.error(`serve : ${message}`)
  process.exit(1)
}

/** A whole number from the environment, or the default; anything else stops the server with the variable's name. */
function numberSetting(name: string, fallback: number, minimum: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < minimum) fail(`${name}="${raw}" doit être un entier ≥ ${minimum}`)
  return value
}

/** ESTIMATE_RATE_LIMIT: "requests/seconds" per client for /api/estimate and /api/contact, or "off". */
function leadsRateLimit(): RateLimitSettings | null {
  const raw = process.env.ESTIMATE_RATE_LIMIT?.trim() || "10/600"
  if (raw === "off") return null
  const match = /^(\d+)\/(\d+)$/.exec(raw)
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) fail(`ESTIMATE_RATE_LIMIT="${raw}" : attendu « nombre/secondes » (ex. 10/600) ou « off »`)
  return { limit: Number(match[1]), windowMs: Number(match[2]) * 1000 }
}

/** TRUST_PROXY as express reads it: true/false, a number of hops, or addresses/subnets. */
function trustProxySetting(): boolean | number | string {
  const raw = process.env.TRUST_PROXY?.trim() ?? ""
  if (raw === "" || raw === "false") return false
  if (raw === "true") return true
  return /^\d+$/.test(raw) ? Number(raw) : raw
}

/** Each compiled function, required once; a function without a declaration in API_ROUTES stops the server. */
function loadFunctions(): ApiFunction[] {
  if (!existsSync(FUNCTIONS_MANIFEST)) fail(`${FUNCTIONS_MANIFEST} introuvable : lancez d'abord npm run build`)
  const entries = JSON.parse(readFileSync(FUNCTIONS_MANIFEST, "utf8")) as ManifestEntry[]
  return entries.map((entry) => {
    if (!API_ROUTES[entry.functionRoute]) fail(`/api/${entry.functionRoute} n'est pas déclarée dans src/server/http/routes.ts (API_ROUTES)`)
    const mod = createRequire(__filename)(entry.absoluteCompiledFilePath) as { default?: FunctionHandler } | FunctionHandler
    const handler = typeof mod === "function" ? mod : mod.default
    if (typeof handler !== "function") fail(`${entry.functionRoute} n'exporte pas de fonction`)
    return { route: entry.functionRoute, handler }
  })
}

function main(): void {
  if (!existsSync(join(PUBLIC, "index.html")) || !existsSync(join(PUBLIC, "_headers"))) fail("public/ est vide : lancez d'abord npm run build")
  installSafetyNet()
  const port = numberSetting("PORT", 9000, 0)
  const host = process.env.HOST ?? "127.0.0.1"
  const prefix = (process.env.PATH_PREFIX ?? "").replace(/\/+$/, "")
  const server = createHttpServer({
    publicDir: PUBLIC,
    functions: loadFunctions(),
    prefix,
    bodyTimeoutMs: numberSetting("BODY_TIMEOUT_MS", 10_000, 100),
    rateLimits: {
      chat: { limit: numberSetting("CHAT_RATE_LIMIT", 30, 1), windowMs: numberSetting("CHAT_RATE_WINDOW_S", 60, 1) * 1000 },
      leads: leadsRateLimit(),
    },
    trustProxy: trustProxySetting(),
  })
  server.listen(port, host, () => {
    const address = server.address()
    const actualPort = typeof address === "object" && address ? address.port : port
    console.log(`Site et API servis sur http://${host === "0.0.0.0" ? "localhost" : host}:${actualPort}${prefix}/`)
  })
  server.on("error", (error) => fail(error.message))
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)))
}

main()
