/**
 * The content's rules, one French line per problem (`content/fichier.json › chemin : problème`):
 * each file against its JSON Schema in `content/schemas/`, the rules JSON Schema cannot say
 * (spaces-only text, ids used twice, gallery categories), the photos, and the rules between two
 * files (cross-file.ts). Pure: where the files come from is the reader's business, so the same
 * code gives the same verdicts in the build (validate.ts: from disk), on the site's own server
 * (src/server/studio/save.ts: a checked copy) and in the studio's browser before a commit to a
 * git host (src/admin-rules/: through Decap's backend).
 */
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv"
import addFormats from "ajv-formats"
import { ALL_CATEGORIES } from "../../src/sections/Gallery/gallery"
import { crossFileProblems, listEntries } from "./cross-file"
import type { JsonRead } from "./json-text"
import { describeError, formatPointer, type Found } from "./messages"
import { contentRelative, isWebAddress } from "./paths"
import type { PhotoRule } from "./photo-verdict"

/** The content files we expect, each with `schemas/<name>.schema.json`. */
export const CONTENT_FILES = [
  "site",
  "splash",
  "shops",
  "brands",
  "sold-items",
  "categories",
  "news",
  "engine",
  "buyback",
  "chat",
  "legal",
] as const

export type ContentFile = (typeof CONTENT_FILES)[number]

/** Where the rules read the content. Photo paths are relative to the content folder, normalised (`images/items/a.jpg`). */
export type ContentReader = {
  /** How messages name the content folder: `content`. */
  readonly label: string
  schema(name: ContentFile): JsonRead | Promise<JsonRead>
  content(name: ContentFile): JsonRead | Promise<JsonRead>
  /** Which of these photo paths name a file. */
  existing(paths: ReadonlyArray<string>): Promise<ReadonlySet<string>>
  /**
   * The French reason the existing photo at `path`, shown as `shownAs`, breaks `rule`, or null;
   * `file` names the content file whose field names it (none: a photo no file names yet).
   */
  photoProblem(path: string, shownAs: string, rule: PhotoRule, file?: ContentFile): Promise<string | null>
}

/** A photo no content file names yet (a media library upload) is still checked as a photo. */
const ANY_SIZE: PhotoRule = { minWidth: 1, minHeight: 1 }

/** Walks every string and every list of the data, for the rules JSON Schema cannot say. */
function walk(data: unknown, pointer: string, visit: (value: unknown, pointer: string) => void): void {
  visit(data, pointer)
  if (data !== null && typeof data === "object") {
    for (const [key, child] of Object.entries(data)) walk(child, `${pointer}/${key}`, visit)
  }
}

/** Spaces-only text, and ids that appear twice in one list (they key React lists and GraphQL). */
function structuralProblems(data: unknown): Found[] {
  const found: Found[] = []
  walk(data, "", (value, pointer) => {
    if (typeof value === "string" && value.length > 0 && value.trim() === "") {
      found.push({ pointer, message: "ne contient que des espaces (écrivez un texte ou videz le champ)" })
    }
    if (!Array.isArray(value)) return
    const firstIndex = new Map<unknown, number>()
    value.forEach((entry: unknown, index) => {
      if (entry === null || typeof entry !== "object" || !("id" in entry)) return
      const id = (entry as { id: unknown }).id
      const seen = firstIndex.get(id)
      if (seen === undefined) firstIndex.set(id, index)
      else found.push({ pointer: `${pointer}/${index}/id`, message: `identifiant ${JSON.stringify(id)} déjà utilisé par ${formatPointer(`${pointer}/${seen}`)}` })
    })
  })
  return found
}

/** Category names: unique (case and spaces ignored) and never the gallery's own "Tous" chip. */
function categoryProblems(data: unknown): Found[] {
  const { entries, prefix } = listEntries(data)
  const seen = new Map<string, number>()
  const found: Found[] = []
  entries.forEach((entry, index) => {
    const name = (entry as { name?: unknown }).name
    if (typeof name !== "string") return
    const key = name.trim().toLocaleLowerCase("fr")
    const pointer = `${prefix}/${index}/name`
    if (key === ALL_CATEGORIES.toLocaleLowerCase("fr")) {
      found.push({ pointer, message: `« ${ALL_CATEGORIES} » est réservé : la galerie l'ajoute d'elle-même en premier` })
    } else if (seen.has(key)) {
      found.push({ pointer, message: `catégorie « ${name} » déjà présente en ${formatPointer(`${prefix}/${seen.get(key)}`)}` })
    } else seen.set(key, index)
  })
  return found
}

type PhotoUse = { pointer: string; path: string; rule: PhotoRule }

/**
 * Photos are checked in two passes over the same compiled schemas: the first only gathers the
 * paths the `image-path` fields name (the reader may need to ask a git host which exist; ajv's
 * formats are synchronous), the second judges with the answer.
 */
type Photos = { named: Set<string>; existing?: ReadonlySet<string>; uses: PhotoUse[] }

/**
 * The photos of the validation running now. Compiling the eleven schemas costs a tenth of a second
 * or more, and every save is checked, so one Ajv and its compiled schemas serve every check; its
 * format and keyword read the check's photos from here. What must stay true: this is only set
 * around a synchronous validate call (`validateWith`), so two checks of two saves never see each
 * other's photos even when their awaits interleave.
 */
