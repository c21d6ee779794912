/**
 * The rules that span two content files (JSON Schema sees one file at a time): a sold item's
 * category, chat.json's vocabulary and buyback.json's price grid must name what exists, spelled
 * the same. `files` holds each file that passed its own schema, by name (rules.ts).
 */
import { formatPointer } from "./messages"

/** The entries of a list file: `{ "items": [...] }` (or a bare array), with their pointer prefix. */
export function listEntries(data: unknown): { entries: unknown[]; prefix: string } {
  if (Array.isArray(data)) return { entries: data, prefix: "" }
  const items = (data as { items?: unknown } | null)?.items
  return Array.isArray(items) ? { entries: items, prefix: "/items" } : { entries: [], prefix: "" }
}

/** The `name`s of a list file's entries, or null when that file did not pass its own schema. */
function namesIn(files: ReadonlyMap<string, unknown>, file: string): Set<unknown> | null {
  const data = files.get(file)
  return data === undefined ? null : new Set(listEntries(data).entries.map((entry) => (entry as { name?: unknown }).name))
}

/** Every sold item's category must exist in categories.json. */
function categoryProblems(files: ReadonlyMap<string, unknown>, label: string): string[] {
  const items = files.get("sold-items")
  const names = namesIn(files, "categories")
  if (items === undefined || names === null) return []
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
function vocabularyProblems(files: ReadonlyMap<string, unknown>): string[] {
  const vocabulary = (files.get("chat") as { vocabulary?: Record<string, Array<Record<string, unknown>>> } | undefined)?.vocabulary
  if (!vocabulary) return []
  const problems: string[] = []
  const check = (list: string, key: string, file: string, what: string) => {
    const known = namesIn(files, file)
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
function gridProblems(files: ReadonlyMap<string, unknown>): string[] {
  const grid = (files.get("buyback") as { grid?: { prices?: Array<{ brand?: unknown; category?: unknown }> } } | undefined)?.grid
  const brands = namesIn(files, "brands")
  const categories = namesIn(files, "categories")
  return (grid?.prices ?? []).flatMap((line, index) => [
    ...(brands && !brands.has(line.brand) ? [`content/buyback.json › grid.prices[${index}].brand : marque ${JSON.stringify(line.brand)} absente de content/brands.json`] : []),
    ...(categories && !categories.has(line.category)
      ? [`content/buyback.json › grid.prices[${index}].category : catégorie ${JSON.stringify(line.category)} absente de content/categories.json`]
      : []),
  ])
}

/** One French line per broken link between two files. */
export function crossFileProblems(files: ReadonlyMap<string, unknown>, label: string): string[] {
  return [...categoryProblems(files, label), ...vocabularyProblems(files), ...gridProblems(files)]
}
