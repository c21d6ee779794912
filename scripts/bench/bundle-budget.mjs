/**
 * Bundle budget: first-load JavaScript of `/` must stay ≤ 110 kB gzip (1 kB = 1000 bytes).
 *
 * "First load" = the chunks webpack needs before the page is interactive: the `app` entry group
 * and the page's own group (public/webpack.stats.json), plus any script the built
 * public/index.html references. Chunks loaded later (the chat widget, opened on demand;
 * gatsby-plugin-image's lazy hydration) are listed but not counted. With --runtime, the script
 * also loads the served page (BASE_URL) in Chromium and counts every script actually fetched
 * until the network is idle, chat chunk excepted, so a lazy chunk that in fact loads at once
 * is caught too. Sizes are gzip level 6, what the local server's compression sends.
 *
 *   node scripts/bench/bundle-budget.mjs [--runtime]
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { gzipSync } from "node:zlib"
import { BASE_URL, kB, PUBLIC_DIR, printChecks, table, writeResult } from "./lib.mjs"

export const BUDGET_BYTES = 110_000
const PAGE_GROUP = "component---src-pages-index-tsx"
const CHAT_SOURCE = /src\/components\/Chat/

const gzipSize = (file) => gzipSync(readFileSync(path.join(PUBLIC_DIR, file)), { level: 6 }).length

/** What a chunk holds, from its source map: the first project modules, else its packages. */
function describe(file) {
  const mapFile = path.join(PUBLIC_DIR, `${file}.map`)
  if (!existsSync(mapFile)) return { label: "", chat: false }
  const sources = JSON.parse(readFileSync(mapFile, "utf8")).sources ?? []
  // Project modules are "webpack://<name>/./src/…"; packages' own sources can be "../src/…".
  const own = sources.filter((source) => /^webpack:\/\/[^/]+\/\.\/src\//.test(source)).map((source) => source.replace(/^.*?\/\.\/src\//, "src/"))
  const packages = [...new Set(sources.map((source) => source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1]).filter(Boolean))]
  // Sources outside node_modules and src/ come from a package's own source map (e.g. lazy-hydrate.tsx).
  const foreign = sources.filter((source) => !/node_modules|\/\.\/src\/|webpack\/runtime/.test(source)).map((source) => path.basename(source))
  const label =
    own.length > 0
      ? own.slice(0, 2).join(", ") + (own.length > 2 ? ` +${own.length - 2}` : "")
      : [...foreign, ...packages].slice(0, 3).join(", ") || "webpack runtime"
  return { label, chat: sources.some((source) => CHAT_SOURCE.test(source)) }
}

