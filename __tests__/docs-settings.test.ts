/**
 * @jest-environment node
 */
/**
 * docs/operations/settings.md is the one reference of the environment variables: the person who
 * installs the shop reads there every variable the server and the build read, and nothing else.
 * This test holds the page to the code, both ways:
 *
 * - Every variable the server reads has a row: the upper-case string literals of
 *   src/server/settings.ts, settings-books.ts and settings-studio.ts (the only files that read the
 *   server's environment, through the EnvReader of src/server/env-reader.ts: `reader.text("PORT")`,
 *   `reader.integer("LEADS_MAX_MB", …)`, the serverless platforms' names of SERVERLESS_MARKERS, the
 *   mail settings of MAIL_SETTINGS…), and every `process.env.GATSBY_…` the build inlines from src/
 *   and the gatsby-*.ts files.
 * - Every variable a row names is read somewhere: named in the code (comments left out) of src/,
 *   scripts/ (the development-only EDIT_PORT and GIT_REPO_DIRECTORY are read by scripts/edit.mjs
 *   only), build-steps/ or the gatsby-*.ts files, so the reference holds no stale variable.
 *
 * A row documents the names of its first cell: `| \`NAME\` | default | meaning |`, or several names
 * separated by " / " (`| \`PORT\` / \`HOST\` | … |`).
 */
import fs from "node:fs"
import path from "node:path"

const ROOT = path.resolve(__dirname, "..")
const SETTINGS_DOC = path.join(ROOT, "docs", "operations", "settings.md")
const SETTINGS_SOURCES = ["src/server/settings.ts", "src/server/settings-books.ts", "src/server/settings-studio.ts"].map((file) => path.join(ROOT, file))
/** Where a documented variable may be read (the gatsby-*.ts files at the root are added below). */
const READING_DIRS = ["src", "scripts", "build-steps"].map((dir) => path.join(ROOT, dir))
const SKIPPED_DIRS = new Set(["node_modules", "__generated__", "fixtures", "public", ".cache"])

const NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/

/** The source without its comments: block comments and whole-line `//` ones (a `//` inside a string, "smtps://…", stays). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "")
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(full, keep)
    return keep(entry.name) ? [full] : []
  })
}

const gatsbyFiles = fs
  .readdirSync(ROOT)
  .filter((name) => /^gatsby-.*\.tsx?$/.test(name))
  .map((name) => path.join(ROOT, name))

const code = (file: string) => withoutComments(fs.readFileSync(file, "utf8"))

/** Every upper-case string literal of the settings' sources: the names handed to the environment's reader. */
function serverVariables(): string[] {
  const names = SETTINGS_SOURCES.flatMap((file) => [...code(file).matchAll(/(["'])([A-Z][A-Z0-9_]*)\1/g)].map((match) => match[2] ?? ""))
  return names.filter((name) => name.length >= 2 && NAME.test(name))
}

/** Every `process.env.GATSBY_…` of src/ and the gatsby-*.ts files: the build-time variables Gatsby inlines. */
function buildVariables(): string[] {
  const files = [...filesUnder(path.join(ROOT, "src"), (name) => /\.tsx?$/.test(name)), ...gatsbyFiles]
  return files.flatMap((file) => [...code(file).matchAll(/process\.env\.(GATSBY_[A-Z0-9_]+)/g)].map((match) => match[1] ?? ""))
}

type Row = { readonly names: readonly string[]; readonly cells: readonly string[]; readonly line: string }

/** The rows of the page's tables whose first cell names variables (code blocks left out). */
function documentedRows(): Row[] {
  const rows: Row[] = []
  let fenced = false
  for (const line of fs.readFileSync(SETTINGS_DOC, "utf8").split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced
    if (fenced || !line.startsWith("|")) continue
    const cells = line
      .replace(/^\|/, "")
      .replace(/\|\s*$/, "")
      .split("|")
      .map((cell) => cell.trim())
    const names = (cells[0] ?? "").split(" / ").map((part) => /^`([^`]+)`$/.exec(part.trim())?.[1] ?? "")
    if (names.length > 0 && names.every((name) => NAME.test(name))) rows.push({ names, cells, line })
  }
  return rows
}

const readByServer = [...new Set(serverVariables())].sort()
const readByBuild = [...new Set(buildVariables())].sort()
const read = [...new Set([...readByServer, ...readByBuild])].sort()
const rows = documentedRows()
const documented = new Set(rows.flatMap((row) => row.names))

test("the variables are collected from the code: the lists are not empty by mistake", () => {
  expect(read.length).toBeGreaterThanOrEqual(30)
  // A few that must be there, whatever else changes: a reader's call, a platform's name, a build-time one.
  expect(readByServer).toEqual(expect.arrayContaining(["PORT", "LEADS_DIR", "REGISTER_KEY_FILE", "REGISTER_CHECKPOINT_DIR", "NETLIFY", "K_SERVICE"]))
  expect(readByBuild).toEqual(expect.arrayContaining(["GATSBY_API_URL"]))
  expect(documented.size).toBeGreaterThanOrEqual(30)
})

test("every variable the server or the build reads has its row in docs/operations/settings.md", () => {
  const missing = read.filter((name) => !documented.has(name))
  expect(missing).toEqual([])
})

test("every row of docs/operations/settings.md names a variable the code reads", () => {
  const sources = [...READING_DIRS.flatMap((dir) => filesUnder(dir, (name) => /\.(ts|tsx|js|mjs|cjs)$/.test(name))), ...gatsbyFiles].map(code).join("\n")
  const stale = [...documented].filter((name) => !new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`).test(sources))
  expect(stale).toEqual([])
})

test("each variable has one row of three cells: its name, its default and its meaning", () => {
  const malformed = rows.filter((row) => row.cells.length !== 3 || row.cells.some((cell) => cell === "")).map((row) => row.line)
  expect(malformed).toEqual([])
  const counts = new Map<string, number>()
  for (const name of rows.flatMap((row) => row.names)) counts.set(name, (counts.get(name) ?? 0) + 1)
  expect([...counts].filter(([, count]) => count > 1).map(([name]) => name)).toEqual([])
})
