/**
 * One publication, step by step (the `publish` of ./publisher.ts): the studio's content/ and the
 * project's code into the workspace, the site's build there (a child process, its log in
 * STUDIO_PUBLISH_DIR/build.log, stopped past its time limit), the result copied into a new
 * release, then `activate` (the host loads it and switches the served site in one step:
 * src/server/host/served.ts). Any step that fails throws a PublishFailure in French and
 * nothing served changes.
 *
 * Crash-safe (./leftover.ts): before anything, a build left running by a server that died is
 * stopped and the cache it may have poisoned is cleared; a build that fails for another reason
 * than the content or its time limit is tried once more from cold (gatsby's cache of the
 * workspace removed), since a half-written cache is the one failure a retry mends.
 *
 * The server answers visitors all along: every step here is asynchronous (copies, removals,
 * the build in its own process), so none holds the event loop for long.
 */
import { appendFile, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { validateContent } from "../../../build-steps/content/validate"
import { CONTENT_CHECKED_FILE } from "../../../build-steps/publication-build"
import { PublishFailure, type Published, type PublishRequest } from "./publisher"
import { dropRelease, makeRelease, pruneReleases, type Release } from "./releases"
import { clearBuildCache, stopLeftoverBuild } from "./leftover"
import { cacheBuiltFrom, codeStamp, stampCache, unstampCache } from "./code-stamp"
import { buildEnv } from "./build-env"
import { runBuild, type BuildCommand } from "./run-build"
import { phasesLine, type PublishTimes } from "./times"
import { newestChange, prepareWorkspace } from "./workspace"
import { clock } from "../clock"

export type PipelineOptions = {
  /** The code built: its sources and node_modules. */
  readonly projectDir: string
  /** The studio's content/ (STUDIO_SITE_DIR/content). */
  readonly contentDir: string
  /** STUDIO_PUBLISH_DIR: workspace/, releases/, build.log. */
  readonly dir: string
  readonly timeoutMs: number
  /** The memory the build's processes may take together (STUDIO_PUBLISH_MEMORY_MB: ./build-env.ts). */
  readonly memoryMb: number
  readonly command: BuildCommand
  /** Serves `release` from now on; rejects (with a French message) when it cannot be served. */
  readonly activate: (release: Release) => Promise<void>
  /** Where each publication's duration and phases are kept (the status box's estimate). */
  readonly times?: PublishTimes
}

export const publishPaths = (dir: string) => ({
  workspace: path.join(dir, "workspace"),
  releases: path.join(dir, "releases"),
  log: path.join(dir, "build.log"),
  /** The running build's process group (./leftover.ts). */
  record: path.join(dir, "build.pid"),
})

const minutes = (ms: number) => (ms >= 120_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`)

type FailedRun = { timedOut: boolean; tail: readonly string[] }

/** Why the build stopped, for the owner, when no retry can mend it (its time limit, or content it refuses); null otherwise. */
async function finalFailure(workspace: string, run: FailedRun, timeoutMs: number): Promise<PublishFailure | null> {
  if (run.timedOut) return new PublishFailure(`la construction du site a dépassé ${minutes(timeoutMs)} et a été arrêtée.`, run.tail)
  const problems = await validateContent(path.join(workspace, "content"))
  if (problems.length > 0) return new PublishFailure(`le site refuse ce contenu (${problems.length} problème(s)).`, problems)
  return null
}

/** The build, and once more from cold when it failed otherwise than by its time limit or the content. */
async function build(options: PipelineOptions, paths: ReturnType<typeof publishPaths>, request: PublishRequest): Promise<void> {
  const runOptions = { cwd: paths.workspace, logFile: paths.log, recordFile: paths.record, timeoutMs: options.timeoutMs }
  const env = buildEnv(options.memoryMb)
  // Told by a file, not the environment (build-steps/publication-build.ts: the environment stays the same).
  const checkedMark = path.join(paths.workspace, CONTENT_CHECKED_FILE)
  if (request.contentChecked) await writeFile(checkedMark, "")
  else await rm(checkedMark, { force: true })
  const first = await runBuild(options.command, { ...runOptions, env })
  if (first.ok) return
  // A build stopped midway leaves a cache as half-written as a crash does.
  if (first.timedOut) await clearBuildCache(paths.workspace)
  const final = await finalFailure(paths.workspace, first, options.timeoutMs)
  if (final) throw final
  await clearBuildCache(paths.workspace)
  await appendFile(paths.log, "\n--- Échec : nouvelle construction depuis zéro (cache de Gatsby effacé) ---\n")
  const cold = await runBuild(options.command, { ...runOptions, appendLog: true, env })
  if (cold.ok) return
  throw (
    (await finalFailure(paths.workspace, cold, options.timeoutMs)) ??
    new PublishFailure("la construction du site s'est arrêtée sur une erreur, même reprise depuis zéro.", cold.tail)
  )
}

function diskFailure(step: string, error: unknown): PublishFailure {
  const code = (error as NodeJS.ErrnoException).code
  if (code === "ENOSPC") return new PublishFailure(`plus de place sur le disque du serveur (${step}).`)
  return new PublishFailure(`${step} impossible (${code ?? (error as Error).message}).`)
}

export function pipeline(options: PipelineOptions): (request?: PublishRequest) => Promise<Published> {
  const paths = publishPaths(options.dir)
  return async (request = { contentChecked: false }) => {
    const started = performance.now()
    const phases: Record<string, number> = {}
    let phaseStarted = started
    const phaseDone = (name: string) => {
      phases[name] = (performance.now() - phaseStarted) / 1000
      phaseStarted = performance.now()
    }
    try {
      await stopLeftoverBuild(paths.workspace, paths.record)
    } catch (error) {
      throw new PublishFailure(`${(error as Error).message}.`)
    }
    const stamp = await codeStamp(options.projectDir, options.command)
    // Not a steady warm publication: no cache, or a cache of other code (a deployment), or the warm-up at start.
    const cold = !(await cacheBuiltFrom(paths.workspace, stamp)) || request.warmUp === true
    // The content's own newest file time, read before the copy: the status compares it with the
    // files' times again (`newestChange`), never with this process's clock, which may differ from
    // the kernel's file times (a server whose clock was set, a process run under faketime).
    const contentAt = newestChange(options.contentDir) ?? new Date(0)
    try {
      await unstampCache(paths.workspace)
      await prepareWorkspace(options.projectDir, options.contentDir, paths.workspace)
    } catch (error) {
      throw diskFailure("copie du contenu et du code à construire", error)
    }
    phaseDone("copie")
    await build(options, paths, request)
    await stampCache(paths.workspace, stamp).catch(() => undefined)
    phaseDone("construction")
    let release: Release
    try {
      release = await makeRelease(paths.workspace, paths.releases, contentAt)
    } catch (error) {
      throw error instanceof Error && !("code" in error) ? new PublishFailure(`${error.message}.`) : diskFailure("copie du site construit", error)
    }
    phaseDone("version")
    try {
      await options.activate(release)
    } catch (error) {
      await dropRelease(paths.releases, release)
      throw new PublishFailure(`le nouveau site ne peut pas être servi : ${(error as Error).message}`)
    }
    phaseDone("mise en service")
    await pruneReleases(paths.releases)
    const seconds = (performance.now() - started) / 1000
    await appendFile(
      paths.log,
      `\n--- Publiée en ${seconds.toFixed(1).replace(".", ",")} s${request.warmUp ? " (préparation au démarrage)" : cold ? " (cache froid)" : ""} : ${phasesLine(phases)} ---\n`,
    ).catch(() => undefined)
    await options.times?.record(seconds, cold, phases)
    return { publishedAt: clock.now(), contentAt }
  }
}
