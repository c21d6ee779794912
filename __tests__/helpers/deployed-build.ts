/**
 * The deployed build of the republication tests, as `npm run build` leaves it in a project: the
 * page at 45 €, its photo, `_headers` and one compiled function answering that price (the tiny
 * build, ./tiny-build.mjs, writes the same files with the price of the studio's content), and
 * whether a build's process still runs.
 */
import fs from "node:fs"
import path from "node:path"

export function deployedBuild(project: string): void {
  fs.mkdirSync(path.join(project, "public", "static"), { recursive: true })
  fs.writeFileSync(path.join(project, "public", "index.html"), "<!doctype html><p>Prix : 45 €</p>")
  fs.writeFileSync(path.join(project, "public", "404.html"), "<!doctype html><title>Page introuvable</title>")
  fs.writeFileSync(path.join(project, "public", "static", "photo-45.txt"), "photo à 45 €")
  fs.writeFileSync(path.join(project, "public", "_headers"), "/*\n  X-Build-Price: 45\n")
  const functions = path.join(project, ".cache", "functions", "vinted")
  fs.mkdirSync(functions, { recursive: true })
  fs.writeFileSync(
    path.join(functions, "..", "manifest.json"),
    JSON.stringify([{ functionRoute: "vinted/stores", relativeCompiledFilePath: "vinted/stores.js" }]),
  )
  fs.writeFileSync(path.join(functions, "stores.js"), "module.exports = (req, res) => res.status(200).json({ price: 45 })\n")
}

/** Whether the process `pid` (a tiny build) still runs. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
