import { createHash } from "node:crypto"
import { ADMIN_CSP, buildHeaders, inlineScripts, type BuiltFile } from "../build-steps/security-headers"
import { headersForPath, parseHeaders } from "../src/server/host/headers-file"
import { robotsTxt } from "../build-steps/robots"

/** What the browser compares against the policy: base64 SHA-256 of the script's text. */
const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`

const THEME = `(function(){document.documentElement.classList.add("js")})()`
const CHUNKS = `\n            window.___chunkMapping="{}";\n          `
const IMAGE = `const t="loading"in HTMLImageElement.prototype;`

const home: BuiltFile = {
  file: "index.html",
  html: `<!DOCTYPE html><html lang="fr"><head><script>${THEME}</script><script type="module">${IMAGE}</script>
<script type="application/ld+json">{"@type":"Organization"}</script></head>
<body><noscript><img src="/a.png"></noscript><script
            id="gatsby-chunk-mapping"
          >${CHUNKS}</script><script src="/app-0123456789abcdef0123.js" async></script></body></html>`,
}
const notFound: BuiltFile = {
  file: "404.html",
  html: `<html><head><script>${THEME}</script><script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/404.html";/*]]>*/</script></head><body></body></html>`,
}
const files = [
  "index.html",
  "404.html",
  "404/index.html",
  "app-0123456789abcdef0123.js",
  "app-0123456789abcdef0123.js.map",
  "styles.25d61aef4c7b5b38b9df.css",
  "webpack-runtime-35446d828b5b3002ac42.js",
  "manifest.webmanifest",
  "static/0123/photo.avif",
  "page-data/index/page-data.json",
]
const notFoundDir: BuiltFile = { file: "404/index.html", html: notFound.html }

function csp(text: string): string {
  const line = text.split("\n").find((entry) => entry.trim().startsWith("Content-Security-Policy:"))
  if (!line) throw new Error("no CSP in _headers")
  return line.trim().slice("Content-Security-Policy: ".length)
}

/** The header lines under one path rule of the `_headers` text. */
function rule(text: string, path: string): string[] {
  const blocks = text.split("\n\n").map((block) => block.split("\n").filter((line) => line !== "" && !line.startsWith("#")))
  const block = blocks.find((lines) => lines[0] === path)
  return block ? block.slice(1).map((line) => line.trim()) : []
}

