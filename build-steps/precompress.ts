/**
 * Writes a brotli (.br) and a gzip (.gz) twin beside each text file of the build, once, at the
 * highest levels (gatsby-node onPostBuild), so the server sends files instead of compressing on
 * every request (issue 12: on-the-fly brotli cost about three quarters of `GET /` throughput).
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"

/** Text that browsers fetch; source maps and build artefacts are not served, so not compressed. */
const TEXT = /\.(?:html|js|css|json|svg|txt|xml|webmanifest)$/
const NOT_SERVED = /\.map$|(?:^|\/)(?:webpack\.stats\.json|chunk-map\.json)$/
/** Below this, compression saves less than a packet. */
const MIN_BYTES = 1024

export function precompress(publicDir: string): { files: number; bytes: number; brotliBytes: number } {
  let files = 0
  let bytes = 0
  let brotliBytes = 0
  for (const entry of readdirSync(publicDir, { recursive: true, encoding: "utf8" })) {
    const file = join(publicDir, entry)
    const relative = entry.split("\\").join("/")
    if (!TEXT.test(relative) || NOT_SERVED.test(relative) || !statSync(file).isFile()) continue
    const content = readFileSync(file)
    if (content.length < MIN_BYTES) continue
    const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } })
    writeFileSync(`${file}.br`, brotli)
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
    files += 1
    bytes += content.length
    brotliBytes += brotli.length
  }
  return { files, bytes, brotliBytes }
}
