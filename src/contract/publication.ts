/**
 * GET <prefix>/admin/publication.json (behind the studio's session): where the site's
 * republication after the owner's saves stands, as the server's publisher says it
 * (src/server/publish/) and the studio's indicator shows it (static/admin/publication.js).
 */
export type PublicationState =
  /** The site served shows the studio's content. */
  | "published"
  /** A build is running; the site served is the previous one until it succeeds. */
  | "building"
  /** The last build failed: the previous site is still served. */
  | "failed"
  /** The content changed since the site served was built (a restart on an older build, a `git revert`). */
  | "stale"
  /** This server does not republish (STUDIO_PUBLISH=off): saves only. */
  | "off"

export type PublicationStatus = {
  readonly state: PublicationState
  /** The sentence the owner reads, in French: « Publication en cours… », « Site à jour — publié à 10 h 42 », « Échec : … ». */
  readonly message: string
  /** A failure's reasons: the build's French content lines, or the last lines of its log. */
  readonly details: readonly string[]
  /** When the site served now was published (ISO 8601), null when unknown. */
  readonly publishedAt: string | null
  /** The owner may ask for a publication now (POST publication): after a failure, or when the content is newer than the site. */
  readonly canRepublish: boolean
}
