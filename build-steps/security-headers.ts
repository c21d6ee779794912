/**
 * Builds the Netlify-style `_headers` file of the production site from the built HTML.
 *
 * The Content-Security-Policy (sent with each HTML document) allows inline scripts by hash only, so the hashes must come from
 * the exact bytes Gatsby wrote: gatsby-node's onPostBuild reads public/**\/*.html and calls
 * `buildHeaders`. Everything here is pure (strings in, strings out) so jest tests it directly.
 */
import { createHash } from "node:crypto"

export type BuiltFile = {
  /** Path relative to the build folder, with forward slashes: "index.html", "404/index.html". */
  readonly file: string
  readonly html: string
}

/** Build-time variables naming the APIs the browser bundle talks to (GATSBY_API_URL, GATSBY_CHAT_API_URL): the CSP's connect-src must allow their origins. */
export type HeadersEnv = Readonly<Record<string, string | undefined>>

export type HeadersInput = {
  readonly pages: ReadonlyArray<BuiltFile>
  /** Every file of the build folder, relative, with forward slashes. */
  readonly files: ReadonlyArray<string>
  readonly env: HeadersEnv
  /** Gatsby's pathPrefix ("" unless built with --prefix-paths). */
  readonly pathPrefix?: string
}

export type HeadersResult = {
  readonly text: string
  readonly csp: string
  /** Reasons the policy cannot protect the pages; the build fails when this is not empty. */
  readonly problems: ReadonlyArray<string>
}

export const IMMUTABLE = "public, max-age=31536000, immutable"
/** HTML and page-data change on every deploy under the same URL: revalidate each time. */
export const REVALIDATE = "no-cache"

const ATTRIBUTES = `(?:[^>"']|"[^"]*"|'[^']*')*`
const SCRIPT = new RegExp(`<script\\b(${ATTRIBUTES})>([\\s\\S]*?)</script\\s*>`, "gi")
const START_TAG = new RegExp(`<([a-zA-Z][^\\s/>]*)(${ATTRIBUTES})>`, "g")
const EVENT_HANDLER = /(?:^|\s)(on[a-z]+)\s*=/i
const SCRIPT_URL = /(?:^|\s)(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:/i
const HAS_SRC = /(?:^|\s)src\s*=/i
/** Gatsby's content-hashed bundles: app-0123…js, styles.0123…css, their source maps. */
const HASHED_BUNDLE = /^[^/]+[.-][0-9a-f]{20}\.(?:js|css)(?:\.map)?$/

/** The text of every inline <script> (those without `src`), byte for byte as the browser hashes it. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = []
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (!HAS_SRC.test(attributes)) scripts.push(body.replace(/\r\n?/g, "\n"))
  }
  return scripts
}

/** CSP source expression for one inline script: 'sha256-<base64>' of its UTF-8 text. */
export function hashSource(script: string): string {
  return `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`
}

/**
 * Inline code no hash can allow (event-handler attributes, javascript: URLs). The policy would
 * block it in production, so the build must stop instead of shipping a silently broken page.
 */
export function unhashableCode(file: string, html: string): string[] {
  const withoutScriptBodies = html.replace(SCRIPT, "<script$1></script>")
  const problems: string[] = []
  for (const [tag, name = "", attributes = ""] of withoutScriptBodies.matchAll(START_TAG)) {
    const handler = EVENT_HANDLER.exec(attributes)
    if (handler) problems.push(`${file} : attribut ${handler[1]} sur <${name}> (code inline non autorisable par hachage)`)
    if (SCRIPT_URL.test(attributes)) problems.push(`${file} : URL javascript: dans ${tag.slice(0, 80)}`)
  }
  return problems
}

/**
 * The origin a build-time API URL points at, or null when it is relative (same origin, already
 * allowed by 'self'). Throws on a URL that the browser could not call.
 */
export function apiOrigin(name: string, value: string | undefined): string | null {
  const trimmed = value?.trim()
  if (!trimmed || trimmed.startsWith("/")) return null
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    throw new Error(`${name}="${trimmed}" n'est ni un chemin (/api) ni une URL absolue (https://…)`)
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`${name}="${trimmed}" doit utiliser http(s)`)
  }
  return url.origin
}

export function contentSecurityPolicy(scriptHashes: ReadonlyArray<string>, connectOrigins: ReadonlyArray<string>): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(" "),
    // Gatsby inlines the global stylesheet and gatsby-plugin-image writes per-image style
    // attributes (aspect ratio, placeholder colour); attributes cannot be allowed by hash.
    "style-src 'self' 'unsafe-inline'",
    // data: for the blurred image placeholders, blob: for the estimate form's photo previews.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ["connect-src 'self'", ...connectOrigins].join(" "),
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ")
}

