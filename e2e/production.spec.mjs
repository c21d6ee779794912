/**
 * Production readiness of the built site: crawler files, the page head, the French 404, and the
 * hygiene of what the browser downloads (external links, no secret or internal address). The
 * security headers: security-headers.spec.mjs.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { readFileSync } from "node:fs"
import path from "node:path"
import { BASE_URL, enterSite, reusedPage } from "./lib/browser.mjs"
import { root, read, builtFiles } from "./lib/built-site.mjs"

const site = JSON.parse(readFileSync(path.join(root, "content", "site.json"), "utf8"))
const SITE_URL = site.seo.url
const shops = JSON.parse(readFileSync(path.join(root, "content", "shops.json"), "utf8")).items

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
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
  // The home page and the two legal pages; never the 404 or the studio (/admin/, not a Gatsby page).
  assert.deepEqual(urls.sort(), [`${SITE_URL}/`, `${SITE_URL}/confidentialite/`, `${SITE_URL}/mentions-legales/`])
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

  const { page, close, pageErrors, consoleErrors } = await reusedPage(browser, { viewport: { width: 390, height: 844 } })
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
  await close()
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
