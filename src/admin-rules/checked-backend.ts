/**
 * One set of rules before every save, in the browser (docs/studio.md#one-set-of-rules-before-every-save): Decap's backend is
 * wrapped so that, before anything is committed to the git host, each content file is shaped as
 * the build expects it (build-steps/content/normalize.ts: emptied optional fields removed, « 12,50 »
 * → 12.5, missing item numbers assigned) and laid out like the repository's version of it
 * (layout.ts: the commit shows only the change), and the content as the save would leave it is
 * checked by the build's own rules (rules.ts, read through git-reader.ts). Refused, the save
 * throws: nothing is committed, Decap never says « Publiée » and shows the French lines in its
 * notification. Photo uploads (persistMedia) and deletions (deleteFiles) are checked the same way.
 *
 * On the site's own server (the proxy backend without local_backend) the server applies the
 * same rules to every save (src/server/studio/save.ts): the wrapper only lets its French
 * refusal reach the notification as it is written, and reads its media library by thumbnails
 * (`getMedia` lists names, sizes and thumbnail addresses, src/server/studio/thumbnails.ts; the
 * stock proxy backend would expect every photo whole, in base64).
 */
import { layoutLike } from "../../build-steps/content/layout"
import { normalizeContent, type Json } from "../../build-steps/content/normalize"
import { refusalText } from "../../build-steps/content/report"
import { changeProblems, CONTENT_FILES, type ContentFile } from "../../build-steps/content/rules"
import type { Asset, BackendImplementation, DataFile, DecapConfig, MediaFile, ProxyImplementation } from "./decap"
import { contentPath, gitReader, repositoryPath, RepositoryTexts, type Change } from "./git-reader"

/** A save the build would refuse. Its name is empty so Decap's notification shows the French lines alone. */
export class ContentRefused extends Error {
  override name = ""
}

const CONTENT_TEXTS = new Set<string>(CONTENT_FILES.map((name) => repositoryPath(`${name}.json`)))

/** The text Decap is about to commit, shaped as the build expects and laid out like the repository's. */
async function shaped(file: DataFile, repository: RepositoryTexts): Promise<DataFile> {
  if (!CONTENT_TEXTS.has(file.path)) return file
  const before = (await repository.get(file.path)) ?? ""
  return { ...file, raw: layoutLike(before, normalizeContent(JSON.parse(file.raw) as Json)) }
}

const uploadsOf = (assets: ReadonlyArray<Asset>) =>
  new Map(assets.flatMap((asset) => (asset.fileObj ? [[asset.path.replace(/^\/+/, ""), asset.fileObj] as const] : [])))

/** A host's refusal as Decap shows it: its message alone (the server's French lines), not `API_ERROR: …`. */
function plainRefusal(error: unknown): never {
  throw error instanceof Error && error.name === "API_ERROR" ? new ContentRefused(error.message, { cause: error }) : error
}

/** `inner` with `overrides`; everything else (login, reading, listing) is the host's own, called on the host's object. */
function overriding(inner: BackendImplementation, overrides: Partial<BackendImplementation>): BackendImplementation {
  return new Proxy(inner, {
    get(target, key) {
      if (typeof key === "string" && key in overrides) return overrides[key as keyof BackendImplementation]
      const value: unknown = Reflect.get(target, key)
      return typeof value === "function" ? value.bind(target) : value
    },
  })
}

/** The site's own server's `getMedia`: each photo shown by its thumbnail; the original comes with `getMediaFile`. */
async function listedMedia(proxy: ProxyImplementation, folder = proxy.mediaFolder): Promise<MediaFile[]> {
  const listed = (await proxy.request({ action: "getMedia", params: { branch: proxy.branch, mediaFolder: folder } })) as ReadonlyArray<
    Omit<MediaFile, "displayURL">
  >
  return listed.map((photo) => ({ ...photo, displayURL: photo.url }))
}

export function checkedBackend(inner: BackendImplementation, config: DecapConfig, schemas: Record<ContentFile, unknown>): BackendImplementation {
  if (config.backend.name === "proxy" && !config.local_backend) {
    // The text of each file as this studio loaded it: sent with a save as its `base`, so that a
    // save made from an older version is merged with the newer one or refused, never a silent
    // revert (src/server/studio/merge.ts). After a save, what was sent is the base of the next.
    const loaded = new Map<string, string>()
    const remember = (path: string | undefined, data: unknown) => {
      if (path && typeof data === "string") loaded.set(path, data)
    }
    return overriding(inner, {
      getMedia: (folder) => listedMedia(inner as ProxyImplementation, folder),
      getEntry: async (path) => {
        const entry = await inner.getEntry(path)
        remember(path, entry.data)
        return entry
      },
      entriesByFiles: async (files) => {
        const entries = (await inner.entriesByFiles?.(files)) ?? []
        for (const entry of entries) remember(entry.file?.path, entry.data)
        return entries
      },
      persistEntry: async (entry, options) => {
        const dataFiles = entry.dataFiles.map((file) => ({ ...file, base: loaded.get(file.path) }))
        const saved = await inner.persistEntry({ ...entry, dataFiles }, options).catch(plainRefusal)
        for (const file of entry.dataFiles) loaded.set(file.path, file.raw)
        return saved
      },
      persistMedia: (file, options) => inner.persistMedia(file, options).catch(plainRefusal),
      deleteFiles: (paths, commitMessage) => inner.deleteFiles(paths, commitMessage).catch(plainRefusal),
    })
  }

  const refuseIfBroken = async (change: Change, repository = new RepositoryTexts(inner)) => {
    const added = [...(change.uploads?.keys() ?? [])].flatMap((path) => contentPath(path) ?? [])
    const problems = await changeProblems(gitReader(inner, schemas, change, repository), added)
    if (problems.length > 0) throw new ContentRefused(refusalText(problems))
  }

  return overriding(inner, {
    async persistEntry(entry, options) {
      const repository = new RepositoryTexts(inner)
      const dataFiles = await Promise.all(entry.dataFiles.map((file) => shaped(file, repository)))
      const texts = new Map(dataFiles.filter((file) => CONTENT_TEXTS.has(file.path)).map((file) => [file.path, file.raw] as const))
      await refuseIfBroken({ texts, uploads: uploadsOf(entry.assets) }, repository)
      return inner.persistEntry({ ...entry, dataFiles }, options).catch(plainRefusal)
    },
    async persistMedia(file, options) {
      await refuseIfBroken({ uploads: uploadsOf([file]) })
      return inner.persistMedia(file, options).catch(plainRefusal)
    },
    async deleteFiles(paths, commitMessage) {
      await refuseIfBroken({ deleted: new Set(paths.map((path) => path.replace(/^\/+/, ""))) })
      return inner.deleteFiles(paths, commitMessage).catch(plainRefusal)
    },
  })
}
