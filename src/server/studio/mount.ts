/**
 * The one place the production server (src/server/host/app.ts) meets the studio: everything
 * under `<prefix>/admin` goes through src/server/studio/router.ts before the site's files, the
 * owner rooms the host hands over (the inbox) included.
 */
import express from "express"
import type { StudioSettings } from "../settings"
import { AccountStore } from "./accounts"
import { studioBackend } from "./backend"
import { publicationRoutes, type StudioPublication } from "./publication"
import { studioRouter } from "./router"
import { SessionStore } from "./sessions"

export type { StudioPublication }

/**
 * `rooms`: the owner's other rooms behind the studio's session (the host passes the inbox as `demandes`).
 * `publication`: the republication asked after each save (none: saves only).
 */
export function mountStudio(
  app: express.Express,
  prefix: string,
  settings: StudioSettings,
  rooms: Record<string, express.Router> = {},
  publication?: StudioPublication,
): void {
  const base = `${prefix}/admin`
  const api = express.Router()
  api.use(studioBackend(settings.siteDir, () => publication?.request()))
  api.use(publicationRoutes(publication, settings.siteDir))
  const accounts = new AccountStore(settings.accountsFile)
  app.use(base, studioRouter({ base, accounts, sessions: new SessionStore(accounts), api, rooms }))
}
