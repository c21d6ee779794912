/**
 * Compares the admin's form (static/admin/config.yml, Decap CMS) with content/schemas/: the
 * admin must refuse what the validator refuses, or an editor saves a file the build rejects.
 * Returns one French line per disagreement; __tests__/admin-config.test.ts expects none.
 */
import fs from "node:fs"
import path from "node:path"

type Schema = {
  type?: string
  $ref?: string
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  minItems?: number
  pattern?: string
  enum?: string[]
  format?: string
  definitions?: Record<string, Schema>
}

export type AdminField = {
  name: string
  widget?: string
  required?: boolean
  min?: number
  max?: number
  pattern?: [string, string]
  value_type?: string
  options?: Array<string | { value: string }>
  fields?: AdminField[]
  field?: AdminField
}

type AdminFile = { name: string; file: string; fields: AdminField[] }
export type AdminConfig = { collections: Array<{ name: string; files?: AdminFile[] }> }

const TEXT_WIDGETS = new Set(["string", "text", "select", "relation", "image", "markdown"])
/** Which numbers each number field edits: Decap's own, and the studio's (src/admin-rules/widgets.ts). */
const NUMBER_WIDGETS: Record<string, ReadonlyArray<string>> = { number: ["int", "float"], decimal: ["float"], item_number: ["int"] }

function resolve(schema: Schema, root: Schema): Schema {
  if (!schema.$ref) return schema
  const target = root.definitions?.[schema.$ref.replace("#/definitions/", "")] ?? {}
  const { $ref: _ref, ...rest } = schema
  return { ...target, ...rest }
}

function compareField(schema: Schema, field: AdminField, required: boolean, where: string, root: Schema): string[] {
  const problems: string[] = []
  const say = (message: string) => problems.push(`${where} : ${message}`)
  const widget = field.widget ?? "string"
  if ((field.required !== false) !== required) say(`obligatoire dans le schéma : ${required ? "oui" : "non"}, dans l'admin : ${field.required !== false ? "oui" : "non"}`)

  if (schema.type === "string") {
    if (!TEXT_WIDGETS.has(widget)) say(`texte dans le schéma, widget « ${widget} » dans l'admin`)
    if ((schema.format === "image-path") !== (widget === "image")) say("une photo (format image-path) doit utiliser le widget image, et seulement elle")
    const lengthPattern =
      (schema.minLength ?? 0) > 1 || schema.maxLength !== undefined ? `^[\\s\\S]{${schema.minLength ?? 0},${schema.maxLength ?? ""}}$` : undefined
    const expected = schema.pattern ?? lengthPattern
    if (expected !== field.pattern?.[0]) say(`motif ${JSON.stringify(expected ?? null)} dans le schéma, ${JSON.stringify(field.pattern?.[0] ?? null)} dans l'admin`)
    if (schema.enum) {
      const options = (field.options ?? []).map((option) => (typeof option === "string" ? option : option.value))
      if (widget !== "select" || JSON.stringify(options) !== JSON.stringify(schema.enum)) say(`valeurs permises ${JSON.stringify(schema.enum)} dans le schéma, ${JSON.stringify(options)} dans l'admin`)
    }
  } else if (schema.type === "number" || schema.type === "integer") {
    const valueType = schema.type === "integer" ? "int" : "float"
    if (field.value_type !== valueType || !NUMBER_WIDGETS[widget]?.includes(valueType)) {
      say(`${schema.type === "integer" ? "nombre entier" : "nombre"} dans le schéma : widget number avec value_type ${valueType} attendu`)
    }
    if (schema.exclusiveMinimum !== undefined ? !(field.min !== undefined && field.min > schema.exclusiveMinimum) : field.min !== schema.minimum) {
      say(`minimum ${schema.exclusiveMinimum !== undefined ? `> ${schema.exclusiveMinimum}` : String(schema.minimum)} dans le schéma, ${String(field.min)} dans l'admin`)
    }
    if (field.max !== schema.maximum) say(`maximum ${String(schema.maximum)} dans le schéma, ${String(field.max)} dans l'admin`)
  } else if (schema.type === "boolean") {
    if (widget !== "boolean") say(`oui/non dans le schéma, widget « ${widget} » dans l'admin`)
  } else if (schema.type === "array") {
    if (widget !== "list") say(`liste dans le schéma, widget « ${widget} » dans l'admin`)
    if (field.min !== schema.minItems) say(`au moins ${String(schema.minItems)} élément(s) dans le schéma, ${String(field.min)} dans l'admin`)
    const items = resolve(schema.items ?? {}, root)
    if (items.type === "object") {
      problems.push(...compareFields(items, field.fields ?? [], where, root))
    } else if (field.field) {
      problems.push(...compareField(items, field.field, (items.minLength ?? 0) > 0, `${where}[]`, root))
    } else say("liste de valeurs simples : l'admin doit la décrire par `field`")
  } else if (schema.type === "object") {
    if (widget !== "object") say(`objet dans le schéma, widget « ${widget} » dans l'admin`)
    problems.push(...compareFields(schema, field.fields ?? [], where, root))
  }
  return problems
}

function compareFields(schema: Schema, fields: AdminField[], where: string, root: Schema): string[] {
  const problems: string[] = []
  const properties = schema.properties ?? {}
  const byName = new Map(fields.map((field) => [field.name, field]))
  for (const name of Object.keys(properties)) {
    if (!byName.has(name)) problems.push(`${where}.${name} : champ du schéma absent de l'admin`)
  }
  for (const field of fields) {
    const property = properties[field.name]
    if (!property) {
      problems.push(`${where}.${field.name} : champ de l'admin absent du schéma`)
      continue
    }
    const resolved = resolve(property, root)
    // Required in the form when the schema lists the key and forbids its empty value ("" or []).
    const listed = (schema.required ?? []).includes(field.name)
    const emptyAllowed =
      (resolved.type === "string" && !resolved.minLength && !resolved.enum && !resolved.format && !resolved.pattern) ||
      (resolved.type === "array" && !resolved.minItems)
    const required = listed && !emptyAllowed
    problems.push(...compareField(resolved, field, required, `${where}.${field.name}`, root))
  }
  return problems
}

/** Every disagreement between `config` and the schemas in `contentDir/schemas/`. */
export function adminConfigProblems(config: AdminConfig, contentDir: string): string[] {
  const problems: string[] = []
  const seen = new Set<string>()
  for (const collection of config.collections) {
    for (const file of collection.files ?? []) {
      const name = path.basename(file.file, ".json")
      seen.add(name)
      const schema = JSON.parse(fs.readFileSync(path.join(contentDir, "schemas", `${name}.schema.json`), "utf8")) as Schema
      problems.push(...compareFields(schema, file.fields, `content/${name}.json`, schema))
    }
  }
  for (const file of fs.readdirSync(path.join(contentDir, "schemas"))) {
    const name = file.replace(/\.schema\.json$/, "")
    if (!seen.has(name)) problems.push(`content/${name}.json : fichier sans formulaire dans l'admin`)
  }
  return problems
}
