/**
 * What the served build sends for files, as any client sees it: errors without stacks or server
 * paths, caching and ranges only for files that exist, pre-compressed files sent as built,
 * Cross-Origin-Resource-Policy, and no build artefact that is not meant for visitors.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { readFileSync, readdirSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { BASE_URL } from "./lib/browser.mjs"

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "public")

async function get(urlPath, headers = {}) {
  const response = await fetch(`${BASE_URL}${urlPath}`, { headers, signal: AbortSignal.timeout(10_000) })
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) }
}

const NO_SERVER_DETAILS = /node_modules|\/work\/|[A-Z]:\\|\bat \w+ \(|Error:/

test("an unsatisfiable range gets a 416 without stack or server path", async () => {
  const response = await get("/", { Range: "bytes=999999999-" })
  assert.equal(response.status, 416)
  assert.doesNotMatch(response.body.toString("utf8"), NO_SERVER_DETAILS)
})

test("a malformed address gets a French 400 page without stack", async () => {
  const response = await get("/%E0%A4%A")
  assert.equal(response.status, 400)
  assert.match(response.headers.get("content-type") ?? "", /^text\/html/)
  assert.doesNotMatch(response.body.toString("utf8"), NO_SERVER_DETAILS)
})

test("a missing asset answers 404 without the assets' immutable caching", async () => {
  for (const missing of ["/static/missing.png", "/app-0123456789abcdef0123.js"]) {
    const response = await get(missing)
    assert.equal(response.status, 404, missing)
    assert.doesNotMatch(response.headers.get("cache-control") ?? "", /immutable|max-age=[1-9]/, missing)
  }
})

test("an existing asset keeps its immutable caching", async () => {
  const asset = readdirSync(path.join(publicDir, "static"), { recursive: true, encoding: "utf8" }).find((file) => file.endsWith(".png"))
  assert.ok(asset, "aucun PNG dans public/static")
  const response = await get(`/static/${asset.split(path.sep).join("/")}`)
  assert.equal(response.status, 200)
  assert.equal(response.headers.get("cache-control"), "public, max-age=31536000, immutable")
})

test("a missing page asked with a Range header answers the whole 404, not 206", async () => {
  const response = await get("/page-inexistante/", { Range: "bytes=0-10" })
  assert.equal(response.status, 404)
  assert.equal(response.headers.get("content-range"), null)
  assert.match(response.body.toString("utf8"), /introuvable/)
})

test("a missing page is the French 404 page under its own CSP, whatever address was asked", async () => {
  const asked = await get("/page-inexistante/")
  const direct = await get("/404.html")
  assert.equal(asked.status, 404)
  const csp = asked.headers.get("content-security-policy") ?? ""
  assert.match(csp, /script-src 'self' 'sha256-/)
  assert.equal(csp, direct.headers.get("content-security-policy"))
})

test("the home page is sent pre-compressed, byte for byte the build's .br and .gz files", async () => {
  for (const [accept, encoding, suffix] of [
    ["br, gzip", "br", ".br"],
    ["gzip", "gzip", ".gz"],
  ]) {
    // fetch decodes the body; Content-Length is the size on the wire, that of the build's twin.
    const response = await fetch(`${BASE_URL}/`, { headers: { "Accept-Encoding": accept }, signal: AbortSignal.timeout(10_000) })
    assert.equal(response.status, 200)
    assert.equal(response.headers.get("content-encoding"), encoding)
    assert.match(response.headers.get("vary") ?? "", /Accept-Encoding/i)
    assert.equal(Number(response.headers.get("content-length")), readFileSync(path.join(publicDir, `index.html${suffix}`)).length)
    assert.match(await response.text(), /<html/)
  }
  const identity = await get("/", { "Accept-Encoding": "identity" })
  assert.equal(identity.headers.get("content-encoding"), null)
  assert.deepEqual(identity.body, readFileSync(path.join(publicDir, "index.html")))
})

test("every answer carries Cross-Origin-Resource-Policy and Cross-Origin-Opener-Policy", async () => {
  for (const urlPath of ["/", "/page-inexistante/", "/api/vinted/stores", "/favicon-32x32.png"]) {
    const response = await get(urlPath)
    assert.equal(response.headers.get("cross-origin-resource-policy"), "same-origin", urlPath)
    assert.equal(response.headers.get("cross-origin-opener-policy"), "same-origin", urlPath)
  }
})

test("each kind of answer carries the Content-Security-Policy docs/security.md's table says", async () => {
  const NOTHING_TO_RUN = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
  const script = readdirSync(publicDir).find((file) => /^app-[0-9a-f]+\.js$/.test(file))
  const policies = {}
  for (const urlPath of ["/", "/page-inexistante/", "/api/vinted/stores", "/api/inconnue", "/%E0%A4%A", `/${script}`]) {
    policies[urlPath] = (await get(urlPath)).headers.get("content-security-policy")
  }
  assert.match(policies["/"], /script-src 'self' 'sha256-/)
  assert.match(policies["/page-inexistante/"], /script-src 'self' 'sha256-/)
  assert.deepEqual(
    [policies["/api/vinted/stores"], policies["/api/inconnue"], policies["/%E0%A4%A"], policies[`/${script}`]],
    [NOTHING_TO_RUN, NOTHING_TO_RUN, NOTHING_TO_RUN, null],
  )
})

test("build artefacts that are not for visitors are not served", async () => {
  const files = readdirSync(publicDir, { recursive: true, encoding: "utf8" }).map((file) => file.split(path.sep).join("/"))
  const artefacts = files.filter((file) => /\.map$|(^|\/)(webpack\.stats\.json|chunk-map\.json|_headers|_redirects)$/.test(file))
  assert.ok(
    artefacts.some((file) => file.endsWith(".map")),
    "la construction devrait contenir des .map",
  )
  for (const file of [...artefacts, "_headers"]) {
    const response = await get(`/${file}`)
    assert.equal(response.status, 404, file)
  }
})

/** Other spellings of `/${file}` that the static server decodes and normalises to the same file. */
function escapedSpellings(file) {
  const escape = (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`
  const slash = file.lastIndexOf("/") + 1
  const [folder, name] = [file.slice(0, slash), file.slice(slash)]
  return [
    `/${folder}${name.slice(0, -1)}${escape(name.at(-1))}`,
    `/${folder}${escape(name[0])}${name.slice(1)}`,
    `/${folder}${name.replace(/\./g, "%2e")}`,
    `/static/..%2F${file}`,
  ]
}

test("build artefacts spelled with percent-escapes are not served either", async () => {
  const files = readdirSync(publicDir, { recursive: true, encoding: "utf8" }).map((file) => file.split(path.sep).join("/"))
  const artefacts = files.filter((file) => /\.map$|(^|\/)(webpack\.stats\.json|chunk-map\.json|_headers|_redirects)$/.test(file))
  // One compressed twin asked by name, and the two artefacts the issue found served.
  const spellings = [...artefacts, "index.html.br"].flatMap(escapedSpellings)
  assert.ok(
    spellings.some((spelling) => spelling.endsWith(".ma%70")),
    "la construction devrait contenir des .map",
  )
  const statuses = []
  for (let start = 0; start < spellings.length; start += 16) {
    const batch = spellings.slice(start, start + 16)
    statuses.push(...(await Promise.all(batch.map(async (spelling) => [spelling, (await get(spelling)).status]))))
  }
  assert.deepEqual(
    statuses.filter(([, status]) => status !== 404),
    [],
  )
})
