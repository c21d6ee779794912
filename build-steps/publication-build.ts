/**
 * What the studio's republication (src/server/publish/pipeline.ts) tells the gatsby build it
 * runs, through the build's environment, so that a publication does only the work it needs
 * (README, "Studio", issue 41). A developer's or a deployment's `npm run build` sets none of
 * these and does everything.
 *
 * What must stay true:
 * - CONTENT_CHECKED is set only when every save since the last publication went through the
 *   studio's save, which checks the WHOLE content with this same validator before writing it
 *   (src/server/studio/save.ts); a publication asked otherwise (« Republier » after a change by
 *   hand) is validated by the build as usual.
 * - PUBLICATION_BUILD changes nothing the site's visitors get: only what a publication never
 *   reads (the GraphQL types for the editor, src/__generated__/) is left out.
 */

/** Set to "1" by the republication for each of its builds. */
export const PUBLICATION_BUILD = "MAXAI_PUBLICATION_BUILD"

/** Set to "1" by the republication when the studio's saves already validated the content it builds. */
export const CONTENT_CHECKED = "MAXAI_CONTENT_CHECKED"

type Env = Readonly<Record<string, string | undefined>>

/** True in a build run by the studio's republication. */
export const isPublicationBuild = (env: Env): boolean => env[PUBLICATION_BUILD] === "1"

/** True when the content this build reads was validated whole by the studio's save (the build need not decode every photo again). */
export const contentCheckedBefore = (env: Env): boolean => isPublicationBuild(env) && env[CONTENT_CHECKED] === "1"
