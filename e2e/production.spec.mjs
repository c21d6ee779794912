/**
 * Production readiness of the built site: crawler files, the French 404, the generated
 * `_headers` (its CSP checked against the built HTML, then enforced in Chromium) and the
 * hygiene of what the browser downloads (external links, no secret or internal address).
 */
import { after, before, test } from "node:test"
import assert from "node:assert/strict"
import { createHash } from "node:crypto"
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { BASE_URL, enterSite, launchBrowser, openPage } from "./lib/browser.mjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const publicDir = path.join(root, "public")
const site = JSON.parse(readFileSync(path.join(root, "content", "site.json"), "utf8"))
const shops = JSON.parse(readFileSync(path.join(root, "content", "shops.json"), "utf8")).items
const SITE_URL = site.seo.url

const read = (file) => readFileSync(path.join(publicDir, file), "utf8")

function builtFiles(dir = publicDir) {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => statSync(path.join(dir, file)).isFile())
}

/** Inline scripts as the HTML parser sees them (an independent reading, not the generator's code). */
function inlineScripts(html) {
  return [...html.matchAll(/<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes]) => !/(?:^|\s)src\s*=/i.test(attributes))
    .map(([, , body]) => body)
}

const sha256 = (text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`

/** The header lines of the `/*` rule of public/_headers, as name → value. */
/** The headers of one rule of public/_headers ("/*" for every answer, "/" for the home page…). */
function ruleHeaders(rule) {
  const lines = read("_headers").split("\n")
  const start = lines.indexOf(rule)
  assert.notEqual(start, -1, `_headers sans règle ${rule}`)
  const headers = {}
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith("  ")) break
    const colon = line.indexOf(":")
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return headers
}

const siteWideHeaders = () => ruleHeaders("/*")

let browser
before(async () => {
  browser = await launchBrowser()
})
after(async () => {
  await browser?.close()
})

test("crawlers get robots.txt and a sitemap of the real pages only", async () => {
  const robots = await fetch(`${BASE_URL}/robots.txt`)
  assert.equal(robots.status, 200)
  const robotsText = await robots.text()
  assert.match(robotsText, /^User-agent: \*$/m)
  assert.ok(robotsText.includes(`Sitemap: ${SITE_URL}/sitemap-index.xml`), robotsText)

  const index = await fetch(`${BASE_URL}/sitemap-index.xml`)
  assert.equal(index.status, 200)
  const indexXml = await index.text()
  assert.match(indexXml, /<sitemapindex/)
  const sitemaps = [...indexXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc)
  assert.ok(sitemaps.length > 0)

  const urls = []
  for (const sitemap of sitemaps) {
    assert.ok(sitemap.startsWith(`${SITE_URL}/`), sitemap)
    const response = await fetch(`${BASE_URL}${sitemap.slice(SITE_URL.length)}`)
    assert.equal(response.status, 200, sitemap)
    urls.push(...[...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc))
  }
  assert.deepEqual(urls, [`${SITE_URL}/`])
})

