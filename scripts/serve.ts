/**
 * Serves the production build on http://127.0.0.1:9000: the static site in public/ with the
 * headers of public/_headers, and the Gatsby Functions compiled into .cache/functions at /api/*.
 *
 * Why not `gatsby serve`: it re-requires a function's whole bundle on every call (it deletes the
 * require cache entry, but the module stays referenced), so memory grows by about 1.4 MB per API
 * request until the process dies under load; and it ignores `_headers`, so the CSP the production
 * host sends was never exercised locally. Here each function is loaded once, the browser tests
 * run under the real headers, and API mistakes (unknown route, unreadable body, a handler that
 * throws) are answered in JSON like the handlers' own errors.
 *
 * Settings: PORT (9000), HOST (127.0.0.1), PATH_PREFIX (as given to `npm run build:prefixed`).
 */
import compression from "compression"
import express, { type ErrorRequestHandler, type NextFunction, type Request, type Response } from "express"
import { existsSync, readFileSync, statSync } from "node:fs"
import { createRequire } from "node:module"
import { join, resolve } from "node:path"
import { errorResponse } from "../src/server/http"
import { headersForPath, parseHeaders, type HeaderRule } from "./security-headers"

type BodyParserOptions = { type?: string; limit?: string | number; extended?: boolean }
type FunctionConfig = { bodyParser?: Partial<Record<"json" | "text" | "raw" | "urlencoded", BodyParserOptions>> }
type Handler = (req: Request, res: Response) => unknown
type ManifestEntry = { functionRoute: string; absoluteCompiledFilePath: string }

const ROOT = resolve(__dirname, "..")
const PUBLIC = join(ROOT, "public")
const FUNCTIONS_MANIFEST = join(ROOT, ".cache", "functions", "manifest.json")
const PORT = Number(process.env.PORT ?? 9000)
const HOST = process.env.HOST ?? "127.0.0.1"
const PREFIX = (process.env.PATH_PREFIX ?? "").replace(/\/+$/, "")

/** Gatsby's defaults for a function without `config` (gatsby/dist/internal-plugins/functions/config). */
const DEFAULT_BODY_PARSER = { json: { limit: "100kb" }, text: { limit: "100kb" }, raw: { limit: "100kb" }, urlencoded: { limit: "100kb", extended: true } }

function fail(message: string): never {
  console.error(`serve : ${message}`)
  process.exit(1)
}

/** Same JSON error shape as the handlers' own ({ error: code, message }). */
function jsonError(res: Response, status: number, code: string, message: string): void {
  if (res.headersSent) return
  const response = errorResponse(status, code, message)
  res.status(response.status).set("X-Content-Type-Options", "nosniff").json(response.body)
}

/** One router per function, its module required once; the body parsers follow its `config`. */
function functionRouter(entry: ManifestEntry): express.Router {
  const mod = createRequire(__filename)(entry.absoluteCompiledFilePath) as { default?: Handler; config?: FunctionConfig } | Handler
  const handler = typeof mod === "function" ? mod : mod.default
  if (typeof handler !== "function") fail(`${entry.functionRoute} n'exporte pas de fonction`)
  const config = (typeof mod === "function" ? undefined : mod.config)?.bodyParser ?? {}
  const options = (kind: keyof typeof DEFAULT_BODY_PARSER) => ({ ...DEFAULT_BODY_PARSER[kind], ...config[kind] })

  const router = express.Router()
  router.use(express.raw(options("raw")), express.text(options("text")), express.urlencoded(options("urlencoded")), express.json(options("json")))
  router.all("/", (req: Request, res: Response) => {
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      console.error(`serve : /api/${entry.functionRoute} a levé une erreur`, error)
      jsonError(res, 500, "internal_error", "Erreur interne du serveur.")
    })
  })
  return router
}

function apiRouter(): express.Router {
  if (!existsSync(FUNCTIONS_MANIFEST)) fail(`${FUNCTIONS_MANIFEST} introuvable : lancez d'abord npm run build`)
  const entries = JSON.parse(readFileSync(FUNCTIONS_MANIFEST, "utf8")) as ManifestEntry[]
  const api = express.Router()
  for (const entry of entries) api.use(`/${entry.functionRoute}`, functionRouter(entry))
  api.use((_req: Request, res: Response) => jsonError(res, 404, "not_found", "Cette route d'API n'existe pas."))
  // Body-parser errors (malformed JSON, body over the limit) carry their HTTP status.
  const bodyError: ErrorRequestHandler = (error: { status?: number; statusCode?: number }, _req, res, _next) => {
    const status = error.status ?? error.statusCode ?? 500
    if (status === 413) jsonError(res, 413, "payload_too_large", "La requête est trop volumineuse.")
    else if (status < 500) jsonError(res, status, "invalid_body", "Le corps de la requête est illisible.")
    else jsonError(res, 500, "internal_error", "Erreur interne du serveur.")
  }
  api.use(bodyError)
  return api
}

/**
 * The rules of public/_headers, read again whenever a new build rewrites the file: its CSP
 * lists the hashes of the build's inline scripts, so stale rules would block a fresh build.
 */
function headerRules(file: string): () => ReadonlyArray<HeaderRule> {
  let readAt = -1
  let rules: ReadonlyArray<HeaderRule> = []
  return () => {
    const modified = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? readAt
    if (modified !== readAt) {
      rules = parseHeaders(readFileSync(file, "utf8"))
      readAt = modified
    }
    return rules
  }
}

function siteRouter(rules: () => ReadonlyArray<HeaderRule>): express.Router {
  const site = express.Router()
  const setHeaders = (req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headersForPath(rules(), `${PREFIX}${req.path}`)) res.setHeader(name, value)
    next()
  }
  site.use(setHeaders)
  site.use(express.static(PUBLIC, { dotfiles: "ignore" }))
  site.use((_req: Request, res: Response) => res.status(404).sendFile(join(PUBLIC, "404.html")))
  return site
}

function main(): void {
  const headersFile = join(PUBLIC, "_headers")
  if (!existsSync(join(PUBLIC, "index.html")) || !existsSync(headersFile)) fail("public/ est vide : lancez d'abord npm run build")
  const rules = headerRules(headersFile)

  const app = express()
  app.disable("x-powered-by")
  app.use(compression())
  const api = apiRouter()
  // The browser calls GATSBY_API_URL, "/api" by default, even under a path prefix.
  app.use("/api", api)
  if (PREFIX) {
    app.use(`${PREFIX}/api`, api)
    app.get("/", (_req, res) => res.redirect(`${PREFIX}/`))
  }
  app.use(PREFIX || "/", siteRouter(rules))

  const server = app.listen(PORT, HOST, () => {
    console.log(`Site et API servis sur http://${HOST === "0.0.0.0" ? "localhost" : HOST}:${PORT}${PREFIX}/`)
  })
  server.on("error", (error) => fail(error.message))
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)))
}

main()
