// Puts back the optional platform binaries of msgpackr-extract that `npm install` drops from
// package-lock.json because this registry mirror does not have them. Without those entries
// `npm ci` refuses the lockfile ("Missing: … from lock file"). They are optional and
// platform-restricted, so npm skips them on Linux and never downloads them.
import { readFileSync, writeFileSync } from "node:fs"

const LOCK = new URL("../package-lock.json", import.meta.url)
const lock = JSON.parse(readFileSync(LOCK, "utf8"))
const parent = lock.packages["node_modules/msgpackr-extract"]
if (!parent) {
  console.log("lock:fix: msgpackr-extract is not in the lockfile; nothing to do")
  process.exit(0)
}

const PLATFORM = /msgpackr-extract-(darwin|linux|win32)-(arm64|x64|arm)$/
let added = 0
for (const [name, version] of Object.entries(parent.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`
  const match = PLATFORM.exec(name)
  if (lock.packages[key] || !match) continue
  lock.packages[key] = { version, cpu: [match[2]], license: "MIT", optional: true, os: [match[1]] }
  added += 1
}

const [root, ...rest] = Object.entries(lock.packages)
rest.sort((a, b) => a[0].localeCompare(b[0], "en"))
lock.packages = Object.fromEntries([root, ...rest])
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`lock:fix: ${added} entr${added === 1 ? "y" : "ies"} added`)
