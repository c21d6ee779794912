/**
 * @jest-environment node
 *
 * Gatsby as installed (the patch in build-steps/patches/, applied by `npm ci`): a build whose
 * JavaScript bundles and HTML renderer would be made of the same files as at the last build keeps
 * them instead of running webpack again (a publication after a content save: 5-7 s of a warm
 * build). What the owner must be able to count on: a kept build publishes exactly what a full one
 * would, the new data included, and a changed source file, or a built file gone, builds again.
 * Real `gatsby build` processes on a small site of their own: one page, its data from a JSON file
 * (as content/ is the site's), a component the page imports.
 */
import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

const site = mkdtempSync(path.join(tmpdir(), "maxai-bundles-record-"))
const record = path.join(site, ".cache", "page-ssr", "bundles-record.json")

const SITE_FILES: Record<string, string> = {
  // Gatsby, React and React DOM are the project's (node_modules is a link to it).
  "package.json": JSON.stringify({ name: "site", private: true, dependencies: { gatsby: "*", react: "*", "react-dom": "*" } }),
  "gatsby-config.js": `module.exports = { siteMetadata: { title: "Seconde Main" } }\n`,
  // The page's data, read at each build as gatsby-transformer-json reads content/.
  "gatsby-node.js": `const fs = require("fs")
exports.sourceNodes = ({ actions, createContentDigest }) => {
  const price = JSON.parse(fs.readFileSync(__dirname + "/data/price.json", "utf8"))
  actions.createNode({ ...price, id: "price", internal: { type: "Price", contentDigest: createContentDigest(price) } })
}
`,
  "data/price.json": JSON.stringify({ amount: 25 }),
  "src/components/label.js": `export const label = "Prix"\n`,
  "src/pages/index.js": `import * as React from "react"
import { graphql } from "gatsby"
import { label } from "../components/label"
export default function Home({ data }) {
  return <p>{process.env.GATSBY_SHOP || "Boutique"} — {label} : {data.price.amount} €</p>
}
export const query = graphql\`{ price { amount } }\`
`,
}

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(site, file)), { recursive: true })
  writeFileSync(path.join(site, file), text)
}

/** One `gatsby build` in the site, as the publication runs it; its log (the end of it in the error when it fails). */
const build = (): string => {
  try {
    return execFileSync(process.execPath, [path.resolve("node_modules/gatsby/cli.js"), "build"], {
      cwd: site,
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production", GATSBY_TELEMETRY_DISABLED: "1", GATSBY_CPU_COUNT: "1", CI: "true" },
      timeout: 240_000,
    })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`gatsby build a échoué :\n${String(stdout ?? "").slice(-3000)}\n${String(stderr ?? "").slice(-3000)}`)
  }
}

/** What the build said of its bundles: "kept", or why it built them. */
const bundlesLine = (log: string) => /JavaScript bundles and HTML renderer: ([^\n]*)/.exec(log)?.[1] ?? "(no line)"

/** The page's text as a visitor reads it (without React's markers between the text's parts). */
const page = () => readFileSync(path.join(site, "public", "index.html"), "utf8").replaceAll("<!-- -->", "")

/** Every file of public/ with its md5, as a visitor's browser would be served them. */
const published = () =>
  Object.fromEntries(
    readdirSync(path.join(site, "public"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name)
        return [path.relative(site, file), createHash("md5").update(readFileSync(file)).digest("hex")]
      }),
  )

beforeAll(() => {
  for (const [file, text] of Object.entries(SITE_FILES)) write(file, text)
  symlinkSync(path.resolve("node_modules"), path.join(site, "node_modules"))
})
afterAll(() => rmSync(site, { recursive: true, force: true }))

test("a data change keeps the bundles and publishes exactly what a full build would", () => {
  expect(bundlesLine(build())).toBe("built (no record of the last build)")
  expect(page()).toContain("25 €")

  write("data/price.json", JSON.stringify({ amount: 30 }))
  expect(bundlesLine(build())).toBe("same inputs as the last build, kept")
  expect(page()).toContain("30 €")
  const kept = published()

  rmSync(record)
  expect(bundlesLine(build())).toBe("built (no record of the last build)")
  expect(published()).toEqual(kept)
})

test("a changed source file builds the bundles again, and the page shows it", () => {
  write("src/components/label.js", `export const label = "Prix de rachat"\n`)
  expect(bundlesLine(build())).toBe(`built (${path.join(site, "src/components/label.js")} changed)`)
  expect(page()).toContain("Boutique — Prix de rachat : 30 €")
})

test("a build-time variable set in .env.production builds the bundles again, and the page shows it", () => {
  write(".env.production", "GATSBY_SHOP=Seconde Main Lacoste\n")
  expect(bundlesLine(build())).toBe("built (the environment, .env, babel or browserslist files, flags, config, plugins or static queries changed)")
  expect(page()).toContain("Seconde Main Lacoste — Prix de rachat : 30 €")
})

test("a built file gone from public/ builds the bundles again", () => {
  const app = readdirSync(path.join(site, "public")).find((file) => /^app-.*\.js$/.test(file))!
  rmSync(path.join(site, "public", app))
  expect(bundlesLine(build())).toBe(`built (public/${app} is not as built)`)
  expect(readdirSync(path.join(site, "public"))).toContain(app)
})
