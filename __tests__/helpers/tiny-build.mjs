/**
 * A stand-in for `gatsby build` in the republication tests (src/server/publish/run-build.ts runs
 * it in the workspace): it writes a page with the first sold item's price read from the
 * workspace's content/, its `_headers`, a 404 page and one compiled function (vinted/stores,
 * answering that price), as a real build would, in a few milliseconds.
 *
 * The test holds it: it writes its niceness in `../priority`, what the publication told it in `../env.json`, then `../started`, and waits for `../go` before writing anything, so
 * requests can be sent while it "builds". Its mode, from its first argument (a build command of
 * its own) or else from the file `../tiny-build-mode` (the publication gives its builds a fixed
 * environment, src/server/publish/build-env.ts, so no variable of the test reaches them): "fail"
 * stops it with an error in its log, "hang" never ends (the time limit must stop it).
 *
 * Like gatsby's, its cache can be poisoned: it marks `.cache/building` while it runs and removes
 * the mark when it ends (well or on a clean error); a build that finds the mark (one was cut
 * short: kill -9, time limit) fails as gatsby did on its half-written cache.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

const modeFile = path.join("..", "tiny-build-mode")
const mode = process.argv[2] ?? (fs.existsSync(modeFile) ? fs.readFileSync(modeFile, "utf8").trim() : "ok")
fs.writeFileSync(path.join("..", "priority"), String(os.getPriority()))
// What the publication told this build (build-steps/publication-build.ts, gatsby's worker count, its
// memory: src/server/publish/build-env.ts), for the test to read.
const told = ["MAXAI_PUBLICATION_BUILD", "GATSBY_CPU_COUNT", "UV_THREADPOOL_SIZE", "MALLOC_ARENA_MAX"]
const heap = /--max-old-space-size=(\d+)/.exec(process.env.NODE_OPTIONS ?? "")?.[1] ?? null
// The content check is told by a file in the workspace (build-steps/publication-build.ts).
const contentChecked = fs.existsSync(".maxai-content-checked")
// Every variable of the build but the system's: the server's own must not reach it (src/server/publish/build-env.ts).
const SYSTEM = /^(PATH|HOME|USER|LOGNAME|SHELL|LANG|LANGUAGE|LC_[A-Z]+|TZ|TMPDIR|XDG_CONFIG_HOME|XDG_CACHE_HOME)$/
const variables = Object.keys(process.env)
  .filter((name) => !SYSTEM.test(name))
  .sort()
fs.writeFileSync(
  path.join("..", "env.json"),
  JSON.stringify({ ...Object.fromEntries(told.map((name) => [name, process.env[name] ?? null])), heapMb: heap, contentChecked, variables }),
)
// Written whole then renamed: a test waiting for the file reads the pid, never an empty file (it
// would read pid 0, a build « already gone »).
fs.writeFileSync(path.join("..", "started.tmp"), String(process.pid))
fs.renameSync(path.join("..", "started.tmp"), path.join("..", "started"))
const building = path.join(".cache", "building")
if (fs.existsSync(building)) {
  console.error("ERROR #98123 WEBPACK.BUILD-JAVASCRIPT\nModule not found: Error: Can't resolve './sections/Footer/Footer.css'")
  process.exit(1)
}
fs.mkdirSync(".cache", { recursive: true })
fs.writeFileSync(building, String(process.pid))
if (mode === "hang") setInterval(() => undefined, 1000)
else {
  while (!fs.existsSync(path.join("..", "go"))) await new Promise((resolve) => setTimeout(resolve, 20))
  fs.rmSync(path.join("..", "go"))
  console.log("info Construction du site d'essai")
  if (mode === "fail") {
    fs.rmSync(building)
    console.error("ERROR #98123 WEBPACK.BUILD-JAVASCRIPT\nModule not found: Error: Can't resolve './Absent'")
    process.exit(1)
  }
  const price = JSON.parse(fs.readFileSync(path.join("content", "sold-items.json"), "utf8")).items[0].price
  fs.mkdirSync(path.join("public", "static"), { recursive: true })
  fs.writeFileSync(path.join("public", "index.html"), `<!doctype html><html lang=fr><title>Accueil</title><p>Prix : ${price} €</p></html>`)
  fs.writeFileSync(path.join("public", "404.html"), "<!doctype html><html lang=fr><title>Page introuvable</title></html>")
  fs.writeFileSync(path.join("public", "static", `photo-${price}.txt`), `photo à ${price} €`)
  fs.writeFileSync(path.join("public", "_headers"), `/*\n  X-Build-Price: ${price}\n`)
  fs.mkdirSync(path.join(".cache", "functions", "vinted"), { recursive: true })
  const manifest = [{ functionRoute: "vinted/stores", relativeCompiledFilePath: "vinted/stores.js" }]
  fs.writeFileSync(path.join(".cache", "functions", "manifest.json"), JSON.stringify(manifest))
  fs.writeFileSync(path.join(".cache", "functions", "vinted", "stores.js"), `module.exports = (req, res) => res.status(200).json({ price: ${price} })\n`)
  fs.rmSync(building)
}