/**
 * The content studio (Decap CMS, /admin/): its bundle evaluates code and styles at run time and
 * talks to the git host's API, so it gets its own policy. The site's strict policy is therefore
 * sent on the site's own documents only (a CSP on `/*` as well would be enforced on top of this
 * one and break the admin: policies combine, they never loosen).
 */
export const ADMIN_PATH = "/admin/"
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  // Photos of the media library are previewed from blob: and from the git host.
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  // decap-server on the editor's own machine (npm run edit), the git hosts' APIs, and blob: (the
  // media library reads back the photos it holds in memory: an upload, a thumbnail).
  "connect-src 'self' blob: http://localhost:* http://127.0.0.1:* https://api.github.com https://gitlab.com https://*.netlify.com",
  "frame-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ")

function isAdminFile(file: string): boolean {
  return file.startsWith(ADMIN_PATH.slice(1))
}

/** The URL paths that serve one built HTML file ("404/index.html" → "/404/" and "/404/index.html"). */
function htmlPaths(file: string): string[] {
  if (file === "index.html") return ["/", "/index.html"]
  if (file.endsWith("/index.html")) return [`/${file.slice(0, -"index.html".length)}`, `/${file}`]
  return [`/${file}`]
}

function rule(path: string, headers: ReadonlyArray<readonly [string, string]>): string {
  return [path, ...headers.map(([name, value]) => `  ${name}: ${value}`)].join("\n")
}

/**
 * The whole `_headers` file. Security headers go on `/*`; Cache-Control goes only on rules
 * that never overlap, because hosts disagree on how two matching values combine.
 */
export function buildHeaders({ pages, files, env, pathPrefix = "" }: HeadersInput): HeadersResult {
  const sitePages = pages.filter((page) => !isAdminFile(page.file))
  const problems = sitePages.flatMap((page) => unhashableCode(page.file, page.html))
  const hashes = [...new Set(sitePages.flatMap((page) => inlineScripts(page.html)).map(hashSource))].sort()

  const origins: string[] = []
  for (const name of ["GATSBY_API_URL", "GATSBY_CHAT_API_URL"]) {
    try {
      const origin = apiOrigin(name, env[name])
      if (origin && !origins.includes(origin)) origins.push(origin)
    } catch (error) {
      problems.push((error as Error).message)
    }
  }

  const csp = contentSecurityPolicy(hashes, origins)
  const prefixed = (path: string) => `${pathPrefix}${path}`
  const security: Array<readonly [string, string]> = [
    ["Strict-Transport-Security", "max-age=63072000; includeSubDomains"],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
    ["X-Frame-Options", "DENY"],
    // Other sites cannot embed our files (images, scripts, JSON) in their pages.
    ["Cross-Origin-Resource-Policy", "same-origin"],
    // A page another site opens (window.open, a link) gets no handle on ours, nor ours on it.
    ["Cross-Origin-Opener-Policy", "same-origin"],
  ]
  const htmlPagesOf = (list: ReadonlyArray<BuiltFile>) =>
    list
      .filter((page) => !page.file.startsWith("_gatsby/"))
      .flatMap((page) => htmlPaths(page.file))
      .sort()
  const adminRules = htmlPagesOf(pages.filter((page) => isAdminFile(page.file))).map((path) =>
    rule(prefixed(path), [
      ["Content-Security-Policy", ADMIN_CSP],
      // The GitHub login opens Netlify's OAuth window, which answers through window.opener: the
      // studio keeps its popups (a later rule wins on our server; a host joining both values makes
      // the header invalid, i.e. the browser's default, which the studio also works under).
      ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"],
      ["X-Robots-Tag", "noindex, nofollow"],
      ["Cache-Control", REVALIDATE],
    ]),
  )
  const bundles = files.filter((file) => HASHED_BUNDLE.test(file)).sort()

  const rules = [
    rule(prefixed("/*"), security),
    rule(prefixed("/static/*"), [["Cache-Control", IMMUTABLE]]),
    ...bundles.map((file) => rule(prefixed(`/${file}`), [["Cache-Control", IMMUTABLE]])),
    rule(prefixed("/page-data/*"), [["Cache-Control", REVALIDATE]]),
    ...htmlPagesOf(sitePages).map((path) =>
      rule(prefixed(path), [
        ["Content-Security-Policy", csp],
        ["Cache-Control", REVALIDATE],
      ]),
    ),
    ...adminRules,
  ]
  const text = `# Generated by gatsby-node onPostBuild from the built HTML: do not edit by hand.\n${rules.join("\n\n")}\n`
  return { text, csp, problems }
}
