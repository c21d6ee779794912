/**
 * @jest-environment node
 *
 * The build's brotli/gzip twins (build-steps/precompress.ts): what a browser gets decompresses to
 * the file, and a rebuild takes unchanged files' twins from the cache instead of compressing them
 * again (the studio's republication after a save), keeping only the entries the build used.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { precompress } from "../build-steps/precompress"

const dir = mkdtempSync(join(tmpdir(), "maxai-precompress-"))
const publicDir = join(dir, "public")
const cacheDir = join(dir, "cache")
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test("twins decompress to their file, and a rebuild recompresses only what changed", () => {
  const page = "<!doctype html>" + "<p>Polo Lacoste blanc, 45 €</p>".repeat(100)
  const script = "console.log('maxAi');".repeat(200)
  mkdirSync(publicDir)
  writeFileSync(join(publicDir, "index.html"), page)
  writeFileSync(join(publicDir, "app.js"), script)
  writeFileSync(join(publicDir, "small.css"), "a{}")

  expect(precompress(publicDir, cacheDir)).toMatchObject({ files: 2, reused: 0 })
  expect(brotliDecompressSync(readFileSync(join(publicDir, "index.html.br"))).toString()).toBe(page)
  expect(gunzipSync(readFileSync(join(publicDir, "app.js.gz"))).toString()).toBe(script)
  expect(readdirSync(publicDir)).not.toContain("small.css.br")

  const changed = page.replace("45 €", "47,50 €")
  writeFileSync(join(publicDir, "index.html"), changed)
  expect(precompress(publicDir, cacheDir)).toMatchObject({ files: 2, reused: 1 })
  expect(brotliDecompressSync(readFileSync(join(publicDir, "index.html.br"))).toString()).toBe(changed)
  // The old page's twins are gone: the cache holds this build's entries only.
  expect(readdirSync(cacheDir)).toHaveLength(4)
})
