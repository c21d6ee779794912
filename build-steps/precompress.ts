/**
 * Writes a brotli (.br) and a gzip (.gz) twin beside each text file of the build, once, at the
 * highest levels (gatsby-node onPostBuild), so the server sends files instead of compressing on
 * every request (issue 12: on-the-fly brotli cost about three quarters of `GET /` throughput).
 *
 * Twins are kept in `cacheDir` by the SHA-256 of what they compress: a rebuild (the studio's
 * republication after a save, docs/studio.md#republication-without-downtime) recompresses only the files that changed, not
 * Decap's 5 MB bundle at brotli 11 every time. Entries this build did not use are removed, so
 * the cache holds one build's twins.
 */
import { createHash } from "node:crypto"
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"

/** Text that browsers fetch; source maps and build artefacts are not served, so not compressed. */
const TEXT = /\.(?:html|js|css|json|svg|txt|xml|webmanifest)$/
const NOT_SERVED = /\.map$|(?:^|\/)(?:webpack\.stats\.json|chunk-map\.json)$/
/** Below this, compression saves less than a packet. */
const MIN_BYTES = 1024

/** `content`'s twins in the cache (`reused`: found there, else compressed now and stored). */
function twins(content: Buffer, cacheDir: string, used: Set<string>): { br: string; gz: string; reused: boolean } {
  const key = createHash("sha256").update(content).digest("hex")
  const br = join(cacheDir, `${key}.br`)
  const gz = join(cacheDir, `${key}.gz`)
  used.add(`${key}.br`).add(`${key}.gz`)
  if (existsSync(br) && existsSync(gz)) return { br, gz, reused: true }
  const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } })
  // The gzip twin is written second: a cache entry counts only once both exist.
  writeFileSync(br, brotli)
  writeFileSync(gz, gzipSync(content, { level: 9 }))
  return { br, gz, reused: false }
}

export function precompress(publicDir: string, cacheDir: string): { files: number; bytes: number; brotliBytes: number; reused: number } {
  mkdirSync(cacheDir, { recursive: true })
  const used = new Set<string>()
  let files = 0
  let bytes = 0
  let brotliBytes = 0
  let reused = 0
  for (const entry of readdirSync(publicDir, { recursive: true, encoding: "utf8" })) {
    const file = join(publicDir, entry)
    const relative = entry.split("\\").join("/")
    if (!TEXT.test(relative) || NOT_SERVED.test(relative) || !statSync(file).isFile()) continue
    const content = readFileSync(file)
    if (content.length < MIN_BYTES) continue
    const { br, gz, reused: found } = twins(content, cacheDir, used)
    if (found) reused += 1
    copyFileSync(br, `${file}.br`)
    copyFileSync(gz, `${file}.gz`)
    files += 1
    bytes += content.length
    brotliBytes += statSync(br).size
  }
  for (const name of readdirSync(cacheDir)) if (!used.has(name)) rmSync(join(cacheDir, name), { force: true })
  return { files, bytes, brotliBytes, reused }
}
