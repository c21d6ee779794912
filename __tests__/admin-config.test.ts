/**
 * @jest-environment node
 */
import fs from "node:fs"
import path from "node:path"
import { parse } from "yaml"
import { adminConfigProblems, type AdminConfig, type AdminField } from "../build-steps/content/admin-config"

const ROOT = path.resolve(__dirname, "..")
const CONTENT = path.join(ROOT, "content")
const readConfig = () => parse(fs.readFileSync(path.join(ROOT, "static/admin/config.yml"), "utf8")) as AdminConfig

function fieldsOf(config: AdminConfig, file: string): AdminField[] {
  const entry = config.collections.flatMap((collection) => collection.files ?? []).find((candidate) => candidate.name === file)
  if (!entry) throw new Error(`pas de fichier ${file} dans config.yml`)
  return entry.fields
}
/** The fields of one entry of a list file (its `items` list). */
const itemFields = (config: AdminConfig, file: string) => field(fieldsOf(config, file), "items").fields!
const soldItemFields = (config: AdminConfig) => itemFields(config, "sold-items")
const field = (fields: AdminField[], name: string) => fields.find((candidate) => candidate.name === name)!

describe("the admin's form mirrors content/schemas/", () => {
  it("agrees with every schema, field by field", () => {
    expect(adminConfigProblems(readConfig(), CONTENT)).toEqual([])
  })

  it("is in French, with the local backend for npm run edit", () => {
    const config = readConfig() as AdminConfig & { locale: string; local_backend: boolean }
    expect(config.locale).toBe("fr")
    expect(config.local_backend).toBe(true)
  })

  it("fails when a schema field is missing from the admin", () => {
    const config = readConfig()
    const fields = soldItemFields(config)
    fields.splice(
      fields.findIndex((candidate) => candidate.name === "views"),
      1,
    )
    expect(adminConfigProblems(config, CONTENT)).toEqual(["content/sold-items.json.items.views : champ du schéma absent de l'admin"])
  })

  it("fails when the admin has a field the schema does not know", () => {
    const config = readConfig()
    soldItemFields(config).push({ name: "colour", widget: "string" })
    expect(adminConfigProblems(config, CONTENT)).toEqual(["content/sold-items.json.items.colour : champ de l'admin absent du schéma"])
  })

  it("fails when required, min, max or pattern differ", () => {
    const config = readConfig()
    const fields = soldItemFields(config)
    field(fields, "title").required = false
    field(fields, "price").max = 5000
    field(fields, "views").min = 1
    const shopFields = itemFields(config, "shops")
    field(shopFields, "url").pattern = ["^https://", "Adresse en https://"]
    expect(adminConfigProblems(config, CONTENT)).toEqual([
      "content/sold-items.json.items.title : obligatoire dans le schéma : oui, dans l'admin : non",
      "content/sold-items.json.items.price : maximum 2000 dans le schéma, 5000 dans l'admin",
      "content/sold-items.json.items.views : minimum 0 dans le schéma, 1 dans l'admin",
      'content/shops.json.items.url : motif "^https://[^/\\\\s]+\\\\.[^/\\\\s]+(/\\\\S*)?$" dans le schéma, "^https://" dans l\'admin',
    ])
  })

  it("fails when a number is edited as text", () => {
    const config = readConfig()
    field(soldItemFields(config), "price").widget = "string"
    expect(adminConfigProblems(config, CONTENT)).toEqual([
      "content/sold-items.json.items.price : nombre dans le schéma : widget number avec value_type float attendu",
    ])
  })

  it("knows the studio's own number fields, each for its kind of number", () => {
    const config = readConfig()
    const fields = soldItemFields(config)
    expect(field(fields, "id").widget).toBe("item_number")
    expect(field(fields, "price").widget).toBe("decimal")
    field(fields, "views").widget = "decimal"
    field(fields, "price").widget = "item_number"
    expect(adminConfigProblems(config, CONTENT)).toEqual([
      "content/sold-items.json.items.price : nombre dans le schéma : widget number avec value_type float attendu",
      "content/sold-items.json.items.views : nombre entier dans le schéma : widget number avec value_type int attendu",
    ])
  })
})

