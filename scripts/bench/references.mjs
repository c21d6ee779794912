/**
 * The reference pages the Lighthouse and LCP bars measure beside the site, in the same session:
 *
 * - "stripped": this very build (public/) with every script removed from its HTML: what the
 *   HTML and CSS alone allow for the first and largest paints and the layout shifts.
 * - "bare": a Gatsby 5 + React 18 hello world (fixtures/bare-gatsby, no plugins): what Gatsby
 *   itself costs in main-thread time on this machine.
 * - "waiting": this build, scripts kept, with its splash hidden until React has hydrated it: the
 *   regression the LCP bar must catch.
 *
 * The two variants of this build are served on loopback the way src/server/host/serve.ts serves the site:
 * each file's brotli twin from the build (express-static-gzip), and the changed HTML compressed
 * once at the same level, so the bytes on the wire compare. Their HTML documents carry the headers
 * the site sends with the page (read from BASE_URL), so only the scripts differ: one of them does
 * change a load (Cross-Origin-Opener-Policy: a fresh tab moves to a new browsing context group, a
 * new renderer, ~0.1 s later paints under CPU ×4). The stripped page carries the site's
 * Content-Security-Policy as well (1.8 kB of header the site's document arrives with, about 1 % of
 * its largest paint on the shaped network: the LCP bar's 5 % are for the scripts alone); the
 * waiting page goes without, since it adds a script of its own. The bare page has no twins: it is
 * compressed per request.
 */
import { spawnSync } from "node:child_process"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"
import { existsSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import compression from "compression"
import express from "express"
import expressStaticGzip from "express-static-gzip"
import { BASE_URL, PUBLIC_DIR, ROOT } from "./lib.mjs"

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

/** The inline theme script that runs before the first paint (gatsby-ssr.tsx): part of the HTML. */
const THEME_INIT = /^<script id="theme-init">/

/**
 * The page without its scripts and script preloads, everything else byte for byte. The inline
 * theme script stays: it fetches nothing and only sets <html>'s classes before the first paint,
 * so the stripped page paints the same first frame (the splash) as the site.
 */
export function stripScripts(html) {
  const stripped = html.replace(SCRIPT_ELEMENT, (tag) => (THEME_INIT.test(tag) ? tag : "")).replace(LINK_ELEMENT, (tag) => (fetchesScript(tag) ? "" : tag))
  const left = stripped.match(/<script\b[^>]*>/gi) ?? []
  if (left.length !== 1 || !THEME_INIT.test(left[0])) throw new Error(`stripScripts : balises <script> restantes inattendues : ${left.join(" ")}`)
  return stripped
}

/**
 * The page as built, except that the splash stays invisible until React has hydrated it: a style
 * hides it (and every descendant, some of which set their own visibility) and an inline script
 * removes that style once React has attached its fiber to the splash's element.
 */
export function hideSplashUntilHydrated(html) {
  const waiting =
    '<style id="bench-waiting">[data-splash],[data-splash] *{visibility:hidden!important}</style>' +
    '<script>(function reveal(){var s=document.querySelector("[data-splash]");' +
    'if(s&&Object.keys(s).some(function(k){return k.indexOf("__reactFiber")===0}))document.getElementById("bench-waiting").remove();' +
    "else requestAnimationFrame(reveal)})()</script>"
  if (!html.includes("</head>") || !html.includes("data-splash")) throw new Error("hideSplashUntilHydrated : page sans </head> ou sans splash")
  return html.replace("</head>", `${waiting}</head>`)
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

/** `html` in each encoding, compressed as build-steps/precompress.ts compresses the build's files. */
function encodings(html) {
  const identity = Buffer.from(html)
  return {
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: gzipSync(identity, { level: 9 }),
    identity,
  }
}

/** Headers of a document answer that describe its bytes or connection, not the document. */
const NOT_THE_DOCUMENTS = new Set([
  "content-type",
  "content-length",
  "content-encoding",
  "etag",
  "last-modified",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "vary",
  "accept-ranges",
])

/** The headers the site sends with the document at `pagePath`, but those of NOT_THE_DOCUMENTS. */
export async function siteDocumentHeaders(pagePath = "/") {
  const answer = await fetch(`${BASE_URL}${pagePath}`, { method: "HEAD" })
  if (!answer.ok) throw new Error(`${BASE_URL}${pagePath} répond ${answer.status} : impossible de lire ses en-têtes`)
  return Object.fromEntries([...answer.headers].filter(([name]) => !NOT_THE_DOCUMENTS.has(name.toLowerCase())))
}

/** public/ as served, except that HTML documents go through `transform` (once per file) and carry `documentHeaders`. */
export function siteWithHtml(transform, documentHeaders = {}) {
  const app = express()
  const cache = new Map()
  app.use((req, res, next) => {
    const relative = decodeURIComponent(req.path).replace(/\/$/, "/index.html")
    if (!relative.endsWith(".html")) return next()
    const file = path.join(PUBLIC_DIR, path.normalize(relative))
    if (!file.startsWith(PUBLIC_DIR + path.sep) || !existsSync(file)) return next()
    if (!cache.has(file)) cache.set(file, encodings(transform(readFileSync(file, "utf8"))))
    const encoding = req.acceptsEncodings("br", "gzip", "identity") || "identity"
    res.set(documentHeaders).vary("Accept-Encoding").type("html")
    if (encoding !== "identity") res.set("Content-Encoding", encoding)
    res.send(cache.get(file)[encoding])
  })
  app.use(expressStaticGzip(PUBLIC_DIR, { enableBrotli: true, orderPreference: ["br", "gzip"], index: false }))
  return app
}

function bareGatsby() {
  const app = express()
  app.use(compression())
  app.use(express.static(BARE_PUBLIC))
  return app
}

export function listen(app, port) {
  const root = express()
  root.disable("x-powered-by")
  root.use(app)
  return new Promise((resolve, reject) => {
    const server = root.listen(port, "127.0.0.1", () => resolve(server))
    server.on("error", reject)
  })
}

/**
 * Serves the references on 127.0.0.1: `firstPort` stripped, `firstPort + 1` bare, `firstPort + 2`
 * waiting. Returns their URLs (stripped and waiting at the site's `pagePath`) and a close().
 */
export async function serveReferences(firstPort, pagePath = "/") {
  const documentHeaders = await siteDocumentHeaders(pagePath)
  // The waiting page adds a script of its own, which the site's policy would block.
  const { "content-security-policy": _policy, ...withoutPolicy } = documentHeaders
  const servers = [
    await listen(siteWithHtml(stripScripts, documentHeaders), firstPort),
    await listen(bareGatsby(), firstPort + 1),
    await listen(siteWithHtml(hideSplashUntilHydrated, withoutPolicy), firstPort + 2),
  ]
  return {
    strippedUrl: `http://127.0.0.1:${firstPort}${pagePath}`,
    bareUrl: `http://127.0.0.1:${firstPort + 1}/`,
    waitingUrl: `http://127.0.0.1:${firstPort + 2}${pagePath}`,
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
