/**
 * Decap CMS's proxy-backend protocol (the one decap-server speaks: one POST of
 * `{ action, params }`), on the site's own server, behind the session (src/server/studio/router.ts).
 * Not decap-server's own handlers: they confine paths to the whole repository, not to content/,
 * write what they are sent without any check, and bring their own CORS and body parser. Here
 * every path goes through paths.ts and every write through save.ts (the build's validator).
 * Errors answer `{ code, error }`: Decap shows `error` in its notification.
 *
 * `getMedia` never sends a photo's bytes (thumbnails.ts): names, sizes and the address of a
 * thumbnail behind the session (`GET api/v1/vignette?path=…`); an original is sent only by
 * `getMediaFile`, one at a time.
 */
import { createHash } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import express, { type ErrorRequestHandler, type Response } from "express"
import { refuseDeepJson } from "../http/json-depth"
import { NO_STORE } from "../http/responses"
import { studioError, type SessionRequest } from "./guard"
import { UnrecordedSave } from "./history"
import { confine, PHOTO_EXTENSIONS, Refusal } from "./paths"
import { applyChange } from "./save"
import { thumbnailOf, versionOf } from "./thumbnails"
import { jsonBody, KB } from "../http/form-body"

/** A 10 MB photo (the validator's limit) in base64 with its JSON around it; more is refused unread. */
export const STUDIO_BODY_LIMIT = 16 * 1024 * KB

type Params = Record<string, unknown>
type Asset = { path?: unknown; content?: unknown; encoding?: unknown }

const sha = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex")

function readEntry(siteDir: string, relative: unknown, label?: unknown) {
  const file = confine(siteDir, relative, "data")
  const data = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null
  return { data, file: { path: String(relative), label, id: data === null ? null : sha(data) } }
}

/** A photo's id for Decap: its path and version (thumbnails.ts), without reading its bytes. */
const photoId = (relative: string, stat: fs.Stats) => sha(`${relative}\n${versionOf(stat)}`)

function readPhoto(siteDir: string, relative: string) {
  const file = confine(siteDir, relative, "photo")
  const bytes = fs.readFileSync(file)
  return {
    id: photoId(relative, fs.statSync(file)),
    content: bytes.toString("base64"),
    encoding: "base64",
    path: relative,
    name: path.posix.basename(relative),
  }
}

/** What the media library lists of a photo: no bytes, the address of its thumbnail (`apiBase`: `<prefix>/admin/api/v1`). */
function listedPhoto(siteDir: string, relative: string, apiBase: string) {
  const stat = fs.statSync(confine(siteDir, relative, "photo"))
  const id = photoId(relative, stat)
  const url = `${apiBase}/vignette?${new URLSearchParams({ path: relative, v: versionOf(stat) }).toString()}`
  return { id, name: path.posix.basename(relative), path: relative, size: stat.size, url }
}

/** A photo's folder as written: the media folders of config.yml, never a name to fold. */
const SAFE_FOLDER = /^[a-z0-9][a-z0-9_.-]*$/

