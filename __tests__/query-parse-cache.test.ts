/**
 * @jest-environment node
 *
 * Gatsby as installed (the patch in build-steps/patches/, applied by `npm ci`): the files gatsby
 * parses for their queries at each build are parsed again only when they changed, so a
 * publication after a save does not parse the whole of src/ (3.6 s of a 21 s warm build). Each
 * build is a process of its own, as each `gatsby build` is; babel's parser is counted in it.
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

const site = mkdtempSync(path.join(tmpdir(), "maxai-query-cache-"))
afterAll(() => rmSync(site, { recursive: true, force: true }))

/** One build's query extraction over the site's src/: the files babel parsed and the queries found. */
const BUILD = `
const [gatsby, site] = process.argv.slice(1)
const parsing = require(gatsby + "/dist/utils/babel-parse-to-ast")
const parsed = []
const parse = parsing.babelParseToAst
parsing.babelParseToAst = (text, file) => (parsed.push(require("path").basename(file)), parse(text, file))
const { store } = require(gatsby + "/dist/redux")
store.dispatch({ type: "SET_PROGRAM", payload: { directory: site } })
const FileParser = require(gatsby + "/dist/query/file-parser").default
const files = ["pages/index.tsx", "components/Header.tsx"].map((file) => site + "/src/" + file)
new FileParser().parseFiles(files, (error) => console.error(error)).then((documents) => {
  const queries = documents.map((document) => document.text)
  process.stdout.write("\\n" + JSON.stringify({ parsed: parsed.sort(), queries }))
})
`

type Build = { parsed: string[]; queries: string[] }
/** The build's answer is its output's last line (gatsby's reporter may write before it). */
const build = (): Build =>
  JSON.parse(
    execFileSync(process.execPath, ["-e", BUILD, path.resolve("node_modules/gatsby"), site], { encoding: "utf8" })
      .split("\n")
      .at(-1)!,
  ) as Build

const page = (field: string) => `import { graphql } from "gatsby"
export const Head = () => null
export default function Home() { return null }
export const query = graphql\`query Home { site { siteMetadata { ${field} } } }\`
`

beforeAll(() => {
  mkdirSync(path.join(site, "src", "pages"), { recursive: true })
  mkdirSync(path.join(site, "src", "components"))
  mkdirSync(path.join(site, ".cache"))
  writeFileSync(path.join(site, "src", "pages", "index.tsx"), page("title"))
  writeFileSync(path.join(site, "src", "components", "Header.tsx"), "export const Header = () => null\n")
})

test("a build parses only the files changed since the last one, and finds the same queries", () => {
  const first = build()
  expect(first).toEqual({ parsed: ["Header.tsx", "index.tsx"], queries: ["query Home{site{siteMetadata{title}}}"] })
  expect(build()).toEqual({ parsed: [], queries: first.queries })

  writeFileSync(path.join(site, "src", "pages", "index.tsx"), page("description"))
  expect(build()).toEqual({ parsed: ["index.tsx"], queries: ["query Home{site{siteMetadata{description}}}"] })
})

test("a cache that cannot be read is a cache miss: every file is parsed, nothing fails", () => {
  writeFileSync(path.join(site, ".cache", "query-file-parser.v8"), "pas un cache")
  expect(build()).toEqual({ parsed: ["Header.tsx", "index.tsx"], queries: ["query Home{site{siteMetadata{description}}}"] })
  expect(build().parsed).toEqual([])
})
