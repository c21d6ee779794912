/**
 * A build that outlived its server (docs/studio.md#crash-safety-leftover-builds, crash-safe publication). The build runs
 * detached in its own process group (./run-build.ts) so that gatsby's workers stop with it; a
 * server killed with kill -9 cannot stop it, and it goes on writing the workspace. Before this
 * file, the next save then built in the same workspace beside it, and every later build failed on
 * the cache they had both half-written, until someone deleted the workspace by hand.
 *
 * What must stay true:
 * - While a build runs, STUDIO_PUBLISH_DIR/build.pid names its process group; it is removed
 *   only once every process of that build is gone. A record found at start (or before a build)
 *   therefore means a build was interrupted.
 * - Every process of a build carries BUILD_MARK=<workspace> in its environment (workers inherit
 *   it), so a leftover is found even if it left the group, and a recycled pid that is not ours is
 *   never killed.
 * - No build starts in a workspace while a process of another one is alive there: leftovers are
 *   killed (their server is gone; nobody will serve what they write) and waited for, and the
 *   cache they may have poisoned (the workspace's .cache/ and public/) is removed, so the next
 *   build is a cold one that succeeds.
 */
import { readdir, readFile, rm } from "node:fs/promises"
import path from "node:path"
import { writeFileAtomic } from "../files"
import { clock } from "../clock"

/** The environment variable that marks every process of a build with its workspace. */
export const BUILD_MARK = "MAXAI_PUBLISH_WORKSPACE"

/** How long a killed leftover may take to be gone before the publication gives up. */
const GONE_WITHIN_MS = 10_000

export type BuildRecord = { readonly pgid: number; readonly startedAt: string }

/** Writes the record of the build whose process group is `pgid` (durably: a crash right after must find it). */
export async function recordBuild(recordFile: string, pgid: number): Promise<void> {
  const record: BuildRecord = { pgid, startedAt: clock.now().toISOString() }
  await writeFileAtomic(recordFile, `${JSON.stringify(record)}\n`)
}

async function readRecord(recordFile: string): Promise<BuildRecord | "absent" | "unreadable"> {
  try {
    const record = JSON.parse(await readFile(recordFile, "utf8")) as Partial<BuildRecord>
    return Number.isInteger(record.pgid) && (record.pgid ?? 0) > 1 ? (record as BuildRecord) : "unreadable"
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? "absent" : "unreadable"
  }
}

/** The living processes marked with `workspace`, from Linux's /proc; null where there is no /proc to tell. */
export async function markedProcesses(workspace: string): Promise<number[] | null> {
  const mark = `${BUILD_MARK}=${workspace}`
  const entries = await readdir("/proc").catch(() => null)
  if (!entries?.includes("self")) return null
  const found: number[] = []
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    // A process that ended meanwhile, or one of another user: not ours.
    const environment = await readFile(`/proc/${entry}/environ`, "latin1").catch(() => "")
    if (environment.split("\0").includes(mark)) found.push(Number(entry))
  }
  return found
}

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

function kill(target: number): void {
  try {
    process.kill(target, "SIGKILL")
  } catch {
    // Gone already.
  }
}

/**
 * Kills every process of a build in `workspace` and waits until they are gone; throws when they
 * outlive GONE_WITHIN_MS. Where /proc can tell, only the marked processes are killed (a recorded
 * group id may since belong to someone else); elsewhere the recorded group is.
 */
export async function killBuild(workspace: string, pgid: number | null): Promise<number> {
  const deadline = performance.now() + GONE_WITHIN_MS
  let killed = 0
  for (;;) {
    const targets = (await markedProcesses(workspace)) ?? (pgid !== null && groupAlive(pgid) ? [-pgid] : [])
    if (targets.length === 0) return killed
    if (performance.now() > deadline) throw new Error(`une construction précédente ne s'arrête pas (processus ${targets.join(", ")})`)
    killed = Math.max(killed, targets.length)
    for (const target of targets) kill(target)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Removes what an interrupted or failed build may have left half-written: gatsby's cache and output in the workspace. */
export async function clearBuildCache(workspace: string): Promise<void> {
  for (const folder of [".cache", "public"]) await rm(path.join(workspace, folder), { recursive: true, force: true })
}

export type Leftover = { readonly interrupted: boolean; readonly killed: number }

/**
 * Before a build, and at the server's start: a leftover build of `workspace` is killed and its
 * cache cleared. `interrupted` says whether a build had been cut short (its record was there).
 */
export async function stopLeftoverBuild(workspace: string, recordFile: string): Promise<Leftover> {
  const record = await readRecord(recordFile)
  const killed = await killBuild(workspace, typeof record === "object" ? record.pgid : null)
  const interrupted = record !== "absent"
  if (interrupted || killed > 0) {
    await clearBuildCache(workspace)
    await rm(recordFile, { force: true })
  }
  return { interrupted, killed }
}

/** Once the build's processes are all gone: its record is removed (its group id may be reused). */
export async function forgetBuild(workspace: string, recordFile: string, pgid: number): Promise<void> {
  await killBuild(workspace, pgid)
  await rm(recordFile, { force: true })
}
