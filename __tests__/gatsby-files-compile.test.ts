/**
 * @jest-environment node
 *
 * Gatsby as installed (the patch in build-steps/patches/, applied by `npm ci`): gatsby-config.ts,
 * gatsby-node.ts and what they import are compiled by Parcel only when one of them changed, so a
 * publication after a save does not start Parcel again (1.5-1.9 s of a warm build). Each build is
 * a process of its own, as each `gatsby build` is.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

const site = mkdtempSync(path.join(tmpdir(), "maxai-gatsby-files-"))

const compiledConfig = path.join(site, ".cache", "compiled", "gatsby-config.js")

/**
 * One build's first step: gatsby compiles the site's gatsby-* files. From a script file, not
 * `node -e`: gatsby's Parcel worker is started with this process's arguments.
 */
const compiler = path.join(site, "..", `${path.basename(site)}-compile.cjs`)
const compile = () =>
  execFileSync(process.execPath, [compiler, path.resolve("node_modules/gatsby/dist/utils/parcel/compile-gatsby-files.js"), site], {
    encoding: "utf8",
    // In the site's folder, as `gatsby build` runs (Parcel resolves the entries from there).
    cwd: site,
    env: { ...process.env, NODE_ENV: "production" },
  })

/** What the compiled gatsby-config says when loaded, as gatsby loads it. */
const loadedTitle = () =>
  execFileSync(process.execPath, ["-e", `console.log(require(process.argv[1]).default.siteMetadata.title)`, compiledConfig], { encoding: "utf8" }).trim()

afterAll(() => [site, compiler].forEach((file) => rmSync(file, { recursive: true, force: true })))

beforeAll(() => {
  writeFileSync(compiler, `require(process.argv[2]).compileGatsbyFiles(process.argv[3]).then(() => process.exit(0))\n`)
  mkdirSync(path.join(site, "steps"))
  writeFileSync(path.join(site, "package.json"), JSON.stringify({ name: "site", private: true }))
  writeFileSync(path.join(site, "steps", "title.ts"), `export const title: string = "Seconde Main"\n`)
  writeFileSync(path.join(site, "gatsby-config.ts"), `import { title } from "./steps/title"\nexport default { siteMetadata: { title } }\n`)
})

test("the gatsby files are compiled once, again only when a file they import changed", () => {
  compile()
  expect(loadedTitle()).toBe("Seconde Main")
  const compiledAt = statSync(compiledConfig).mtimeMs

  compile()
  expect(statSync(compiledConfig).mtimeMs).toBe(compiledAt)

  writeFileSync(path.join(site, "steps", "title.ts"), `export const title: string = "Seconde Main Lacoste"\n`)
  compile()
  expect(loadedTitle()).toBe("Seconde Main Lacoste")
})

test("a compiled file gone, or a record that cannot be read, compiles again", () => {
  rmSync(compiledConfig)
  compile()
  expect(existsSync(compiledConfig)).toBe(true)

  writeFileSync(path.join(site, ".cache", "compiled", "inputs.json"), "{ pas un relevé")
  const compiledAt = statSync(compiledConfig).mtimeMs
  compile()
  expect(statSync(compiledConfig).mtimeMs).not.toBe(compiledAt)
  expect(readFileSync(path.join(site, ".cache", "compiled", "inputs.json"), "utf8")).toContain("steps/title.ts")
})
