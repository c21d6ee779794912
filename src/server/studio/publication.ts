/**
 * The republication as the studio sees it (README, "Studio"): its status for the indicator
 * (static/admin/publication.js polls GET publication.json) and the owner's « Republier le site »
 * (POST publication). Behind the session, like everything of the studio but its login page.
 * The publisher itself lives in src/server/publish/; the host hands it over (src/server/host/serve.ts).
 */
import express from "express"
import type { PublicationStatus } from "../../contract/publication"
import { NO_STORE } from "../http/responses"

/** What the studio asks of the republication: one after each save, and where it stands. */
export type StudioPublication = { readonly request: () => void; readonly status: () => PublicationStatus }

/** A server that does not republish (STUDIO_PUBLISH=off, or a test's). */
export const PUBLICATION_OFF: PublicationStatus = {
  state: "off",
  message: "Publication automatique désactivée sur ce serveur : vos modifications sont enregistrées, le site en ligne change à la prochaine mise en ligne.",
  details: [],
  publishedAt: null,
  canRepublish: false,
}

export function publicationRoutes(publication: StudioPublication | undefined): express.Router {
  const router = express.Router()
  const status = () => publication?.status() ?? PUBLICATION_OFF
  router.get("/publication.json", (_req, res) => {
    res.set(NO_STORE).json(status())
  })
  router.post("/publication", (_req, res) => {
    publication?.request()
    res
      .status(publication ? 202 : 409)
      .set(NO_STORE)
      .json(status())
  })
  return router
}