test("the built pages carry their head: canonical, share cards, favicon, manifest, Organization JSON-LD", async () => {
  const home = read("index.html")
  assert.ok(home.includes(`<link rel="canonical" href="${SITE_URL}/"`), "canonical")
  assert.ok(home.includes(`<meta property="og:image" content="${SITE_URL}/og-image.png"`), "og:image absolu")
  assert.match(home, /<meta property="og:image:width" content="1200"/)
  assert.match(home, /<meta property="og:image:height" content="630"/)
  assert.match(home, /<meta property="og:image:alt" content="[^"]+"/)
  assert.match(home, /<meta name="twitter:card" content="summary_large_image"/)
  assert.match(home, /<link rel="icon" href="\/favicon-32x32\.png"/)
  assert.match(home, /<link rel="manifest" href="\/manifest\.webmanifest"/)

  const [jsonLd, ...others] = [...home.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
  assert.equal(others.length, 0)
  const organization = JSON.parse(jsonLd[1])
  assert.equal(organization["@type"], "Organization")
  assert.equal(organization.name, site.name)
  assert.equal(organization.url, `${SITE_URL}/`)
  assert.deepEqual(
    organization.sameAs,
    shops.map((shop) => shop.url),
  )
  assert.ok(!/aggregateRating|reviewRating/i.test(jsonLd[1]), "pas de note auto-attribuée")
  assert.ok(organization.logo.startsWith(`${SITE_URL}/`))
  const logo = await fetch(`${BASE_URL}${organization.logo.slice(SITE_URL.length)}`)
  assert.equal(logo.status, 200, "le logo du JSON-LD est servi")
  assert.equal(logo.headers.get("content-type"), "image/png")

  for (const asset of ["/og-image.png", "/favicon-32x32.png", "/manifest.webmanifest"]) {
    assert.equal((await fetch(`${BASE_URL}${asset}`)).status, 200, asset)
  }

  const notFound = read("404.html")
  assert.match(notFound, /<meta name="robots" content="noindex"/)
  assert.match(notFound, /<title[^>]*>Page introuvable – maxAi<\/title>/)
  assert.ok(!notFound.includes('rel="canonical"'))
})

test("an unknown address answers 404 with the French page and a working way home", async () => {
  const response = await fetch(`${BASE_URL}/page-inexistante/`)
  assert.equal(response.status, 404)

  const { page, context, pageErrors, consoleErrors } = await openPage(browser, { viewport: { width: 390, height: 844 } })
  // The browser logs the 404 status of the document itself; that one is expected.
  const visit = await page.goto(`${BASE_URL}/page-inexistante/`, { waitUntil: "load" })
  assert.equal(visit.status(), 404)
  await page.getByRole("heading", { level: 1, name: "Oups, cette page est introuvable" }).waitFor()
  assert.equal(await page.locator("header").count(), 1)
  assert.equal(await page.locator("footer").count(), 1)
  assert.equal(await page.title(), "Page introuvable – maxAi")

  await page.getByRole("main").getByRole("link", { name: "Retour à l'accueil" }).click()
  await page.waitForURL(`${BASE_URL}/`)
  await enterSite(page)
  assert.equal(await page.locator("h1").count(), 1)
  assert.deepEqual(pageErrors, [])
  assert.deepEqual(
    consoleErrors.filter((line) => !/status of 404/.test(line)),
    [],
  )
  await context.close()
})

test("the generated _headers allows every inline script of the built pages by hash", () => {
  assert.ok(existsSync(path.join(publicDir, "_headers")), "public/_headers manquant")
  const headers = siteWideHeaders()
  // Each page carries its CSP (the admin has its own, so none is site-wide: two CSPs would add up).
  for (const [file, rule] of [
    ["index.html", "/"],
    ["404.html", "/404.html"],
  ]) {
    const csp = ruleHeaders(rule)["content-security-policy"]
    assert.ok(csp, `${rule} : pas de CSP`)
    const scriptSrc = csp.split("; ").find((part) => part.startsWith("script-src "))
    assert.ok(scriptSrc, "pas de script-src")
    assert.ok(!scriptSrc.includes("'unsafe-inline'"))
    for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "img-src 'self' data: blob:"]) {
      assert.ok(csp.includes(directive), directive)
    }
    const scripts = inlineScripts(read(file))
    assert.ok(scripts.length >= 3, `${file} : scripts inline attendus`)
    for (const script of scripts) {
      assert.ok(scriptSrc.includes(sha256(script)), `${file} : script non autorisé ${script.slice(0, 60)}`)
    }
  }
  assert.equal(headers["x-frame-options"], "DENY")
  assert.equal(headers["x-content-type-options"], "nosniff")
  assert.equal(headers["referrer-policy"], "strict-origin-when-cross-origin")
  assert.match(headers["strict-transport-security"], /^max-age=\d{8,}/)
  assert.match(headers["permissions-policy"], /camera=\(\), microphone=\(\), geolocation=\(\)/)
})