let checking: Photos | undefined

function photosOfThisCheck(): Photos {
  if (!checking) throw new Error("image-path checked outside validateWith")
  return checking
}

function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, verbose: true })
  addFormats(ajv)
  ajv.addFormat("uri", { type: "string", validate: isWebAddress })
  ajv.addFormat("image-path", {
    type: "string",
    validate: (value: string) => {
      const relative = contentRelative(value)
      if (relative === null) return false
      const photos = photosOfThisCheck()
      if (!photos.existing) photos.named.add(relative)
      return photos.existing?.has(relative) ?? true
    },
  })
  // `"photo": { "minWidth", "minHeight" }` beside `"format": "image-path"`: the photo is opened
  // and checked after the schema pass (it is asynchronous, ajv keywords are not).
  ajv.addKeyword({
    keyword: "photo",
    type: "string",
    metaSchema: {
      type: "object",
      required: ["minWidth", "minHeight"],
      additionalProperties: false,
      properties: { minWidth: { type: "integer" }, minHeight: { type: "integer" } },
    },
    validate: (rule: PhotoRule, value: string, _parent?: unknown, context?: { instancePath: string }) => {
      const relative = contentRelative(value)
      if (relative !== null) photosOfThisCheck().uses.push({ pointer: context?.instancePath ?? "", path: relative, rule })
      return true
    },
  })
  return ajv
}

let sharedAjv: Ajv | undefined
/** Compiled schemas by their text: a schema edited on disk is compiled anew, an unchanged one never again. */
const compiled = new Map<string, ValidateFunction>()

function compiledSchema(schema: unknown): ValidateFunction {
  const text = JSON.stringify(schema)
  let validate = compiled.get(text)
  if (!validate) {
    sharedAjv ??= createAjv()
    validate = sharedAjv.compile(schema as object)
    compiled.set(text, validate)
  }
  return validate
}

/** `validate(data)` with `photos` as the photos its image-path fields report to; its errors, or null when valid. */
function validateWith(validate: ValidateFunction, data: unknown, photos: Photos): ErrorObject[] | null {
  checking = photos
  try {
    return validate(data) ? null : [...(validate.errors ?? [])]
  } finally {
    checking = undefined
  }
}

/** Returns the list of problems the reader's content has (empty when everything is valid). */
export async function contentProblems(reader: ContentReader): Promise<string[]> {
  const { label } = reader
  const photos: Photos = { named: new Set(), uses: [] }
  const problems: string[] = []
  const files = await Promise.all(CONTENT_FILES.map(async (name) => ({ name, schema: await reader.schema(name), content: await reader.content(name) })))
  const checked = files.map((file) => ({ ...file, validate: file.schema.problem === undefined ? compiledSchema(file.schema.data) : undefined }))
  for (const { validate, content } of checked) if (validate && content.problem === undefined) validateWith(validate, content.data, photos)
  photos.existing = await reader.existing([...photos.named])

  const loaded = new Map<string, unknown>()
  for (const { name, schema, content, validate } of checked) {
    const fileLabel = `${label}/${name}.json`
    if (schema.problem !== undefined) {
      problems.push(schema.problem)
      continue
    }
    if (content.problem !== undefined) {
      problems.push(content.problem)
      continue
    }
    photos.uses.length = 0
    const found: Found[] = []
    const errors = validate ? validateWith(validate, content.data, photos) : null
    if (errors) {
      // An `if` error only repeats the `then`/`else` error that explains it.
      // One line per place: a value that breaks two rules (format and pattern of a URL) is one mistake.
      for (const error of errors) {
        if (error.keyword === "if" || found.some((known) => known.pointer === error.instancePath && error.keyword !== "required" && error.keyword !== "additionalProperties")) continue
        found.push(describeError(error, content.data, label))
      }
    }
    found.push(...structuralProblems(content.data))
    if (name === "categories") found.push(...categoryProblems(content.data))
    const failing = new Set(found.map((problem) => problem.pointer))
    for (const photo of [...photos.uses]) {
      if (failing.has(photo.pointer) || !photos.existing.has(photo.path)) continue
      const problem = await reader.photoProblem(photo.path, `${label}/${photo.path}`, photo.rule, name)
      if (problem) found.push({ pointer: photo.pointer, message: problem })
    }
    for (const { pointer, message } of found) problems.push(`${fileLabel} › ${formatPointer(pointer)} : ${message}`)
    if (found.length === 0) loaded.set(name, content.data)
  }
  problems.push(...crossFileProblems(loaded, label))
  return problems
}

/**
 * What a save would leave wrong: the whole content as the reader sees it once the change is made,
 * and each photo the change adds (`photos`, content-relative), named by a file or not.
 */
export async function changeProblems(reader: ContentReader, photos: ReadonlyArray<string>): Promise<string[]> {
  const problems = await contentProblems(reader)
  for (const photo of photos) {
    const problem = await reader.photoProblem(photo, `${reader.label}/${photo}`, ANY_SIZE)
    if (problem && !problems.some((line) => line.includes(problem))) problems.push(problem)
  }
  return problems
}
