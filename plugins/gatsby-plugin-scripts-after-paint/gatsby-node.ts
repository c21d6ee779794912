import fs from "node:fs"
import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { loadScriptsAfterPaint } from "../../gatsby/scripts-after-paint"

/** Rewrites every built HTML page (see gatsby/scripts-after-paint.ts for why). */
export const onPostBuild: GatsbyNode["onPostBuild"] = ({ store, reporter }) => {
  const publicDir = path.join((store.getState() as { program: { directory: string } }).program.directory, "public")
  const pages = fs
    .readdirSync(publicDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html"))
    .map((file) => path.join(publicDir, file))
    // page-data/404.html/ is a folder.
    .filter((file) => fs.statSync(file).isFile())
  let rewritten = 0
  for (const file of pages) {
    const html = fs.readFileSync(file, "utf8")
    const next = loadScriptsAfterPaint(html)
    if (next === html) continue
    fs.writeFileSync(file, next)
    rewritten += 1
  }
  reporter.info(`scripts après le premier affichage : ${rewritten} page(s) HTML`)
}
