/**
 * Where the host meets the studio's republication (src/server/publish/): which build it serves
 * at start, and the publisher that rebuilds after each save and switches the served site
 * (./served.ts) once the new build loads.
 *
 * At start the newest build is served: the project's public/ (a deployment's `npm run build`)
 * or the studio's latest release (published after the last deployment), so a restart never
 * takes back what the owner published. No build runs at start: only a save (or the owner's
 * « Republier le site ») starts one; a content newer than the site served is said in the
 * studio and in the log. A build left running by the server before (killed with kill -9) is
 * stopped first, and the cache it was writing cleared (src/server/publish/leftover.ts).
 */
import { statSync } from "node:fs"
import path from "node:path"
import { pipeline, publishPaths } from "../publish/pipeline"
import { Publisher, type Published } from "../publish/publisher"
import { stopLeftoverBuild } from "../publish/leftover"
import { latestRelease, pruneReleases, type Release } from "../publish/releases"
import type { BuildCommand } from "../publish/run-build"
import { PublishTimes } from "../publish/times"
import { newestChange } from "../publish/workspace"
import type { PublishSettings, StudioSettings } from "../settings"
import { loadFunctions, ServedSite, type ServedBuild } from "./served"

export type Start = { readonly site: ServedSite; readonly served: Published | null; readonly from: string }

const releaseBuild = async (release: Release): Promise<ServedBuild> => ({
  publicDir: release.publicDir,
  functionsDir: release.functionsDir,
  functions: await loadFunctions(release.functionsDir),
})

/** The build to serve first: the newer of the project's build and the latest release (throws when the project's cannot load). */
export async function startingSite(projectDir: string, publish: PublishSettings | null): Promise<Start> {
  const publicDir = path.join(projectDir, "public")
  const functionsDir = path.join(projectDir, ".cache", "functions")
  const builtAt = statSync(path.join(publicDir, "_headers")).mtime
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
  if (release && release.builtAt > builtAt) {
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
      command,
      activate: async (release) => start.site.switchTo(await releaseBuild(release)),
      times,
    }),
    expectation: () => times.expectation(),
    served: start.served,
    contentChangedAt: () => newestChange(contentDir),
  })
  if (publisher.status().state === "stale") {
    console.log(
      `publication : ${contentDir} est plus récent que le site servi ; il sera publié au prochain enregistrement du studio (ou « Republier le site »).`,
    )
  }
  return publisher
}
