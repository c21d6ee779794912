/**
 * The generated `_headers`: its CSP checked against the built HTML (every inline script allowed
 * by hash), sent by the local server with every answer, then enforced in Chromium on both pages.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { existsSync } from "node:fs"
import path from "node:path"
import { BASE_URL, enterSite, openPage } from "./lib/browser.mjs"
import { publicDir, read, inlineScripts, sha256, ruleHeaders, siteWideHeaders } from "./lib/built-site.mjs"
import { scrollThroughPage } from "./lib/settle.mjs"

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

test("the generated _headers allows every inline script of the built pages by hash", () => {
  assert.ok(existsSync(path.join(publicDir, "_headers")), "public/_headers manquant")
  const headers = siteWideHeaders()
  // Each page carries its CSP (the admin has its own, so none is site-wide: two CSPs would add up).
  for (const [file, rule] of [
    ["index.html", "/"],
    ["404.html", "/404.html"],
    ["mentions-legales/index.html", "/mentions-legales/"],
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
    await scrollThroughPage(page)
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
