/**
 * Where the host meets the studio's republication (src/server/publish/): which build it serves
 * at start, and the publisher that rebuilds after each save and switches the served site
 * (./served.ts) once the new build loads.
 *
 * At start the newest build is served: the project's public/ (a deployment's `npm run build`)
 * or the studio's latest release (published after the last deployment), so a restart never
 * takes back what the owner published. A build left running by the server before (killed with
 * kill -9) is stopped first, and the cache it was writing cleared (src/server/publish/leftover.ts).
 *
 * Once the server listens, `warmUpAtStart` publishes the content once, in the background, when
 * the workspace's cache is missing or was built from other code (src/server/publish/code-stamp.ts:
 * a new install, a deployment, a crash), so the owner's first save is a warm one; otherwise no
 * build runs at start, and a content newer than the site served is said in the studio and the log.
 */
import { statSync } from "node:fs"
import path from "node:path"
import { pipeline, publishPaths } from "../publish/pipeline"
import { Publisher, type Published } from "../publish/publisher"
import { stopLeftoverBuild } from "../publish/leftover"
import { latestRelease, pruneReleases, type Release } from "../publish/releases"
import type { BuildCommand } from "../publish/run-build"
import { PublishTimes } from "../publish/times"
import { cacheBuiltFrom, codeStamp } from "../publish/code-stamp"
import { newestChange } from "../publish/workspace"
import type { PublishSettings, StudioSettings } from "../settings"
import { loadFunctions, ServedSite, type ServedBuild } from "./served"

export type Start = { readonly site: ServedSite; readonly served: Published | null; readonly from: string }

const releaseBuild = async (release: Release): Promise<ServedBuild> => ({
  publicDir: release.publicDir,
  functionsDir: release.functionsDir,
  functions: await loadFunctions(release.functionsDir),
})

/** The file of a build whose time says when the build was written (a release copies it with its time). */
const builtFile = (publicDir: string) => path.join(publicDir, "_headers")

/**
 * Whether the build in `publicDir` was written after `than`, by its files' times: builds are
 * compared by the kernel's file times, never against this process's clock, which may differ
 * from them (a server whose clock was set, a process run under faketime).
 */
const writtenAfter = (publicDir: string, than: Date): boolean => (statSync(builtFile(publicDir), { throwIfNoEntry: false })?.mtimeMs ?? 0) > than.getTime()

/** The build to serve first: the newer of the project's build and the latest release (throws when the project's cannot load). */
export async function startingSite(projectDir: string, publish: PublishSettings | null): Promise<Start> {
  const publicDir = path.join(projectDir, "public")
  const functionsDir = path.join(projectDir, ".cache", "functions")
  const builtAt = statSync(builtFile(publicDir)).mtime
  const paths = publish ? publishPaths(publish.dir) : null
  const release = paths ? latestRelease(paths.releases) : null
  if (paths) {
    await pruneReleases(paths.releases)
    try {
      const leftover = await stopLeftoverBuild(paths.workspace, paths.record)
      if (leftover.killed > 0) console.log(`publication : une construction laissée par le serveur précédent a été arrêtée (${leftover.killed} processus).`)
      if (leftover.interrupted) console.log("publication : la dernière construction a été interrompue ; la prochaine repart de zéro (quelques minutes).")
    } catch (error) {
      // The next publication tries again before it builds, and says why in the studio if it still cannot.
      console.error(`publication : ${(error as Error).message}`)
    }
  }
  if (release && writtenAfter(release.publicDir, builtAt)) {
    try {
      const served = { publishedAt: release.builtAt, contentAt: release.contentAt }
      return { site: new ServedSite(await releaseBuild(release)), served, from: path.relative(projectDir, release.publicDir) }
    } catch (error) {
      console.error(`publication : la dernière publication (${release.id}) ne se charge pas, public/ est servi à sa place`, error)
    }
  }
  const site = new ServedSite({ publicDir, functionsDir, functions: await loadFunctions(functionsDir) })
  return { site, served: { publishedAt: builtAt, contentAt: builtAt }, from: "public" }
}

/** The publisher of the studio's saves, serving each new build in `site` once it loads (`command`: gatsby build, a tiny one in tests). */
export function republisher(projectDir: string, studio: StudioSettings & { publish: PublishSettings }, start: Start, command: BuildCommand): Publisher {
  const contentDir = path.join(studio.siteDir, "content")
  const times = new PublishTimes(studio.publish.dir, publishPaths(studio.publish.dir).workspace)
  const publisher = new Publisher({
    publish: pipeline({
      projectDir,
      contentDir,
      dir: studio.publish.dir,
      timeoutMs: studio.publish.timeoutMs,
      memoryMb: studio.publish.memoryMb,
      command,
      activate: async (release) => start.site.switchTo(await releaseBuild(release)),
      times,
    }),
    expectation: () => times.expectation(),
    served: start.served,
    contentChangedAt: () => newestChange(contentDir),
  })
  return publisher
}

/**
 * Once the server listens (visitors are served throughout): when the workspace's cache is missing
 * or from other code, one niced publication of the content as it is, so that the owner's first
 * save is warm (`publisher.prepare()`; saves made meanwhile follow it). Off with
 * STUDIO_PUBLISH_WARM_UP=off (servers that must not build unasked: browser tests). Without a
 * warm-up, a content newer than the site served is said in the log (and in the studio).
 */
export async function warmUpAtStart(projectDir: string, publish: PublishSettings, publisher: Publisher, command: BuildCommand): Promise<void> {
  const workspace = publishPaths(publish.dir).workspace
  if (publish.warmUp && !(await cacheBuiltFrom(workspace, await codeStamp(projectDir, command)))) {
    console.log("publication : préparation du cache de construction (première construction de ce code), en arrière-plan ; le site reste servi.")
    publisher.prepare()
  } else if (publisher.status().state === "stale") {
    console.log("publication : le contenu est plus récent que le site servi ; il sera publié au prochain enregistrement du studio (ou « Republier le site »).")
  }
}
