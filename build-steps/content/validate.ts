/**
 * Validates every file of `content/` against its JSON Schema in `content/schemas/`
 * and returns one French entry per problem: `content/fichier.json › chemin : problème`
 * (syntax errors add the line quoted under a caret).
 *
 * Used by gatsby-node (before GraphQL runs, and again on every content change in develop), by
 * `npm run check:content` and by the admin's tests: one check, everywhere.
 */
import fs from "node:fs"
import path from "node:path"
import Ajv from "ajv"
import addFormats from "ajv-formats"
import { ALL_CATEGORIES } from "../../src/sections/Gallery/gallery"
import { readJsonFile } from "./json-file"
import { describeError, formatPointer, type Found } from "./messages"
import { photoProblem, type PhotoRule } from "./photos"

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

/** A web address a visitor can follow: http(s) with a real host name. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value)
    return /^https?:$/.test(url.protocol) && url.hostname !== ""
  } catch {
    return false
  }
}

/** The entries of a list file: `{ "items": [...] }` (or a bare array), with their pointer prefix. */
function listEntries(data: unknown): { entries: unknown[]; prefix: string } {
  if (Array.isArray(data)) return { entries: data, prefix: "" }
  const items = (data as { items?: unknown } | null)?.items
  return Array.isArray(items) ? { entries: items, prefix: "/items" } : { entries: [], prefix: "" }
}

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

/** Checks that span two files: every sold item's category must exist in categories.json. */
function crossFileProblems(files: Map<string, unknown>, label: string): string[] {
  const items = files.get("sold-items")
  const categories = files.get("categories")
  if (items === undefined || categories === undefined) return []
  const names = new Set(listEntries(categories).entries.map((c) => (c as { name?: unknown }).name))
  const { entries, prefix } = listEntries(items)
  const problems: string[] = []
  entries.forEach((item, index) => {
    const category = (item as { category?: unknown }).category
    if (typeof category === "string" && !names.has(category)) {
      problems.push(
        `${label}/sold-items.json › ${formatPointer(`${prefix}/${index}/category`)} : catégorie ${JSON.stringify(category)} absente de ${label}/categories.json (ajoutez-la ou corrigez l'orthographe)`,
      )
    }
  })
  return problems
}

/** chat.json's vocabulary names brands and categories that must exist, spelled the same. */
function vocabularyProblems(files: Map<string, unknown>): string[] {
  const vocabulary = (files.get("chat") as { vocabulary?: Record<string, Array<Record<string, unknown>>> } | undefined)?.vocabulary
  if (!vocabulary) return []
  const names = (file: string) => {
    const data = files.get(file)
    return data === undefined ? null : new Set(listEntries(data).entries.map((entry) => (entry as { name?: unknown }).name))
  }
  const problems: string[] = []
  const check = (list: string, key: string, file: string, what: string) => {
    const known = names(file)
    if (!known) return
    ;(vocabulary[list] ?? []).forEach((entry, index) => {
      if (!known.has(entry[key])) {
        problems.push(
          `content/chat.json › vocabulary.${list}[${index}].${key} : ${what} ${JSON.stringify(entry[key])} absente de content/${file}.json (écrivez le nom exactement comme dans ce fichier)`,
        )
      }
    })
  }
  check("brands", "brand", "brands", "marque")
  check("categories", "category", "categories", "catégorie")
  return problems
}

/** buyback.json's grid prices a brand × category: both must exist, or the form and maxAi never find the line. */
function gridProblems(files: Map<string, unknown>): string[] {
  const grid = (files.get("buyback") as { grid?: { prices?: Array<{ brand?: unknown; category?: unknown }> } } | undefined)?.grid
  const names = (file: string) => {
    const data = files.get(file)
    return data === undefined ? null : new Set(listEntries(data).entries.map((entry) => (entry as { name?: unknown }).name))
  }
  const brands = names("brands")
  const categories = names("categories")
  return (grid?.prices ?? []).flatMap((line, index) => [
    ...(brands && !brands.has(line.brand) ? [`content/buyback.json › grid.prices[${index}].brand : marque ${JSON.stringify(line.brand)} absente de content/brands.json`] : []),
    ...(categories && !categories.has(line.category)
      ? [`content/buyback.json › grid.prices[${index}].category : catégorie ${JSON.stringify(line.category)} absente de content/categories.json`]
      : []),
  ])
}

type PhotoUse = { pointer: string; value: string; rule: PhotoRule }

function createAjv(contentDir: string, photos: PhotoUse[]): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, verbose: true })
  addFormats(ajv)
  ajv.addFormat("uri", { type: "string", validate: isWebAddress })
  ajv.addFormat("image-path", {
    type: "string",
    validate: (value: string) => {
      const resolved = path.resolve(contentDir, value)
      return resolved.startsWith(path.resolve(contentDir) + path.sep) && fs.existsSync(resolved) && fs.statSync(resolved).isFile()
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
      photos.push({ pointer: context?.instancePath ?? "", value, rule })
      return true
    },
  })
  return ajv
}

/**
 * Returns the list of problems found in `contentDir` (empty when everything is valid).
 * `label` prefixes file names in messages, so editors see `content/site.json`.
 */
export async function validateContent(contentDir: string, label = "content"): Promise<string[]> {
  const photos: PhotoUse[] = []
  const ajv = createAjv(contentDir, photos)
  const problems: string[] = []
  const loaded = new Map<string, unknown>()
  for (const name of CONTENT_FILES) {
    const fileLabel = `${label}/${name}.json`
    const schema = readJsonFile(path.join(contentDir, "schemas", `${name}.schema.json`), `${label}/schemas/${name}.schema.json`)
    if (schema.problem !== undefined) {
      problems.push(schema.problem)
      continue
    }
    const content = readJsonFile(path.join(contentDir, `${name}.json`), fileLabel)
    if (content.problem !== undefined) {
      problems.push(content.problem)
      continue
    }
    photos.length = 0
    const validate = ajv.compile(schema.data as object)
    const found: Found[] = []
    if (!validate(content.data)) {
      // An `if` error only repeats the `then`/`else` error that explains it.
      // One line per place: a value that breaks two rules (format and pattern of a URL) is one mistake.
      for (const error of validate.errors ?? []) {
        if (error.keyword === "if" || found.some((known) => known.pointer === error.instancePath && error.keyword !== "required" && error.keyword !== "additionalProperties")) continue
        found.push(describeError(error, content.data, contentDir))
      }
    }
    found.push(...structuralProblems(content.data))
    if (name === "categories") found.push(...categoryProblems(content.data))
    const failing = new Set(found.map((problem) => problem.pointer))
    for (const photo of [...photos]) {
      if (failing.has(photo.pointer)) continue
      const file = path.resolve(contentDir, photo.value)
      if (!fs.existsSync(file)) continue
      const problem = await photoProblem(file, path.posix.join(label, photo.value), photo.rule)
      if (problem) found.push({ pointer: photo.pointer, message: problem })
    }
    for (const { pointer, message } of found) problems.push(`${fileLabel} › ${formatPointer(pointer)} : ${message}`)
    if (found.length === 0) loaded.set(name, content.data)
  }
  problems.push(...crossFileProblems(loaded, label), ...vocabularyProblems(loaded), ...gridProblems(loaded))
  return problems
}
