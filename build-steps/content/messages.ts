/**
 * One French sentence per JSON Schema rule an editor can break. A field's `description` in the
 * schema is the hint shown after pattern, format and range failures, so the rule is spelled out
 * once, beside the rule itself (the admin shows the same text as the field's hint).
 */
import type { ErrorObject } from "ajv"

export type Found = { pointer: string; message: string }

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

/** `/items/3/price` → `items[3].price`, the way an editor reads a position in the file. */
export function formatPointer(pointer: string): string {
  if (!pointer) return "(racine)"
  return pointer
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join("")
}

export function valueAt(data: unknown, pointer: string): unknown {
  let current: unknown = data
  for (const raw of pointer.split("/").slice(1)) {
    if (current === null || typeof current !== "object") return undefined
    current = (current as Record<string, unknown>)[raw]
  }
  return current
}

const RANGE_WORDS: Record<string, string> = {
  minimum: "supérieur ou égal à",
  exclusiveMinimum: "strictement supérieur à",
  maximum: "inférieur ou égal à",
  exclusiveMaximum: "strictement inférieur à",
}

/**
 * The error in French; `error.parentSchema` (ajv `verbose`) carries the field's description.
 * `label` names the content folder in messages (`content`).
 */
export function describeError(error: ErrorObject, data: unknown, label: string): Found {
  const here = error.instancePath
  const value = valueAt(data, here)
  const received = JSON.stringify(value)
  const params = error.params as Record<string, unknown>
  const description = (error.parentSchema as { description?: string } | undefined)?.description
  const hint = description ? ` — ${description}` : ""
  switch (error.keyword) {
    case "type":
      return { pointer: here, message: `doit être ${describeType(params.type as string)} (reçu ${received})` }
    case "required":
      return { pointer: `${here}/${String(params.missingProperty)}`, message: "champ obligatoire manquant" }
    case "additionalProperties":
      return { pointer: `${here}/${String(params.additionalProperty)}`, message: "clé inconnue (vérifiez l'orthographe ou supprimez-la)" }
    case "minLength":
      if (params.limit === 1) return { pointer: here, message: "ne doit pas être vide" }
      return { pointer: here, message: `doit faire au moins ${String(params.limit)} caractères (reçu ${String(value).length})` }
    case "maxLength":
      return { pointer: here, message: `doit faire au plus ${String(params.limit)} caractères (reçu ${String(value).length})` }
    case "minimum":
    case "exclusiveMinimum":
    case "maximum":
    case "exclusiveMaximum":
      return { pointer: here, message: `doit être ${RANGE_WORDS[error.keyword]} ${String(params.limit)} (reçu ${received})${hint}` }
    case "minItems":
      return { pointer: here, message: `doit contenir au moins ${String(params.limit)} élément(s)` }
    case "maxItems":
      return { pointer: here, message: `doit contenir au plus ${String(params.limit)} élément(s)` }
    case "uniqueItems":
      return { pointer: here, message: "contient deux fois la même valeur" }
    case "enum":
      return {
        pointer: here,
        message: `doit être l'une des valeurs : ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")} (reçu ${received})`,
      }
    case "pattern":
      return { pointer: here, message: `format incorrect (reçu ${received})${hint || ` — doit respecter ${String(params.pattern)}`}` }
    case "format":
      if (params.format === "image-path") {
        return {
          pointer: here,
          message: `image introuvable : ${label}/${String(value)} (ajoutez le fichier ou corrigez le chemin)`,
        }
      }
      if (params.format === "uri") {
        return { pointer: here, message: `doit être une adresse web complète, par exemple https://www.vinted.fr/member/123 (reçu ${received})` }
      }
      return { pointer: here, message: `format ${String(params.format)} attendu (reçu ${received})${hint}` }
    default:
      return { pointer: here, message: error.message ?? "valeur invalide" }
  }
}
