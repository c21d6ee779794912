/**
 * @jest-environment node
 *
 * Every pointer to the documentation leads somewhere: a reference such as
 * `docs/studio.md#publication` in the code, the tests, the pages the server writes, the scripts
 * and CI, and every relative link between the Markdown pages, names a file that exists and, after
 * its `#`, a heading of that file (GitHub's anchors: lower case, punctuation dropped, spaces as
 * hyphens). The old way of citing a README section by its title in quotes is refused: its target
 * could move without anything noticing.
 */
import fs from "node:fs"
import path from "node:path"

const ROOT = path.resolve(__dirname, "..")
const CODE_DIRS = ["src", "scripts", "build-steps", "__tests__", "e2e", "static", ".ci", "content/schemas"]
const CODE_FILES = ["gatsby-config.ts", "gatsby-node.ts", "gatsby-browser.tsx", "gatsby-ssr.tsx", "jest.config.js", "eslint.config.mjs", "package.json"]
const SKIPPED = new Set(["node_modules", "__generated__", "fixtures"])

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : filesUnder(full, keep)
    return keep(entry.name) ? [full] : []
  })
}

const isCode = (name: string) => /\.(ts|tsx|js|mjs|cjs|json|yml|css|sh)$/.test(name) || name === "run"
const codeFiles = [...CODE_DIRS.flatMap((dir) => filesUnder(path.join(ROOT, dir), isCode)), ...CODE_FILES.map((file) => path.join(ROOT, file))]
const markdownFiles = [
  path.join(ROOT, "README.md"),
  path.join(ROOT, "ARCHITECTURE.md"),
  ...filesUnder(path.join(ROOT, "docs"), (name) => name.endsWith(".md")),
  ...filesUnder(path.join(ROOT, "content"), (name) => name.endsWith(".md")),
]

/** GitHub's anchor of a heading's text: its words lower case, punctuation but hyphens and underscores dropped, each space a hyphen. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-")
}

/** The anchors a Markdown file offers: one per heading, a repeated one numbered as GitHub does. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const base = anchorOf(heading[1]!)
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count === 0 ? base : `${base}-${count}`)
  }
  return anchors
}

const anchorCache = new Map<string, Set<string>>()
const anchors = (file: string) => anchorCache.get(file) ?? anchorCache.set(file, anchorsOf(file)).get(file)!

/** What is wrong with a pointer to `target` (an absolute path) and its `anchor`; null when it leads somewhere. */
function problemOf(target: string, anchor: string | undefined): string | null {
  if (!fs.existsSync(target)) return `${path.relative(ROOT, target)} n'existe pas`
  if (anchor === undefined || anchor === "") return null
  if (fs.statSync(target).isDirectory()) return `${path.relative(ROOT, target)} est un dossier : pas de titre #${anchor}`
  return anchors(target).has(decodeURIComponent(anchor)) ? null : `${path.relative(ROOT, target)} n'a pas de titre #${anchor}`
}

const relative = (file: string) => path.relative(ROOT, file)

test("every reference from the code to the documentation names a file and a heading that exist", () => {
  const problems: string[] = []
  let references = 0
  const pattern = /(?<![\w/.-])((?:docs\/[\w./-]+|README|ARCHITECTURE|content\/README)\.md)(?:#([\p{L}\p{N}_-]+))?/gu
  for (const file of codeFiles) {
    const text = fs.readFileSync(file, "utf8")
    for (const match of text.matchAll(pattern)) {
      references += 1
      const problem = problemOf(path.join(ROOT, match[1]!), match[2])
      if (problem) problems.push(`${relative(file)} : ${match[0]} → ${problem}`)
    }
  }
  expect(problems).toEqual([])
  // The code does point at the documentation: a pattern that matched nothing would prove nothing.
  expect(references).toBeGreaterThan(20)
})

test("no code cites the README by a section's title: it points at a page and a heading", () => {
  const cited: string[] = []
  for (const file of codeFiles) {
    if (file === __filename) continue
    fs.readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, index) => {
        // « README » alone (not a file's name, README.md): a section named by its title, or « the README's … ».
        if (/\bREADME\b(?!\.md)/.test(line)) cited.push(`${relative(file)}:${index + 1} ${line.trim().slice(0, 120)}`)
      })
  }
  expect(cited).toEqual([])
})

test("every relative link between the Markdown pages leads to a file and a heading that exist", () => {
  const problems: string[] = []
  let links = 0
  for (const file of markdownFiles) {
    let fenced = false
    for (const line of fs.readFileSync(file, "utf8").split("\n")) {
      if (/^\s*```/.test(line)) fenced = !fenced
      if (fenced) continue
      for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        const href = match[1]!
        if (/^[a-z]+:/i.test(href)) continue
        links += 1
        const [target = "", anchor] = href.split("#")
        const problem = problemOf(target === "" ? file : path.resolve(path.dirname(file), target), anchor)
        if (problem) problems.push(`${relative(file)} : (${href}) → ${problem}`)
      }
    }
  }
  expect(problems).toEqual([])
  expect(links).toBeGreaterThan(20)
})

test("the README and ARCHITECTURE.md stay short: a newcomer reads each in two minutes", () => {
  expect(fs.statSync(path.join(ROOT, "README.md")).size).toBeLessThanOrEqual(8192)
  expect(fs.statSync(path.join(ROOT, "ARCHITECTURE.md")).size).toBeLessThanOrEqual(8192)
})

test("a heading's anchor is GitHub's", () => {
  expect(anchorOf("What a warm build does not redo")).toBe("what-a-warm-build-does-not-redo")
  expect(anchorOf("Server (`npm run serve`): settings, limits, errors")).toBe("server-npm-run-serve-settings-limits-errors")
  expect(anchorOf("Les questions sans réponse de maxAi")).toBe("les-questions-sans-réponse-de-maxai")
  expect(anchorOf("`LEADS_DIR` and the [outbox](requests.md)")).toBe("leads_dir-and-the-outbox")
})
