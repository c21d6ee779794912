/**
 * The built site as the production tests read it from disk: public/, its files, the inline
 * scripts of a page (read independently of the generator) and the rules of public/_headers.
 */
import assert from "node:assert/strict"
import { createHash } from "node:crypto"
import { readFileSync, readdirSync, statSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
export const publicDir = path.join(root, "public")

export const read = (file) => readFileSync(path.join(publicDir, file), "utf8")

export function builtFiles(dir = publicDir) {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => statSync(path.join(dir, file)).isFile())
}

/** Inline scripts as the HTML parser sees them (an independent reading, not the generator's code). */
export function inlineScripts(html) {
  return [...html.matchAll(/<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes]) => !/(?:^|\s)src\s*=/i.test(attributes))
    .map(([, , body]) => body)
}

export const sha256 = (text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`

/** The headers of one rule of public/_headers ("/*" for every answer, "/" for the home page…). */
export function ruleHeaders(rule) {
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

export const siteWideHeaders = () => ruleHeaders("/*")
