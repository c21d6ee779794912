/**
 * `npm run test:e2e`: runs every e2e/*.spec.mjs against an already served build
 * (BASE_URL, default http://127.0.0.1:9000) with Node's test runner, one file at a time.
 */
import { spawnSync } from "node:child_process"
import { readdirSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { assertChatRateLimitAllows } from "../scripts/bench/lib.mjs"
import { BASE_URL } from "./lib/browser.mjs"

const here = path.dirname(fileURLToPath(import.meta.url))
const only = process.argv.slice(2)
const specs = readdirSync(here)
  .filter((name) => name.endsWith(".spec.mjs"))
  .filter((name) => only.length === 0 || only.some((filter) => name.includes(filter)))
  .map((name) => path.join(here, name))

if (specs.length === 0) {
  console.error("Aucun test e2e trouvé.")
  process.exit(1)
}

try {
  const response = await fetch(BASE_URL)
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
} catch (error) {
  console.error(`Le site n'est pas servi sur ${BASE_URL} (${error.message}). Lancez "npm run build && npm run serve" d'abord.`)
  process.exit(1)
}
try {
  await assertChatRateLimitAllows(BASE_URL, 1000)
} catch (error) {
  console.error(error.message)
  process.exit(1)
}

const result = spawnSync(process.execPath, ["--test", "--test-concurrency=1", "--test-reporter=spec", ...specs], { stdio: "inherit" })
process.exit(result.status ?? 1)
