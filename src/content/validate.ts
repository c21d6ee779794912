/**
 * Validates every file of `content/` against its JSON Schema in `content/schemas/`
 * and returns one French line per problem: `content/fichier.json › chemin : problème`.
 *
 * Used by gatsby-node (before GraphQL runs, so a bad file stops the build with a clear
 * message) and by `npm run check:content` (the same check, without building).
 */
import fs from "node:fs"
import path from "node:path"
import Ajv, { type ErrorObject } from "ajv"
import addFormats from "ajv-formats"

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
] as const

type Json = unknown

const TYPE_NAMES: Record<string, string> = {
  number: "un nombre",
  integer: "un nombre entier",
  string: "un texte (entre guillemets)",
  boolean: "true ou false",
  array: "une liste [ … ]",
  object: "un objet { … }",
  null: "null",
}

function describeType(expected: string | string[]): string {
  const list = Array.isArray(expected) ? expected : String(expected).split(",")
  return list.map((t) => TYPE_NAMES[t] ?? t).join(" ou ")
}

/** `/3/price` → `[3].price`, the way an editor reads a position in the file. */
export function formatPointer(pointer: string): string {
  if (!pointer) return "(racine)"
  return pointer
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join("")
}

function childPointer(parent: string, key: string): string {
  return `${parent}/${key}`
}

function valueAt(data: Json, pointer: string): Json {
  let current: Json = data
  for (const raw of pointer.split("/").slice(1)) {
    if (current === null || typeof current !== "object") return undefined
    current = (current as Record<string, Json>)[raw]
  }
  return current
}

function describeError(error: ErrorObject, data: Json, contentDir: string): { pointer: string; message: string } {
  const here = error.instancePath
  const received = JSON.stringify(valueAt(data, here))
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case "type":
      return { pointer: here, message: `doit être ${describeType(params.type as string)} (reçu ${received})` }
    case "required":
      return {
        pointer: childPointer(here, String(params.missingProperty)),
        message: "champ obligatoire manquant",
      }
    case "additionalProperties":
      return {
        pointer: childPointer(here, String(params.additionalProperty)),
        message: "clé inconnue (vérifiez l'orthographe ou supprimez-la)",
      }
    case "minLength":
      return { pointer: here, message: "ne doit pas être vide" }
    case "maxLength":
      return { pointer: here, message: `doit faire au plus ${String(params.limit)} caractères` }
    case "minimum":
    case "exclusiveMinimum":
    case "maximum":
    case "exclusiveMaximum": {
      const words: Record<string, string> = {
        minimum: "supérieur ou égal à",
        exclusiveMinimum: "strictement supérieur à",
        maximum: "inférieur ou égal à",
        exclusiveMaximum: "strictement inférieur à",
      }
      return { pointer: here, message: `doit être ${words[error.keyword]} ${String(params.limit)} (reçu ${received})` }
    }
    case "minItems":
      return { pointer: here, message: `doit contenir au moins ${String(params.limit)} élément(s)` }
    case "enum":
      return {
        pointer: here,
        message: `doit être l'une des valeurs : ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")} (reçu ${received})`,
      }
    case "pattern":
      return { pointer: here, message: `format incorrect (reçu ${received})` }
    case "format":
      if (params.format === "image-path") {
        return {
          pointer: here,
          message: `image introuvable : ${path.posix.join(path.basename(contentDir), String(valueAt(data, here)))} (ajoutez le fichier ou corrigez le chemin)`,
        }
      }
      if (params.format === "uri") {
        return { pointer: here, message: `doit être une adresse web complète, par exemple https://… (reçu ${received})` }
      }
      return { pointer: here, message: `format ${String(params.format)} attendu (reçu ${received})` }
    default:
      return { pointer: here, message: error.message ?? "valeur invalide" }
  }
}

