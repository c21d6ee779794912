/**
 * Which code the workspace's cache was built from (docs/studio.md#warm-up-at-start, the warm-up at start): a
 * stamp of the project's code (every file the workspace copies, package-lock.json, Node's version
 * and the build's arguments), written into the workspace's .cache/ after each build that went
 * live. At start the server compares it with the code on disk: no cache, no stamp or another
 * stamp (a deployment changed the code, a crash cleared the cache) and it warms the workspace
 * with one publication before the owner's first save (src/server/host/republish.ts).
 *
 * What must stay true:
 * - The stamp only decides whether a warm-up is worth its minutes; whether the cache may be
 *   reused is gatsby's and webpack's own decision, build after build.
 * - A stamp is present only after a build that succeeded with that code: it is removed before
 *   every build, so an interrupted or failed one leaves the next start to warm up again.
 * - Content is not in it: a save changes content, and the cache stays warm for it.
 */
import { createHash } from "node:crypto"
import { readdir, readFile, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import type { BuildCommand } from "./run-build"
import { PROJECT_SOURCES } from "./workspace"

const STAMP_FILE = "maxai-code-stamp"
const stampPath = (workspace: string) => path.join(workspace, ".cache", STAMP_FILE)

/** Every file under `entry` (itself when a file), relative to `root`, sorted; none when absent. */
async function filesUnder(root: string, entry: string): Promise<string[]> {
  try {
    const listed = await readdir(path.join(root, entry), { recursive: true, withFileTypes: true })
    return listed
      .filter((dirent) => dirent.isFile())
      .map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)))
      .sort()
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOTDIR" ? [entry] : []
  }
}

/** The stamp of the code `command` would build in `projectDir` now (a few hundred files read, tens of milliseconds). */
export async function codeStamp(projectDir: string, command: BuildCommand): Promise<string> {
  const hash = createHash("sha256")
  hash.update(`${process.version}\0${command.args.join(" ")}\0`)
  for (const entry of [...PROJECT_SOURCES, "package-lock.json"]) {
    for (const file of await filesUnder(projectDir, entry)) {
      hash.update(`${file}\0`)
      hash.update(await readFile(path.join(projectDir, file)).catch(() => ""))
      hash.update("\0")
    }
  }
  return hash.digest("hex")
}

/** True when the workspace's cache was last built, successfully, from the code of `stamp`. */
export async function cacheBuiltFrom(workspace: string, stamp: string): Promise<boolean> {
  return (await readFile(stampPath(workspace), "utf8").catch(() => "")) === stamp
}

/** After a build that went live (the cache is whole): its code's stamp. */
export async function stampCache(workspace: string, stamp: string): Promise<void> {
  await writeFile(stampPath(workspace), stamp)
}

/** Before a build: until it succeeds, the cache is of no known code. */
export async function unstampCache(workspace: string): Promise<void> {
  await rm(stampPath(workspace), { force: true })
}
