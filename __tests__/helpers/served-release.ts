/**
 * Run by __tests__/server/publish/served.test.ts in a process of its own (`node --expose-gc
 * --require tsx/cjs`, outside jest, whose module registry keeps what it saw): three builds served in
 * turn by src/server/host/served.ts; prints whether the first build's function was let go once
 * two newer ones were served, and whether the second is still at hand.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { setImmediate as nextTurn } from "node:timers/promises"
import { loadFunctions, ServedSite, type ServedBuild } from "../../src/server/host/served"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maxai-served-"))

/** A build's compiled function, as gatsby writes them: a manifest and one bundle. */
async function build(name: string): Promise<ServedBuild> {
  const functionsDir = path.join(dir, name, "functions")
  fs.mkdirSync(path.join(functionsDir, "vinted"), { recursive: true })
  fs.writeFileSync(path.join(functionsDir, "manifest.json"), JSON.stringify([{ functionRoute: "vinted/stores", relativeCompiledFilePath: "vinted/stores.js" }]))
  fs.writeFileSync(path.join(functionsDir, "vinted", "stores.js"), `module.exports = (req, res) => res.json({ build: ${JSON.stringify(name)} })\n`)
  return { publicDir: path.join(dir, name, "public"), functionsDir, functions: await loadFunctions(functionsDir) }
}

async function main(): Promise<void> {
  const collectGarbage = (globalThis as { gc?: () => void }).gc
  if (!collectGarbage) throw new Error("lancer avec node --expose-gc")
  const site = new ServedSite(await build("first"))
  const first = new WeakRef(site.current.functions[0]?.handler ?? {})
  site.switchTo(await build("second"))
  site.switchTo(await build("third"))
  for (let round = 0; round < 5 && first.deref(); round += 1) {
    await nextTurn()
    collectGarbage()
  }
  const loaded = Object.keys(require.cache).map((file) => path.relative(dir, file).split(path.sep)[0])
  console.log(
    JSON.stringify({
      firstReleased: first.deref() === undefined,
      modules: loaded.filter((name) => name !== undefined && !name.startsWith(".")),
      previous: path.relative(dir, site.previous?.functionsDir ?? ""),
    }),
  )
  fs.rmSync(dir, { recursive: true, force: true })
}

void main()
