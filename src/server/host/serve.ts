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
 * Settings (README, "Server"): every environment variable is read and checked by
 * src/server/settings.ts before anything starts; any mistake stops it, each named in French.
 */
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join, resolve } from "node:path"
import { API_ROUTES } from "../http/routes"
import { outboxRoom } from "../leads/room"
import { readSettings, readStudioSettings } from "../settings"
import type { ApiFunction, FunctionHandler } from "./api"
import { createHttpServer } from "./app"
import { prepareFolders } from "./folders"
import { installSafetyNet } from "./safety-net"

type ManifestEntry = { functionRoute: string; absoluteCompiledFilePath: string }

const ROOT = resolve(__dirname, "../../..")
const PUBLIC = join(ROOT, "public")
const FUNCTIONS_MANIFEST = join(ROOT, ".cache", "functions", "manifest.json")

function fail(message: string): never {
  console.error(`serve : ${message}`)
  process.exit(1)
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
  const { settings, problems: hostProblems } = readSettings()
  const studio = readStudioSettings(process.env, ROOT)
  const problems = [...hostProblems, ...studio.problems]
  if (problems.length > 0) fail(`réglages invalides, le serveur ne démarre pas :\n${problems.map((problem) => `  - ${problem}`).join("\n")}`)
  if (!existsSync(join(PUBLIC, "index.html")) || !existsSync(join(PUBLIC, "_headers"))) fail("public/ est vide : lancez d'abord npm run build")
  const folders = prepareFolders(settings.leads.dir)
  if ("problem" in folders) fail(`le serveur ne démarre pas : ${folders.problem}`)
  installSafetyNet()
  const { port, host, ...served } = settings.host
  const server = createHttpServer({
    publicDir: PUBLIC,
    uploadDir: folders.uploadDir,
    functions: loadFunctions(),
    studio: studio.settings,
    outboxRoom: outboxRoom(settings.leads),
    ...served,
  })
  server.listen(port, host, () => {
    const address = server.address()
    const actualPort = typeof address === "object" && address ? address.port : port
    console.log(`Site et API servis sur http://${host === "0.0.0.0" ? "localhost" : host}:${actualPort}${served.prefix}/`)
  })
  server.on("error", (error) => fail(error.message))
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)))
}

main()