function firstLoadFiles() {
  const stats = JSON.parse(readFileSync(path.join(PUBLIC_DIR, "webpack.stats.json"), "utf8"))
  const groups = stats.namedChunkGroups ?? {}
  if (!groups.app || !groups[PAGE_GROUP]) throw new Error(`webpack.stats.json ne décrit pas les groupes "app" et "${PAGE_GROUP}" : lancez "npm run build".`)
  const files = new Set([...groups.app.assets, ...groups[PAGE_GROUP].assets].map((asset) => (typeof asset === "string" ? asset : asset.name)))
  const html = readFileSync(path.join(PUBLIC_DIR, "index.html"), "utf8")
  for (const match of html.matchAll(/<script[^>]*\ssrc="\/([^"?#]+\.js)"/g)) files.add(match[1])
  for (const match of html.matchAll(/<link[^>]*\shref="\/([^"?#]+\.js)"/g)) files.add(match[1])
  return [...files].filter((file) => file.endsWith(".js"))
}

/** Scripts the browser fetches while loading `/` (splash shown, nothing clicked). */
async function runtimeFiles() {
  const { launchBrowser, openPage } = await import("../../e2e/lib/browser.mjs")
  const browser = await launchBrowser()
  try {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } })
    const scripts = new Set()
    page.on("response", (response) => {
      const url = new URL(response.url())
      if (url.origin === new URL(BASE_URL).origin && url.pathname.endsWith(".js")) scripts.add(url.pathname.slice(1))
    })
    await page.goto(`${BASE_URL}/`, { waitUntil: "networkidle" })
    await page.waitForTimeout(1000)
    return [...scripts]
  } finally {
    await browser.close()
  }
}

async function main() {
  const runtime = process.argv.includes("--runtime")
  const first = new Set(firstLoadFiles())
  const fetched = runtime ? new Set(await runtimeFiles()) : new Set()
  // public/ keeps the chunks of earlier builds; the current ones are the first-load files and
  // the chunks whose hash the current webpack runtime knows.
  const runtimeFile = [...first].find((file) => file.startsWith("webpack-runtime-"))
  const runtimeSource = runtimeFile ? readFileSync(path.join(PUBLIC_DIR, runtimeFile), "utf8") : ""
  const all = readdirSync(PUBLIC_DIR)
    .filter((file) => file.endsWith(".js"))
    .filter((file) => first.has(file) || fetched.has(file) || runtimeSource.includes(`"${file.match(/-([0-9a-f]{20})\.js$/)?.[1] ?? "∅"}"`))
  const rows = all
    .map((file) => ({ file, raw: readFileSync(path.join(PUBLIC_DIR, file)).length, gzip: gzipSize(file), ...describe(file) }))
    // The chat's own chunk is lazy; its launcher button is part of the page and counts.
    .map((row) => ({ ...row, chat: row.chat && !first.has(row.file) }))
    .sort((a, b) => Number(first.has(b.file)) - Number(first.has(a.file)) || b.gzip - a.gzip)

  const staticTotal = rows.filter((row) => first.has(row.file)).reduce((sum, row) => sum + row.gzip, 0)
  console.log(`Chunks JavaScript de public/ (gzip niveau 6) :\n`)
  console.log(
    table(
      ["fichier", "brut", "gzip", "1er chargement", ...(runtime ? ["chargé (navigateur)"] : []), "contenu"],
      rows.map((row) => [
        row.file,
        kB(row.raw),
        kB(row.gzip),
        first.has(row.file) ? "oui" : row.chat ? "non (chat)" : "non (différé)",
        ...(runtime ? [fetched.has(row.file) ? "oui" : ""] : []),
        row.label,
      ]),
    ),
  )
  const html = readFileSync(path.join(PUBLIC_DIR, "index.html"), "utf8")
  const css = [...new Set([...html.matchAll(/\/(styles\.[0-9a-f]+\.css)/g)].map((match) => match[1]))]
  for (const file of css) console.log(`\nCSS ${file} : ${kB(gzipSize(file))} gzip (hors budget JavaScript)`)

  const checks = [
    {
      name: "JS 1er chargement de / (gzip, chat exclu)",
      value: kB(staticTotal),
      bar: `≤ ${kB(BUDGET_BYTES)}`,
      ok: staticTotal <= BUDGET_BYTES,
      bytes: staticTotal,
    },
  ]
  if (runtime) {
    const unknown = [...fetched].filter((file) => !rows.some((row) => row.file === file))
    const measured = rows.filter((row) => fetched.has(row.file) && !row.chat).reduce((sum, row) => sum + row.gzip, 0)
    checks.push({
      name: "JS chargé par le navigateur sur / (gzip, chat exclu)",
      value: kB(measured) + (unknown.length ? ` (+ ${unknown.join(", ")} hors public/)` : ""),
      bar: `≤ ${kB(BUDGET_BYTES)}`,
      ok: measured <= BUDGET_BYTES && unknown.length === 0,
      bytes: measured,
    })
  }
  console.log()
  printChecks(checks)
  const result = writeResult("bundle", checks, {
    chunks: rows.map(({ file, raw, gzip, label, chat }) => ({ file, raw, gzip, label, chat, firstLoad: first.has(file), fetched: fetched.has(file) })),
  })
  process.exit(result.ok ? 0 : 1)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
