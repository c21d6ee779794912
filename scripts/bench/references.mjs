/**
 * The two reference pages the Lighthouse bar measures beside the site, in the same session:
 *
 * - "stripped": this very build (public/) with every script removed from its HTML: what the
 *   HTML and CSS alone allow for the first and largest paints and the layout shifts.
 * - "bare": a Gatsby 5 + React 18 hello world (fixtures/bare-gatsby, no plugins): what Gatsby
 *   itself costs in main-thread time on this machine.
 *
 * Both are served on loopback by express + compression, the stack scripts/serve.ts serves the site
 * with, so transfer sizes compare (the _headers rules are left out: none of them changes a load).
 */
import { spawnSync } from "node:child_process"
import { existsSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import compression from "compression"
import express from "express"
import { PUBLIC_DIR, ROOT } from "./lib.mjs"

export const BARE_FIXTURE = path.join(ROOT, "scripts", "bench", "fixtures", "bare-gatsby")
const BARE_PUBLIC = path.join(BARE_FIXTURE, "public")
const BARE_SOURCES = ["package.json", "gatsby-config.js", "src/pages/index.js"].map((file) => path.join(BARE_FIXTURE, file))
const GATSBY_CLI = path.join(ROOT, "node_modules", "gatsby", "cli.js")

const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi
const LINK_ELEMENT = /<link\b[^>]*>/gi
const attribute = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*["']?([^"'\\s>]+)`, "i").exec(tag)?.[1]?.toLowerCase()
/** Links that fetch a script: modulepreload, and preload/prefetch `as="script"`. */
const fetchesScript = (tag) => {
  const rel = attribute(tag, "rel") ?? ""
  return rel.includes("modulepreload") || (/(^|\s)(preload|prefetch)(\s|$)/.test(rel) && attribute(tag, "as") === "script")
}

/** The page without any script element nor script preload; everything else byte for byte. */
export function stripScripts(html) {
  const stripped = html.replace(SCRIPT_ELEMENT, "").replace(LINK_ELEMENT, (tag) => (fetchesScript(tag) ? "" : tag))
  if (/<script\b/i.test(stripped)) throw new Error("stripScripts : il reste une balise <script>")
  return stripped
}

const newest = (files) => Math.max(...files.map((file) => statSync(file).mtimeMs))

/**
 * Builds the bare Gatsby page unless its output is newer than its sources and than the installed
 * Gatsby. Its public/ and .cache/ stay beside it, git-ignored.
 */
export function buildBareFixture() {
  const output = path.join(BARE_PUBLIC, "index.html")
  const inputs = [...BARE_SOURCES, path.join(ROOT, "node_modules", "gatsby", "package.json")]
  if (existsSync(output) && statSync(output).mtimeMs > newest(inputs)) return { built: false, seconds: 0 }
  const started = Date.now()
  console.log(`Construction de la page Gatsby nue (${path.relative(ROOT, BARE_FIXTURE)})…`)
  const build = spawnSync(process.execPath, [GATSBY_CLI, "build"], {
    cwd: BARE_FIXTURE,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
  })
  if (build.status !== 0 || !existsSync(output)) {
    console.error(`${build.stdout ?? ""}\n${build.stderr ?? ""}`.split("\n").slice(-40).join("\n"))
    throw new Error("la page Gatsby nue n'a pas pu être construite")
  }
  return { built: true, seconds: Math.round((Date.now() - started) / 1000) }
}

/** public/ as served, except that HTML documents come without their scripts. */
function strippedSite() {
  const app = express()
  const cache = new Map()
  app.use((req, res, next) => {
    const relative = decodeURIComponent(req.path).replace(/\/$/, "/index.html")
    if (!relative.endsWith(".html")) return next()
    const file = path.join(PUBLIC_DIR, path.normalize(relative))
    if (!file.startsWith(PUBLIC_DIR + path.sep) || !existsSync(file)) return next()
    if (!cache.has(file)) cache.set(file, stripScripts(readFileSync(file, "utf8")))
    res.type("html").send(cache.get(file))
  })
  app.use(express.static(PUBLIC_DIR, { index: false }))
  return app
}

function bareGatsby() {
  const app = express()
  app.use(express.static(BARE_PUBLIC))
  return app
}

function listen(app, port) {
  const root = express()
  root.disable("x-powered-by")
  root.use(compression())
  root.use(app)
  return new Promise((resolve, reject) => {
    const server = root.listen(port, "127.0.0.1", () => resolve(server))
    server.on("error", reject)
  })
}

/**
 * Serves both references on 127.0.0.1, on `firstPort` (stripped) and `firstPort + 1` (bare).
 * Returns their URLs (the stripped one at the site's `pagePath`) and a close().
 */
export async function serveReferences(firstPort, pagePath = "/") {
  const servers = [await listen(strippedSite(), firstPort), await listen(bareGatsby(), firstPort + 1)]
  return {
    strippedUrl: `http://127.0.0.1:${firstPort}${pagePath}`,
    bareUrl: `http://127.0.0.1:${firstPort + 1}/`,
    close: () =>
      Promise.all(
        servers.map((server) => {
          const closed = new Promise((resolve) => server.close(resolve))
          server.closeAllConnections()
          return closed
        }),
      ),
  }
}
