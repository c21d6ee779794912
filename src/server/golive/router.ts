/**
 * The go-live checklist at `<prefix>/admin/mise-en-ligne/` (docs/studio.md#the-go-live-checklist): what must be done
 * before the site goes live, each point green once done (./checks.ts). A room of the studio: the
 * host hands this router to src/server/studio/mount.ts, which puts the studio's door in front
 * (the owner's session: the login page for a page asked without one, else 401 JSON).
 *
 *   GET /                    the checklist, read afresh
 *   GET /mise-en-ligne.css   its stylesheet
 *
 * What must stay true: it changes nothing (GET only), every answer is private and uncached, and
 * its page runs no script (the owner rooms' frame is asked for none; the policy would refuse it).
 */
import express, { type Request, type Response } from "express"
import { readLeadsSettings, type LeadsSettings } from "../settings"
import { goLiveChecks } from "./checks"
import { checklistPage, studioOf, type OwnerFrame } from "./page"
import { GOLIVE_CSS } from "./style"

/** The checklist's folder under the studio (`<prefix>/admin/mise-en-ligne/`): the host mounts it there, `npm run setup` names it. */
export const GOLIVE_ROOM = "mise-en-ligne"

export const GOLIVE_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

const PRIVATE = {
  "Cache-Control": "private, no-store",
  "Content-Security-Policy": GOLIVE_CSP,
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
} as const

export type GoLiveOptions = {
  /** The owner rooms' frame (src/server/inbox/layout.ts framePage), handed over by the host. */
  readonly frame: OwnerFrame
  /** The folder whose content/ the studio edits (STUDIO_SITE_DIR). */
  readonly siteDir: string
  /** Where visitors' requests go; by default what the leads service reads from the environment (the same settings). */
  readonly delivery?: Pick<LeadsSettings, "smtp" | "webhook">
}

export function goLiveRouter({ frame, siteDir, delivery = readLeadsSettings().settings }: GoLiveOptions): express.Router {
  const router = express.Router()
  router.use((_req, res, next) => {
    res.set(PRIVATE)
    next()
  })
  router.get("/mise-en-ligne.css", (_req, res) => void res.type("css").send(GOLIVE_CSS))
  router.get("/", (req: Request, res: Response, next) => {
    const queryAt = req.originalUrl.indexOf("?")
    const asked = queryAt < 0 ? req.originalUrl : req.originalUrl.slice(0, queryAt)
    if (!asked.endsWith("/")) return res.redirect(301, `${asked}/`)
    goLiveChecks({ siteDir, studio: studioOf(req.baseUrl), delivery, secure: req.secure })
      .then((checks) => void res.type("html").send(checklistPage(frame, req.baseUrl, checks)))
      .catch(next)
  })
  return router
}
