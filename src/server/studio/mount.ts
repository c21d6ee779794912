/**
 * The one place the production server (src/server/host/app.ts) meets the studio: everything
 * under `<prefix>/admin` goes through src/server/studio/router.ts before the site's files.
 */
import type express from "express"
import type { StudioSettings } from "../settings"
import { AccountStore } from "./accounts"
import { studioBackend } from "./backend"
import { studioRouter } from "./router"
import { SessionStore } from "./sessions"

export function mountStudio(app: express.Express, prefix: string, settings: StudioSettings): void {
  const base = `${prefix}/admin`
  app.use(base, studioRouter({ base, accounts: new AccountStore(settings.accountsFile), sessions: new SessionStore(), api: studioBackend(settings.siteDir) }))
}