/** Opens a page that records each CSP violation the browser reports (the server sends _headers). */
function openWithPolicy(options) {
  return openPage(browser, {
    ...options,
    initScript: () => {
      window.__cspViolations = []
      document.addEventListener("securitypolicyviolation", (event) => {
        window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`)
      })
    },
  })
}

test("the local server sends the security headers of _headers with every response", async () => {
  const expected = siteWideHeaders()
  for (const path of ["/", "/page-inexistante/", "/manifest.webmanifest"]) {
    const response = await fetch(`${BASE_URL}${path}`)
    for (const [name, value] of Object.entries(expected)) assert.equal(response.headers.get(name), value, `${path} : ${name}`)
    assert.equal(response.headers.get("x-powered-by"), null, path)
  }
  assert.equal((await fetch(`${BASE_URL}/`)).headers.get("cache-control"), "no-cache")
})

for (const colorScheme of ["light", "dark"]) {
  test(`with the production CSP enforced (${colorScheme}), the home page works and nothing is blocked`, async () => {
    const { page, context, pageErrors, consoleErrors } = await openWithPolicy({ colorScheme })
    const response = await page.goto(`${BASE_URL}/`, { waitUntil: "load" })
    assert.ok(response.headers()["content-security-policy"]?.includes("script-src 'self' 'sha256-"), "CSP appliquée")
    // The theme script ran (it is inline): without it there is no `js` class.
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains("js")), true)
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains("dark")), colorScheme === "dark")
    await enterSite(page)
    // Scroll through every section so lazy images, data loads and observers all run under the policy.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y)
        await new Promise((resolve) => setTimeout(resolve, 80))
      }
    })
    await page.waitForLoadState("networkidle")
    // Photos still load (img-src) once their section has been on screen.
    await page.waitForFunction(() => [...document.querySelectorAll("#galerie img")].some((img) => img.complete && img.naturalWidth > 0), null, {
      timeout: 5000,
    })
    // The chat's lazy chunk (script-src) and its call to the API (connect-src) are allowed.
    await page.getByRole("button", { name: "Chat avec maxAi" }).click()
    const field = page.getByRole("textbox", { name: "Votre message" })
    await field.fill("Bonjour, vous rachetez des polos Lacoste ?")
    await field.press("Enter")
    // The greeting, then the answer (the typing indicator has no time stamp).
    await page.waitForFunction(() => document.querySelectorAll('[role="log"] [data-from="bot"] time').length >= 2, null, { timeout: 10_000 })
    const conversation = await page.getByRole("log", { name: "Conversation avec maxAi" }).innerText()
    assert.ok(!/Problème de connexion|Désolé, une erreur/.test(conversation), conversation)
    assert.deepEqual(await page.evaluate(() => window.__cspViolations), [])
    assert.deepEqual(consoleErrors, [])
    assert.deepEqual(pageErrors, [])
    await context.close()
  })
}

test("with the production CSP enforced, the 404 page renders and hydrates without violations", async () => {
  const { page, context, pageErrors } = await openWithPolicy({ viewport: { width: 390, height: 844 } })
  await page.goto(`${BASE_URL}/page-inexistante/`, { waitUntil: "networkidle" })
  await page.getByRole("heading", { level: 1, name: "Oups, cette page est introuvable" }).waitFor()
  // The mobile menu only works once React has hydrated the page.
  await page.getByRole("button", { name: "Ouvrir le menu" }).click()
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Boutiques" }).waitFor()
  await page.keyboard.press("Escape")
  // The chat is on this page too, and opens under the policy.
  await page.getByRole("button", { name: "Chat avec maxAi" }).click()
  await page.getByRole("dialog", { name: "maxAi" }).waitFor()
  assert.deepEqual(await page.evaluate(() => window.__cspViolations), [])
  assert.deepEqual(pageErrors, [])
  await context.close()
})

test("every external link of the built pages opens safely (rel=noopener noreferrer)", () => {
  const siteOrigin = new URL(SITE_URL).origin
  const pages = builtFiles().filter((file) => file.endsWith(".html") && !file.startsWith("_gatsby/"))
  let external = 0
  const unsafe = []
  for (const file of pages) {
    for (const [tag] of read(file).matchAll(/<a\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi)) {
      const href = /\shref="([^"]*)"/i.exec(tag)?.[1] ?? ""
      if (!/^(https?:)?\/\//i.test(href) || new URL(href, SITE_URL).origin === siteOrigin) continue
      external += 1
      const rel = (/\srel="([^"]*)"/i.exec(tag)?.[1] ?? "").split(/\s+/)
      if (!rel.includes("noopener") || !rel.includes("noreferrer")) unsafe.push(`${file}: ${tag}`)
    }
  }
  assert.ok(external >= 6, `liens externes trouvés : ${external}`)
  assert.deepEqual(unsafe, [])
})

test("what the browser downloads holds no secret and no internal address", () => {
  // The content studio's Decap bundle names its local backend (http://localhost:8081, used by
  // npm run edit on the editor's own machine); visitors never load it.
  const shipped = builtFiles().filter(
    (file) => /\.(?:js|html|json|css|webmanifest|txt)$/.test(file) && !file.endsWith("_headers") && !file.startsWith("admin/decap/"),
  )
  // Gatsby inlines only GATSBY_* variables; anything named like a credential must never appear.
  const secrets = Object.entries(process.env)
    .filter(([name, value]) => !name.startsWith("GATSBY_") && /SECRET|TOKEN|PASSWORD|PRIVATE|API_KEY|AUTH/i.test(name) && (value ?? "").length >= 8)
    .map(([, value]) => value)
  const internal =
    /\bhttps?:\/\/(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+|[a-z0-9-]+\.(?:internal|local|lan))\b/i
  const problems = []
  for (const file of shipped) {
    const text = read(file)
    const address = internal.exec(text)
    if (address) problems.push(`${file}: adresse interne ${address[0]}`)
    if (text.includes(root)) problems.push(`${file}: chemin de la machine de build ${root}`)
    if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) problems.push(`${file}: clé privée`)
    for (const secret of secrets) if (text.includes(secret)) problems.push(`${file}: valeur d'une variable secrète`)
  }
  assert.ok(shipped.length > 10)
  assert.deepEqual(problems, [])
})
