/**
 * The content as a save would leave it, read through Decap's backend (the git host), for the
 * build's own rules (build-steps/content/rules.ts) in the browser: the files the save changes as
 * Decap is about to commit them, every other file as the repository holds it, the photos the
 * save adds, the repository's photo folders as listed by the host, minus the photos it deletes.
 *
 * Photos are judged by photo-verdict.ts, the build's rule, decoded with createImageBitmap. A
 * photo already named by the repository's version of the same file, or by a file the save does
 * not change, is not downloaded again (on a phone, every photo of the catalogue at each save):
 * the build judged it when it was committed. What must stay true for that to hold: within one
 * content file, every photo field has the same `photo` minimum (today: one photo field per file).
 */
import { missingProblem, parseJsonText, type JsonRead } from "../../build-steps/content/json-text"
import { HEADER_BYTES, headerPixelSize, photoVerdict, type PhotoFile } from "../../build-steps/content/photo-verdict"
import { pathsNamedIn } from "../../build-steps/content/paths"
import type { ContentFile, ContentReader } from "../../build-steps/content/rules"
import { readHead } from "../contract/photos"
import type { BackendImplementation } from "./decap"

/** Where the content files live in the repository (static/admin/config.yml's `file:` paths). */
export const CONTENT_FOLDER = "content"
const LABEL = "content"

/** What a save changes, by repository path (`content/sold-items.json`, `content/images/items/a.jpg`). */
export type Change = {
  readonly texts?: ReadonlyMap<string, string>
  readonly uploads?: ReadonlyMap<string, Blob>
  readonly deleted?: ReadonlySet<string>
}

export const repositoryPath = (relative: string) => `${CONTENT_FOLDER}/${relative}`

/** `content/images/a.jpg` → `images/a.jpg`; null for a path outside the content folder. */
export function contentPath(path: string): string | null {
  const clean = path.replace(/^\/+/, "")
  return clean.startsWith(`${CONTENT_FOLDER}/`) ? clean.slice(CONTENT_FOLDER.length + 1) : null
}

/** The texts of the repository's files, each asked once per save. */
export class RepositoryTexts {
  private readonly asked = new Map<string, Promise<string | null>>()
  constructor(private readonly backend: BackendImplementation) {}

  get(path: string): Promise<string | null> {
    let text = this.asked.get(path)
    if (!text) {
      text = this.backend.getEntry(path).then(
        (entry) => (typeof entry.data === "string" ? entry.data : null),
        () => null,
      )
      this.asked.set(path, text)
    }
    return text
  }
}

/** A photo held by the browser (an upload, or one downloaded from the host) as the verdict reads it. */
export function blobPhoto(blob: Blob, name: string): PhotoFile {
  return {
    size: blob.size,
    name,
    head: () => readHead(blob),
    headerSize: async () => headerPixelSize(await readHead(blob, HEADER_BYTES)),
    async dimensions() {
      // Decodes the whole picture: one that cannot be decoded throws (the build's "illisible").
      const bitmap = await createImageBitmap(blob)
      const size = { width: bitmap.width, height: bitmap.height }
      bitmap.close()
      return size
    },
  }
}

export function gitReader(
  backend: BackendImplementation,
  schemas: Record<ContentFile, unknown>,
  change: Change,
  repository = new RepositoryTexts(backend),
): ContentReader {
  const texts = change.texts ?? new Map<string, string>()
  const uploads = change.uploads ?? new Map<string, Blob>()
  const deleted = change.deleted ?? new Set<string>()
  const listings = new Map<string, Promise<Set<string>>>()

  const listing = (folder: string) => {
    let files = listings.get(folder)
    if (!files) {
      files = backend.getMedia(folder).then(
        (photos) => new Set(photos.map((photo) => photo.path.replace(/^\/+/, ""))),
        () => new Set<string>(),
      )
      listings.set(folder, files)
    }
    return files
  }

  /** Whether the photo at `relative`, named by `file`, was already in the repository's version of it. */
  const judgedBefore = async (relative: string, file: ContentFile) => {
    const path = repositoryPath(`${file}.json`)
    if (!texts.has(path)) return true
    const before = parseJsonText((await repository.get(path)) ?? "", path)
    return before.problem === undefined && pathsNamedIn(before.data).has(relative)
  }

  return {
    label: LABEL,
    schema: (name): JsonRead => ({ data: schemas[name] }),
    async content(name) {
      const path = repositoryPath(`${name}.json`)
      const text = texts.get(path) ?? (await repository.get(path))
      return text === null ? { problem: missingProblem(`${LABEL}/${name}.json`) } : parseJsonText(text, `${LABEL}/${name}.json`)
    },
    async existing(paths) {
      const found = new Set<string>()
      for (const relative of paths) {
        const path = repositoryPath(relative)
        if (deleted.has(path)) continue
        if (uploads.has(path) || (await listing(path.slice(0, path.lastIndexOf("/")))).has(path)) found.add(relative)
      }
      return found
    },
    async photoProblem(relative, shownAs, rule, file) {
      const path = repositoryPath(relative)
      const upload = uploads.get(path)
      if (upload) return photoVerdict(blobPhoto(upload, path), shownAs, rule)
      if (file && (await judgedBefore(relative, file))) return null
      const stored = await backend.getMediaFile(path).then(
        (media) => media.file,
        () => undefined,
      )
      if (!stored) return `${shownAs} n'a pas pu être lue sur le dépôt pour être vérifiée : vérifiez la connexion et réessayez`
      return photoVerdict(blobPhoto(stored, path), shownAs, rule)
    },
  }
}
