/**
 * One publication, step by step (the `publish` of ./publisher.ts): the studio's content/ and the
 * project's code into the workspace, the site's build there (a child process, its log in
 * STUDIO_PUBLISH_DIR/build.log, stopped past its time limit), the result copied into a new
 * release, then `activate` (the host loads it and switches the served site in one step:
 * src/server/host/served.ts). Any step that fails throws a PublishFailure in French and
 * nothing served changes.
 *
 * The server answers visitors all along: every step here is asynchronous (copies, removals,
 * the build in its own process), so none holds the event loop for long.
 */
import path from "node:path"
import { validateContent } from "../../../build-steps/content/validate"
import { PublishFailure, type Published } from "./publisher"
import { dropRelease, makeRelease, pruneReleases, type Release } from "./releases"
import { runBuild, type BuildCommand } from "./run-build"
import { prepareWorkspace } from "./workspace"

export type PipelineOptions = {
  /** The code built: its sources and node_modules. */
  readonly projectDir: string
  /** The studio's content/ (STUDIO_SITE_DIR/content). */
  readonly contentDir: string
  /** STUDIO_PUBLISH_DIR: workspace/, releases/, build.log. */
  readonly dir: string
  readonly timeoutMs: number
  readonly command: BuildCommand
  /** Serves `release` from now on; rejects (with a French message) when it cannot be served. */
  readonly activate: (release: Release) => Promise<void>
}

export const publishPaths = (dir: string) => ({
  workspace: path.join(dir, "workspace"),
  releases: path.join(dir, "releases"),
  log: path.join(dir, "build.log"),
})

const minutes = (ms: number) => (ms >= 120_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`)

/** Why the build stopped, for the owner: the content's French lines when it refused the content, else the end of its log. */
async function buildFailure(workspace: string, run: { timedOut: boolean; tail: readonly string[] }, timeoutMs: number): Promise<PublishFailure> {
  if (run.timedOut) return new PublishFailure(`la construction du site a dépassé ${minutes(timeoutMs)} et a été arrêtée.`, run.tail)
  const problems = await validateContent(path.join(workspace, "content"))
  if (problems.length > 0) return new PublishFailure(`le site refuse ce contenu (${problems.length} problème(s)).`, problems)
  return new PublishFailure("la construction du site s'est arrêtée sur une erreur.", run.tail)
}

function diskFailure(step: string, error: unknown): PublishFailure {
  const code = (error as NodeJS.ErrnoException).code
  if (code === "ENOSPC") return new PublishFailure(`plus de place sur le disque du serveur (${step}).`)
  return new PublishFailure(`${step} impossible (${code ?? (error as Error).message}).`)
}

export function pipeline(options: PipelineOptions): () => Promise<Published> {
  const paths = publishPaths(options.dir)
  return async () => {
    const contentAt = new Date()
    try {
      await prepareWorkspace(options.projectDir, options.contentDir, paths.workspace)
    } catch (error) {
      throw diskFailure("copie du contenu et du code à construire", error)
    }
    const run = await runBuild(options.command, { cwd: paths.workspace, logFile: paths.log, timeoutMs: options.timeoutMs })
    if (!run.ok) throw await buildFailure(paths.workspace, run, options.timeoutMs)
    let release: Release
    try {
      release = await makeRelease(paths.workspace, paths.releases, contentAt)
    } catch (error) {
      throw error instanceof Error && !("code" in error) ? new PublishFailure(`${error.message}.`) : diskFailure("copie du site construit", error)
    }
    try {
      await options.activate(release)
    } catch (error) {
      await dropRelease(paths.releases, release)
      throw new PublishFailure(`le nouveau site ne peut pas être servi : ${(error as Error).message}`)
    }
    await pruneReleases(paths.releases)
    return { publishedAt: new Date(), contentAt }
  }
}
