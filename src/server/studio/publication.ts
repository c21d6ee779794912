/**
 * The republication as the studio sees it (docs/studio.md#status-what-the-studio-says): its status for the indicator
 * (static/admin/publication.js polls GET publication.json) and the owner's « Republier le site »
 * (POST publication). Behind the session, like everything of the studio but its login page.
 * The publisher itself lives in src/server/publish/; the host hands it over (src/server/host/serve.ts).
 *
 * A save written but not committed (history.ts) is not published: while it lasts the status is a
 * failure saying so, whatever the publisher says, and « Réessayer » commits what is pending
 * before asking for a publication.
 */
import express from "express"
import type { PublicationStatus } from "../../contract/publication"
import { NO_STORE } from "../http/responses"
import type { SessionRequest } from "./guard"
import { unrecordedProblem } from "./history"
import { commitPending } from "./save"

/**
 * What the studio asks of the republication: one after each save, and where it stands.
 * `contentChecked`: asked after a save, which validated the whole content (./save.ts); the owner's
 * « Republier » is not (the content may have been changed by hand since).
 */
export type StudioPublication = { readonly request: (why?: { contentChecked: boolean }) => void; readonly status: () => PublicationStatus }

/** A server that does not republish (STUDIO_PUBLISH=off, or a test's). */
export const PUBLICATION_OFF: PublicationStatus = {
  state: "off",
  message: "Publication automatique désactivée sur ce serveur : vos modifications sont enregistrées, le site en ligne change à la prochaine mise en ligne.",
  details: [],
  publishedAt: null,
  canRepublish: false,
}

/** The status shown while saves of `content/` are written but not committed. */
function unrecordedStatus(published: PublicationStatus, details: readonly string[]): PublicationStatus {
  return {
    state: "failed",
    message:
      "Vos dernières modifications sont écrites sur le serveur, mais ni inscrites dans l'historique ni publiées (disque plein ?) : le prochain enregistrement ou « Réessayer » les inscrira et les publiera.",
    details,
    publishedAt: published.publishedAt,
    canRepublish: true,
  }
}

/** `siteDir`: the folder whose content/ the studio saves (its history's state is part of the status). */
export function publicationRoutes(publication: StudioPublication | undefined, siteDir: string): express.Router {
  const router = express.Router()
  const status = () => {
    const published = publication?.status() ?? PUBLICATION_OFF
    const unrecorded = unrecordedProblem(siteDir)
    return unrecorded ? unrecordedStatus(published, unrecorded) : published
  }
  router.get("/publication.json", (_req, res) => {
    res.set(NO_STORE).json(status())
  })
  router.post("/publication", async (req: SessionRequest, res) => {
    if (unrecordedProblem(siteDir)) {
      // Failed again (history.ts logged why): the status still says so.
      const recorded = await commitPending(siteDir, req.studioSession?.email ?? "studio").then(
        () => true,
        () => false,
      )
      if (!recorded) return res.status(500).set(NO_STORE).json(status())
    }
    publication?.request()
    res
      .status(publication ? 202 : 409)
      .set(NO_STORE)
      .json(status())
  })
  return router
}
