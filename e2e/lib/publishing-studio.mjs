/**
 * The studio of a spec that really publishes: STUDIO_PUBLISH on, each save a real gatsby build
 * (src/server/publish/). Such specs share one publication folder, E2E_STUDIO_DIR/publication, one
 * spec at a time (a Playwright lock, so never two servers on one workspace): the first to run
 * builds cold (2 to 3 minutes in CI, one worker and a capped heap: build-env.ts), the next ones
 * find gatsby's cache of that workspace built from the same code and build warm, as the owner's
 * saves do after the server's warm-up. What must stay true:
 * - each spec starts from the served build: the releases a spec before it published are removed
 *   before its server starts (a server serves the newest release it finds);
 * - each save mirrors the spec's own copy of content/ over the workspace's (workspace.ts), so
 *   what the previous spec published never reaches this one's build.
 */
import fs from "node:fs"
import path from "node:path"
import { test } from "@playwright/test"
import { useStudio } from "./studio.mjs"

/** Generous for a cold build on a shared machine, but bounded. */
export const REBUILD_MS = 15 * 60_000

/** The publication folder the publishing specs share: workspace/, releases/, build.log. */
export const publicationDir = () => path.join(process.env.E2E_STUDIO_DIR, "publication")

/** useStudio (lib/studio.mjs) for a spec whose saves are published, its server's builds starting only from its saves. */
export function usePublishingStudio(name, env = () => ({})) {
  test.describe.configure({ lock: "publication" })
  return useStudio(
    name,
    (studioDir) => ({
      STUDIO_PUBLISH: "on",
      STUDIO_PUBLISH_DIR: publicationDir(),
      // No build unasked at start (docs/studio.md#warm-up-at-start, the warm-up): the spec's saves start its builds.
      STUDIO_PUBLISH_WARM_UP: "off",
      STUDIO_PUBLISH_TIMEOUT_S: String(REBUILD_MS / 1000),
      ...env(studioDir),
    }),
    { beforeStart: () => fs.rmSync(path.join(publicationDir(), "releases"), { recursive: true, force: true }) },
  )
}
