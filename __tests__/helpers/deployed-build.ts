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

/**
 * Whether the process `pid` (a tiny build) still runs. A killed build whose server died was
 * adopted by init, which may collect its exit status only seconds later: until then it is a
 * zombie (state Z in Linux's /proc), which runs nothing and holds no file, so it counts as gone.
 */
export function isAlive(pid: number): boolean {
  if (fs.existsSync("/proc/self/stat")) {
    let stat: string
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
    } catch {
      return false
    }
    // `pid (name) state …`: the name may hold spaces and parentheses, the state follows the last « ) ».
    return stat[stat.lastIndexOf(")") + 2] !== "Z"
  }
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