/** Ids must be unique inside an array file: they key React lists and GraphQL nodes. */
function duplicateIdProblems(data: Json): Array<{ pointer: string; message: string }> {
  if (!Array.isArray(data)) return []
  const firstIndex = new Map<unknown, number>()
  const problems: Array<{ pointer: string; message: string }> = []
  data.forEach((entry: Json, index) => {
    if (entry === null || typeof entry !== "object" || !("id" in entry)) return
    const id = (entry as { id: unknown }).id
    const seen = firstIndex.get(id)
    if (seen === undefined) firstIndex.set(id, index)
    else problems.push({ pointer: `/${index}/id`, message: `identifiant ${JSON.stringify(id)} déjà utilisé par [${seen}]` })
  })
  return problems
}

/** Checks that span two files: every sold item's category must exist in categories.json. */
function crossFileProblems(files: Map<string, Json>): string[] {
  const items = files.get("sold-items")
  const categories = files.get("categories")
  if (!Array.isArray(items) || !Array.isArray(categories)) return []
  const names = new Set(categories.map((c: Json) => (c as { name?: unknown }).name))
  const problems: string[] = []
  items.forEach((item: Json, index) => {
    const category = (item as { category?: unknown }).category
    if (typeof category === "string" && !names.has(category)) {
      problems.push(
        `content/sold-items.json › [${index}].category : catégorie ${JSON.stringify(category)} absente de content/categories.json (ajoutez-la ou corrigez l'orthographe)`,
      )
    }
  })
  return problems
}

/** chat.json's vocabulary names brands and categories that must exist, spelled the same. */
function vocabularyProblems(files: Map<string, Json>): string[] {
  const vocabulary = (files.get("chat") as { vocabulary?: Record<string, Array<Record<string, unknown>>> } | undefined)?.vocabulary
  if (!vocabulary) return []
  const names = (file: string) => {
    const data = files.get(file)
    return Array.isArray(data) ? new Set(data.map((entry: Json) => (entry as { name?: unknown }).name)) : null
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

function readJson(file: string, label: string): { data?: Json; problem?: string } {
  if (!fs.existsSync(file)) return { problem: `${label} : fichier manquant` }
  try {
    return { data: JSON.parse(fs.readFileSync(file, "utf8")) as Json }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    return { problem: `${label} : JSON mal formé (${detail}). Vérifiez les virgules, guillemets et accolades.` }
  }
}

/**
 * Returns the list of problems found in `contentDir` (empty when everything is valid).
 * `label` prefixes file names in messages, so editors see `content/site.json`.
 */
export function validateContent(contentDir: string, label = "content"): string[] {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false })
  addFormats(ajv)
  ajv.addFormat("image-path", {
    type: "string",
    validate: (value: string) => {
      const resolved = path.resolve(contentDir, value)
      return resolved.startsWith(path.resolve(contentDir) + path.sep) && fs.existsSync(resolved) && fs.statSync(resolved).isFile()
    },
  })

  const problems: string[] = []
  const loaded = new Map<string, Json>()
  for (const name of CONTENT_FILES) {
    const fileLabel = `${label}/${name}.json`
    const schemaFile = path.join(contentDir, "schemas", `${name}.schema.json`)
    const schema = readJson(schemaFile, `${label}/schemas/${name}.schema.json`)
    if (schema.problem) {
      problems.push(schema.problem)
      continue
    }
    const content = readJson(path.join(contentDir, `${name}.json`), fileLabel)
    if (content.problem) {
      problems.push(content.problem)
      continue
    }
    const validate = ajv.compile(schema.data as object)
    const found: Array<{ pointer: string; message: string }> = []
    if (!validate(content.data)) {
      // An `if` error only repeats the `then`/`else` error that explains it.
      for (const error of validate.errors ?? []) {
        if (error.keyword !== "if") found.push(describeError(error, content.data, contentDir))
      }
    }
    found.push(...duplicateIdProblems(content.data))
    for (const { pointer, message } of found) problems.push(`${fileLabel} › ${formatPointer(pointer)} : ${message}`)
    if (found.length === 0) loaded.set(name, content.data)
  }
  problems.push(...crossFileProblems(loaded), ...vocabularyProblems(loaded))
  return problems
}
