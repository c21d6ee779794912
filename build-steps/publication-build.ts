/**
 * What the studio's republication (src/server/publish/pipeline.ts) tells the gatsby build it
 * runs, so that a publication does only the work it needs (docs/studio.md#what-is-built, issue 41). A
 * developer's or a deployment's `npm run build` sets none of these and does everything.
 *
 * What must stay true:
 * - The content check is told by a file in the workspace (CONTENT_CHECKED_FILE), never by the
 *   environment: gatsby defines every environment variable in the functions' and the HTML
 *   renderer's bundles (webpack's DefinePlugin), so a variable present in one build and not in the
 *   next makes webpack's caches of no use (issue 50: the save after the warm-up at start, or after
 *   a « Republier », compiled everything again). The environment of every publication's build is
 *   the same (src/server/publish/build-env.ts).
 * - The file is there only when every save since the last publication went through the studio's
 *   save, which checks the WHOLE content with this same validator before writing it
 *   (src/server/studio/save.ts); a publication asked otherwise (« Republier » after a change by
 *   hand, the warm-up at start) is validated by the build as usual.
 * - PUBLICATION_BUILD changes nothing the site's visitors get: only what a publication never
 *   reads (the GraphQL types for the editor, src/__generated__/) is left out.
 */
import fs from "node:fs"
import path from "node:path"

/** Set to "1" by the republication for each of its builds. */
export const PUBLICATION_BUILD = "MAXAI_PUBLICATION_BUILD"

/** Written in the workspace by the republication when the studio's saves already validated the content it builds. */
export const CONTENT_CHECKED_FILE = ".maxai-content-checked"

type Env = Readonly<Record<string, string | undefined>>

/** True in a build run by the studio's republication. */
export const isPublicationBuild = (env: Env): boolean => env[PUBLICATION_BUILD] === "1"

/** True when the content this build of `siteDir` reads was validated whole by the studio's save (the build need not decode every photo again). */
export const contentCheckedBefore = (env: Env, siteDir: string): boolean => isPublicationBuild(env) && fs.existsSync(path.join(siteDir, CONTENT_CHECKED_FILE))