describe("the _headers generator", () => {
  const result = buildHeaders({ pages: [home, notFound, notFoundDir], files, env: {} })
  const policy = csp(result.text)
  const directive = (name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `))

  it("allows every inline script of every page by its SHA-256 hash, whitespace included", () => {
    for (const script of [THEME, IMAGE, CHUNKS, '{"@type":"Organization"}', '/*<![CDATA[*/window.pagePath="/404.html";/*]]>*/']) {
      expect(directive("script-src")).toContain(sha(script))
    }
    expect(directive("script-src")).not.toContain("unsafe-inline")
    expect(result.problems).toEqual([])
  })

  it("lists a hash once even when several pages share the script", () => {
    expect(directive("script-src")?.split(sha(THEME)).length).toBe(2)
  })

  it("does not hash external scripts, whose content is empty", () => {
    expect(inlineScripts(home.html)).toHaveLength(4)
    expect(directive("script-src")).not.toContain(sha(""))
  })

  it("hashes the text as the browser sees it, with CRLF line ends normalised", () => {
    expect(inlineScripts("<script>a()\r\nb()</script>")).toEqual(["a()\nb()"])
  })

  it("restricts everything else to what the site needs", () => {
    expect(policy.startsWith("default-src 'self'; ")).toBe(true)
    expect(directive("img-src")).toBe("img-src 'self' data: blob:")
    expect(directive("font-src")).toBe("font-src 'self'")
    expect(directive("connect-src")).toBe("connect-src 'self'")
    expect(directive("object-src")).toBe("object-src 'none'")
    expect(directive("base-uri")).toBe("base-uri 'self'")
    expect(directive("form-action")).toBe("form-action 'self'")
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'")
    expect(directive("manifest-src")).toBe("manifest-src 'self'")
    expect(policy).not.toContain("unsafe-eval")
  })

  it("sends the security headers on every path, the strict policy with every page", () => {
    for (const path of ["/", "/index.html", "/404.html", "/404/", "/404/index.html"]) {
      expect(rule(result.text, path)).toEqual([`Content-Security-Policy: ${policy}`, "Cache-Control: no-cache"])
    }
    expect(rule(result.text, "/*")).toEqual([
      "Strict-Transport-Security: max-age=63072000; includeSubDomains",
      "X-Content-Type-Options: nosniff",
      "Referrer-Policy: strict-origin-when-cross-origin",
      "Permissions-Policy: camera=(), microphone=(), geolocation=()",
      "X-Frame-Options: DENY",
      "Cross-Origin-Resource-Policy: same-origin",
      "Cross-Origin-Opener-Policy: same-origin",
    ])
  })

  it("caches hashed files for a year and makes HTML and page-data revalidate", () => {
    const immutable = ["Cache-Control: public, max-age=31536000, immutable"]
    expect(rule(result.text, "/static/*")).toEqual(immutable)
    expect(rule(result.text, "/app-0123456789abcdef0123.js")).toEqual(immutable)
    expect(rule(result.text, "/styles.25d61aef4c7b5b38b9df.css")).toEqual(immutable)
    expect(rule(result.text, "/webpack-runtime-35446d828b5b3002ac42.js")).toEqual(immutable)
    expect(rule(result.text, "/page-data/*")).toEqual(["Cache-Control: no-cache"])
    for (const path of ["/", "/index.html", "/404.html", "/404/", "/404/index.html"]) {
      expect(rule(result.text, path)).toContain("Cache-Control: no-cache")
    }
    // Not hashed: the manifest keeps the host's default.
    expect(result.text).not.toContain("/manifest.webmanifest")
  })

  it("never sets Cache-Control on two rules that match the same path", () => {
    expect(rule(result.text, "/*").some((line) => line.startsWith("Cache-Control"))).toBe(false)
  })

  it("allows the origins of absolute API URLs, not relative ones", () => {
    const absolute = buildHeaders({
      pages: [home],
      files,
      env: { GATSBY_API_URL: "https://api.example.fr/v1/api", GATSBY_CHAT_API_URL: "https://chat.example.fr" },
    })
    expect(csp(absolute.text)).toContain("connect-src 'self' https://api.example.fr https://chat.example.fr;")
    const same = buildHeaders({ pages: [home], files, env: { GATSBY_API_URL: "https://api.example.fr", GATSBY_CHAT_API_URL: "https://api.example.fr/chat" } })
    expect(csp(same.text)).toContain("connect-src 'self' https://api.example.fr;")
    const relative = buildHeaders({ pages: [home], files, env: { GATSBY_API_URL: "/api", GATSBY_CHAT_API_URL: "" } })
    expect(csp(relative.text)).toContain("connect-src 'self';")
  })

  it("reports an API URL the browser could not call", () => {
    const bad = buildHeaders({ pages: [home], files, env: { GATSBY_CHAT_API_URL: "chat.example.fr" } })
    expect(bad.problems).toEqual([expect.stringContaining("GATSBY_CHAT_API_URL")])
  })

  it("fails on inline code that no hash can allow", () => {
    const handler: BuiltFile = { file: "index.html", html: `<img src="/a.png" onerror="this.remove()"><a href="javascript:void(0)">x</a>` }
    const { problems } = buildHeaders({ pages: [handler], files, env: {} })
    expect(problems).toEqual([expect.stringContaining("onerror"), expect.stringContaining("javascript:")])
  })

  it("does not mistake script text for markup", () => {
    const script: BuiltFile = { file: "index.html", html: `<script>if(a<b){x='<img onerror="y">'}</script>` }
    expect(buildHeaders({ pages: [script], files, env: {} }).problems).toEqual([])
  })

  it("prefixes every rule when the site is built under a path prefix", () => {
    const prefixed = buildHeaders({ pages: [home], files, env: {}, pathPrefix: "/boutique" })
    expect(rule(prefixed.text, "/boutique/*")[0]).toMatch(/^Strict-Transport-Security: /)
    expect(rule(prefixed.text, "/boutique/static/*")).toHaveLength(1)
    expect(rule(prefixed.text, "/boutique/")).toEqual([`Content-Security-Policy: ${csp(prefixed.text)}`, "Cache-Control: no-cache"])
  })
})

describe("reading _headers back (local server)", () => {
  const rules = parseHeaders(buildHeaders({ pages: [home, notFound, notFoundDir], files, env: {} }).text)
  const names = (path: string) => headersForPath(rules, path).map(([name]) => name)
  const value = (path: string, header: string) => headersForPath(rules, path).find(([name]) => name === header)?.[1]

  it("gives every path the security headers and exactly one Cache-Control where one is set", () => {
    for (const path of ["/", "/404/"]) expect(names(path)).toContain("Content-Security-Policy")
    for (const path of ["/", "/404/", "/app-0123456789abcdef0123.js", "/static/0123/photo.avif", "/manifest.webmanifest"]) {
      expect(names(path)).toEqual(expect.arrayContaining(["X-Content-Type-Options", "X-Frame-Options"]))
      expect(names(path).filter((name) => name === "Cache-Control").length).toBeLessThanOrEqual(1)
    }
    expect(value("/", "Cache-Control")).toBe("no-cache")
    expect(value("/static/0123/photo.avif", "Cache-Control")).toBe("public, max-age=31536000, immutable")
    expect(value("/manifest.webmanifest", "Cache-Control")).toBeUndefined()
  })

  it("keeps header values whole, colons included, and matches only whole paths", () => {
    expect(value("/", "Content-Security-Policy")).toContain("default-src 'self'; script-src 'self' 'sha256-")
    expect(value("/index.html.bak", "Cache-Control")).toBeUndefined()
  })

  it("refuses a header line outside any rule", () => {
    expect(() => parseHeaders("  X-Test: 1\n")).toThrow(/_headers/)
  })
})

describe("robots.txt", () => {
  it("allows crawling but the admin, and points to the sitemap index of the site's address", () => {
    expect(robotsTxt("https://www.maxai-seconde-main.fr")).toBe(
      "User-agent: *\nAllow: /\nDisallow: /admin/\n\nSitemap: https://www.maxai-seconde-main.fr/sitemap-index.xml\n",
    )
    expect(robotsTxt("https://exemple.fr/", "/boutique")).toContain("Sitemap: https://exemple.fr/boutique/sitemap-index.xml")
    expect(robotsTxt("https://exemple.fr/", "/boutique")).toContain("Disallow: /boutique/admin/\n")
  })
})

describe("the content studio (/admin/)", () => {
  const admin: BuiltFile = {
    file: "admin/index.html",
    html: '<html><head><meta name="robots" content="noindex"></head><body><script src="decap/decap-cms.js"></script></body></html>',
  }
  const rules = parseHeaders(buildHeaders({ pages: [home, notFound, admin], files, env: {} }).text)
  const values = (path: string, header: string) =>
    headersForPath(rules, path)
      .filter(([name]) => name === header)
      .map(([, value]) => value)

  it("gets its own policy, alone, that lets Decap run and reach the local backend and the git host", () => {
    expect(values("/admin/", "Content-Security-Policy")).toEqual([ADMIN_CSP])
    expect(ADMIN_CSP).toContain("script-src 'self' 'unsafe-eval'")
    expect(ADMIN_CSP).toContain("http://localhost:*")
    expect(ADMIN_CSP).toContain("https://api.github.com")
  })

  it("keeps the OAuth window's link to the studio (its opener policy comes last, so our server sends it)", () => {
    expect(values("/admin/", "Cross-Origin-Opener-Policy").at(-1)).toBe("same-origin-allow-popups")
    expect(values("/", "Cross-Origin-Opener-Policy")).toEqual(["same-origin"])
  })

  it("leaves the site's own policy strict: no eval, no outside origin", () => {
    const [site] = values("/", "Content-Security-Policy")
    expect(site).not.toContain("unsafe-eval")
    expect(site).not.toContain("api.github.com")
    expect(site).toMatch(/connect-src 'self';/)
  })

  it("is kept out of search engines", () => {
    expect(values("/admin/", "X-Robots-Tag")).toEqual(["noindex, nofollow"])
    expect(values("/", "X-Robots-Tag")).toEqual([])
  })
})
