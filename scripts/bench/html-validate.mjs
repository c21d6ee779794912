/**
 * HTML validity of the built pages with the Nu Html Checker (vnu-jar, Java 17): 0 errors.
 * Warnings and info messages are printed but do not fail. Every page of src/pages/ is checked
 * once its source exists (404, mentions légales, confidentialité): a missing built page fails.
 *
 *   node scripts/bench/html-validate.mjs [files…]   (default: public/index.html and the pages below)
 */
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import path from "node:path"
import { printChecks, ROOT, writeResult } from "./lib.mjs"

const VNU = path.join(ROOT, "node_modules/vnu-jar/build/dist/vnu.jar")

/** Each page's source and the HTML the build makes of it. */
const OTHER_PAGES = [
  ["src/pages/404.tsx", "public/404.html"],
  ["src/pages/mentions-legales.tsx", "public/mentions-legales/index.html"],
  ["src/pages/confidentialite.tsx", "public/confidentialite/index.html"],
]

function defaultPages() {
  const pages = ["public/index.html"]
  for (const [source, built] of OTHER_PAGES) if (existsSync(path.join(ROOT, source)) || existsSync(path.join(ROOT, built))) pages.push(built)
  return pages
}

const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : defaultPages()
const missing = pages.filter((page) => !existsSync(path.resolve(ROOT, page)))
const present = pages.filter((page) => !missing.includes(page))

let messages = []
if (present.length > 0) {
  const run = spawnSync("java", ["-jar", VNU, "--format", "json", "--stdout", ...present.map((page) => path.resolve(ROOT, page))], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
  if (run.error || !run.stdout) {
    console.error(`vnu n'a pas pu être lancé : ${run.error?.message ?? run.stderr}`)
    process.exit(1)
  }
  messages = JSON.parse(run.stdout).messages
}

const checks = pages.map((page) => {
  const absolute = path.resolve(ROOT, page)
  const own = messages.filter((message) => message.url && decodeURIComponent(new URL(message.url).pathname) === absolute)
  const errors = own.filter((message) => message.type === "error" || message.subType === "fatal")
  const warnings = own.filter((message) => message.type === "info" && message.subType === "warning")
  const infos = own.filter((message) => !errors.includes(message) && !warnings.includes(message))
  for (const message of [...errors, ...warnings]) {
    const where = message.lastLine ? `${page}:${message.lastLine}:${message.firstColumn ?? message.lastColumn ?? 0}` : page
    const kind = errors.includes(message) ? "erreur" : "avertissement"
    const extract = message.extract ? `\n    ${message.extract.replace(/\s+/g, " ").slice(0, 160)}` : ""
    console.log(`${kind.padEnd(13)} ${where} ${message.message}${extract}`)
  }
  // Informational notes (e.g. React's "/>" on void elements) are only counted.
  const notes = new Map()
  for (const message of infos) notes.set(message.message, (notes.get(message.message) ?? 0) + 1)
  for (const [text, count] of notes) console.log(`info          ${page} ×${count} ${text}`)
  if (missing.includes(page)) return { name: `HTML valide (vnu) ${page}`, value: "fichier absent (lancez npm run build)", bar: "0 erreur", ok: false }
  return {
    name: `HTML valide (vnu) ${page}`,
    value: `${errors.length} erreur(s), ${warnings.length} avertissement(s)`,
    bar: "0 erreur",
    ok: errors.length === 0,
    errors: errors.length,
    warnings: warnings.length,
  }
})

console.log()
printChecks(checks)
const result = writeResult("html", checks)
process.exit(result.ok ? 0 : 1)
