/**
 * The one place the production server (src/server/host/app.ts) meets the studio: everything
 * under `<prefix>/admin` goes through src/server/studio/router.ts before the site's files, the
 * owner rooms the host hands over (the inbox) included.
 */
import express from "express"
import { readFile } from "node:fs/promises"
import path from "node:path"
import type { StudioSettings } from "../settings"
import { AccountStore } from "./accounts"
import { studioBackend } from "./backend"
import { UnrecordedSave } from "./history"
import { publicationRoutes, type StudioPublication } from "./publication"
import { Refusal } from "./paths"
import { studioRouter } from "./router"
import { applyChange } from "./save"
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
  api.use(studioBackend(settings.siteDir, () => publication?.request({ contentChecked: true })))
  api.use(publicationRoutes(publication, settings.siteDir))
  const accounts = new AccountStore(settings.accountsFile)
  app.use(base, studioRouter({ base, accounts, sessions: new SessionStore(accounts), api, rooms }))
}

/** A save's outcome as a room shows it: done, or refused with the validator's French lines. */
export type SaveOutcome = { ok: true } | { ok: false; status: number; error: string }

/**
 * One content file of the studio, for a room that writes it (the chat's answers from
 * /admin/questions/, the gallery's entry made from the stock): read as the studio holds it, saved
 * through the studio's one validated save (./save.ts: checked on a copy by the build's validator,
 * written, committed as `author`), then the republication asked, as after a save in the studio.
 */
export type ContentFilePort = {
  read: () => Promise<string>
  /**
   * `base`: the text `raw` was made from (read before), so that a studio save made meanwhile is merged (./merge.ts), not overwritten.
   * `photos`: new photos saved with it, each named inside content/ ("images/items/x.jpg"); a name leaving content/ is refused.
   */
  save: (raw: string, author: string, message: string, base?: string, photos?: ReadonlyArray<{ name: string; bytes: Buffer }>) => Promise<SaveOutcome>
}

export function contentFile(
  settings: StudioSettings,
  name: "chat.json" | "sold-items.json" | "categories.json",
  publication?: StudioPublication,
): ContentFilePort {
  const content = path.join(settings.siteDir, "content")
  const file = path.join(content, name)
  return {
    read: () => readFile(file, "utf8"),
    save: async (raw, author, message, base, photos = []) => {
      try {
        const files = photos.map((photo) => ({ file: path.resolve(content, photo.name), bytes: photo.bytes }))
        if (files.some((photo) => !photo.file.startsWith(`${content}${path.sep}`)))
          throw new Refusal(400, "bad_path", "Photo hors du dossier du contenu : rien n'a été enregistré.")
        await applyChange(settings.siteDir, { data: [{ file, raw, base }], photos: files, author, message })
      } catch (error) {
        if (error instanceof Refusal) return { ok: false, status: error.status, error: error.message }
        // Written but not committed (./history.ts): said as such, and not published.
        if (error instanceof UnrecordedSave) return { ok: false, status: 500, error: error.message }
        throw error
      }
      publication?.request({ contentChecked: true })
      return { ok: true }
    },
  }
}