/** A new photo sent by Decap; its name is made safe by photo-names.ts, its folders must already be. */
function photoOf(siteDir: string, asset: Asset) {
  if (asset.encoding !== "base64" || typeof asset.content !== "string") throw new Refusal(400, "invalid_asset", "Photo mal transmise : réessayez.")
  const file = confine(siteDir, asset.path, "photo")
  const folders = String(asset.path).split("/").slice(0, -1)
  if (!folders.every((folder) => SAFE_FOLDER.test(folder)))
    throw new Refusal(
      400,
      "path_refused",
      "Dossier refusé : un dossier de photos ne contient que des minuscules sans accents, des chiffres, « - », « _ » ou « . ».",
    )
  return { file, bytes: Buffer.from(asset.content, "base64") }
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

/**
 * `changed` runs after a save of content files or a deletion: the site is republished
 * (src/server/studio/publication.ts). Not after a media library upload: a photo no entry names
 * appears on no page, and the entry that names it publishes it when saved (an upload is
 * followed by that save within the minute; a build for each would make the owner wait for two).
 */
async function answer(siteDir: string, apiBase: string, action: unknown, params: Params, author: string, changed: () => void): Promise<unknown> {
  const message = String((params.options as Params | undefined)?.commitMessage ?? `Contenu : ${String(action)}`).slice(0, 200)
  const who = { author, message }
  switch (action) {
    case "info":
      return { repo: "content", publish_modes: ["simple"], type: "local_fs" }
    case "entriesByFiles":
      return list(params.files).map((entry) => readEntry(siteDir, (entry as Params).path, (entry as Params).label))
    case "getEntry":
      return readEntry(siteDir, params.path)
    case "getMedia": {
      const folder = confine(siteDir, params.mediaFolder, "photoFolder")
      const names = fs.existsSync(folder) ? fs.readdirSync(folder, { withFileTypes: true }) : []
      const photos = names.filter((entry) => entry.isFile() && PHOTO_EXTENSIONS.includes(path.extname(entry.name).toLowerCase()))
      return photos.map((entry) => listedPhoto(siteDir, `${String(params.mediaFolder).replace(/\/+$/, "")}/${entry.name}`, apiBase))
    }
    case "getMediaFile":
      return readPhoto(siteDir, String(params.path))
    case "persistEntry": {
      const files = list(params.dataFiles ?? [params.entry]) as Params[]
      const data = files.map((entry) => {
        if (entry.newPath !== undefined && entry.newPath !== entry.path)
          throw new Refusal(400, "rename_refused", "Renommer un fichier de contenu n'est pas permis.")
        // `base`: the text the studio loaded (src/admin-rules/checked-backend.ts), for the merge of save.ts.
        return { file: confine(siteDir, entry.path, "data"), raw: String(entry.raw ?? ""), base: typeof entry.base === "string" ? entry.base : undefined }
      })
      await applyChange(siteDir, { ...who, data, photos: (list(params.assets) as Asset[]).map((asset) => photoOf(siteDir, asset)) })
      changed()
      return { message: "entry persisted" }
    }
    case "persistMedia": {
      const asked = String((params.asset as Asset | undefined)?.path)
      const written = await applyChange(siteDir, { ...who, photos: [photoOf(siteDir, (params.asset ?? {}) as Asset)] })
      // Saved under a safe name (photo-names.ts): Decap's library lists it under that one.
      const saved = written.renamed?.get(asked.replace(/^content\//, ""))
      return readPhoto(siteDir, saved ? `content/${saved}` : asked)
    }
    case "deleteFile":
    case "deleteFiles": {
      const paths = action === "deleteFile" ? [params.path] : list(params.paths)
      await applyChange(siteDir, { ...who, deleted: paths.map((relative) => confine(siteDir, relative, "photo")) })
      changed()
      return { message: "deleted" }
    }
    case "getDeployPreview":
      return null
    default:
      throw new Refusal(422, "unknown_action", `Action du studio non prise en charge ici : ${String(action).slice(0, 60)}.`)
  }
}

/** `changed`: asked after each accepted change of the site's content (see answer). */
export function studioBackend(siteDir: string, changed: () => void = () => undefined): express.Router {
  const router = express.Router()
  router.post("/api/v1", ...jsonBody(STUDIO_BODY_LIMIT, refuseDeepJson), async (req: SessionRequest, res: Response) => {
    const { action, params } = (req.body ?? {}) as { action?: unknown; params?: Params }
    try {
      const apiBase = `${req.baseUrl}/api/v1`
      res.set(NO_STORE).json(await answer(siteDir, apiBase, action, params ?? {}, req.studioSession?.email ?? "studio", changed))
    } catch (error) {
      if (error instanceof Refusal) return studioError(res, error.status, error.code, error.message)
      // Written but not committed: not published either (the publication status says so), never a 200.
      if (error instanceof UnrecordedSave) return studioError(res, 500, "not_recorded", error.message)
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return studioError(res, 404, "not_found", "Fichier introuvable dans content/.")
      console.error(`studio : ${String(action)} a échoué`, error)
      studioError(res, 500, "internal_error", "Erreur interne du serveur : rien n'a été enregistré, réessayez.")
    }
  })
  // A thumbnail of the media library (thumbnails.ts); its address changes with the photo, so the browser may keep it.
  router.get("/api/v1/vignette", async (req: SessionRequest, res: Response) => {
    try {
      const bytes = await thumbnailOf(confine(siteDir, req.query.path, "photo"))
      res.set({ "Cache-Control": "private, max-age=86400", "Content-Type": "image/webp" }).send(bytes)
    } catch (error) {
      if (error instanceof Refusal) return studioError(res, error.status, error.code, error.message)
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return studioError(res, 404, "not_found", "Photo introuvable dans content/.")
      studioError(res, 422, "unreadable_photo", "Cette photo ne peut pas être réduite : ouvrez-la pour voir ce qui ne va pas.")
    }
  })
  const bodyErrors: ErrorRequestHandler = (error: { type?: string }, _req, res, next) => {
    if (error.type === "entity.too.large") return studioError(res, 413, "payload_too_large", "Envoi trop lourd : une photo fait au plus 10 Mo.")
    if (error.type === "entity.parse.failed") return studioError(res, 400, "invalid_json", "Requête du studio illisible.")
    next(error)
  }
  router.use(bodyErrors)
  return router
}