/** Every field of the studio's form with its path (`chat.intents.questions`), nested ones included. */
function everyField(config: AdminConfig): Array<{ path: string; field: AdminField & Record<string, unknown> }> {
  const walk = (fields: AdminField[], path: string): Array<{ path: string; field: AdminField & Record<string, unknown> }> =>
    fields.flatMap((child) => [
      { path: `${path}.${child.name}`, field: child as AdminField & Record<string, unknown> },
      ...walk([...(child.fields ?? []), ...(child.field ? [child.field] : [])], `${path}.${child.name}`),
    ])
  return config.collections.flatMap((collection) => (collection.files ?? []).flatMap((file) => walk(file.fields, file.name)))
}

/** What a field of this studio may say to Decap: anything else is a label cut at its comma (`label: Envoyer (adresse, emballage)` in a flow mapping). */
const FIELD_KEYS = new Set(
  "name label label_singular widget fields field summary min max required hint pattern options default value_type add_to_top media_folder public_folder choose_url media_processing collection file search_fields value_field display_fields".split(
    " ",
  ),
)

describe("the studio's words (issue 39)", () => {
  it("has every label whole: none cut by a comma into a key Decap does not know", () => {
    const unknown = everyField(readConfig()).flatMap(({ path, field: { label, ...rest } }) =>
      Object.keys(rest)
        .filter((key) => !FIELD_KEYS.has(key))
        .map((key) => `${path} : « ${String(label)} » coupé avant « ${key} »`),
    )
    expect(unknown).toEqual([])
  })

  it("names every list's item with its article, for « Ajouter un article », « Ajouter une question reconnue »", () => {
    const lists = everyField(readConfig()).filter(({ field: list }) => list.widget === "list")
    expect(lists.filter(({ field: list }) => !/^(un|une) \S/.test(String(list.label_singular ?? ""))).map(({ path }) => path)).toEqual([])
  })

  it("titles each item of a one-field list by its words, not by the field's label (« Question », « Mot »)", () => {
    const lists = everyField(readConfig()).filter(({ field: list }) => list.widget === "list" && list.field)
    expect(lists.filter(({ field: list }) => list.summary !== `{{fields.${list.field!.name}}}`).map(({ path }) => path)).toEqual([])
  })
})

/**
 * The studio's one-line fields (widget string) cut a long value on a phone: a shipped
 * « [À COMPLÉTER : …] » hint must sit in a multi-line field (widget text), or the owner reads
 * « [À COMPLÉTER : forme juridique et ca » and has to guess the rest.
 */
function oneLinePlaceholders(fields: AdminField[], value: unknown, where: string): string[] {
  const found: string[] = []
  for (const candidate of fields) {
    const held = (value as Record<string, unknown> | undefined)?.[candidate.name]
    const here = `${where}.${candidate.name}`
    if (typeof held === "string") {
      if (held.includes("[À COMPLÉTER") && (candidate.widget ?? "string") === "string") found.push(here)
    } else if (Array.isArray(held)) {
      held.forEach((entry, index) => {
        if (candidate.fields) found.push(...oneLinePlaceholders(candidate.fields, entry, `${here}[${index}]`))
        else if (candidate.field) found.push(...oneLinePlaceholders([candidate.field], { [candidate.field.name]: entry }, `${here}[${index}]`))
      })
    } else if (held && candidate.fields) found.push(...oneLinePlaceholders(candidate.fields, held, here))
  }
  return found
}

describe("the shipped placeholders on a phone", () => {
  const placeholdersInOneLineFields = (config: AdminConfig) =>
    config.collections
      .flatMap((collection) => collection.files ?? [])
      .flatMap((file) => oneLinePlaceholders(file.fields, JSON.parse(fs.readFileSync(path.join(ROOT, file.file), "utf8")), file.file))

  it("shows each « [À COMPLÉTER : …] » whole, in a multi-line field", () => {
    expect(placeholdersInOneLineFields(readConfig())).toEqual([])
  })

  it("names a placeholder left in a one-line field", () => {
    const config = readConfig()
    const publisher = field(fieldsOf(config, "legal"), "publisher").fields!
    field(publisher, "legalForm").widget = "string"
    expect(placeholdersInOneLineFields(config)).toEqual(["content/legal.json.publisher.legalForm"])
  })
})
