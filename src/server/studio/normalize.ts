/**
 * What the studio sends, made into what the build expects, before the build's own validator
 * sees it (src/server/studio/save.ts):
 * - an emptied optional field ("" or null, what Decap saves for a cleared input) is removed,
 *   never kept empty (the schemas refuse both; a required one is then named missing, in French);
 * - a price typed "12,50" or "12.50" (a text, whatever the browser's locale) becomes 12.5;
 * - a list entry without a number, in a list whose entries are numbered, gets the next free one.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const PRICE = /^\s*(\d+)(?:[.,](\d+))?\s*(?:€)?\s*$/

function isObject(value: Json): value is { [key: string]: Json } {
  return value !== null && typeof value === "object" && !Array.isArray(value)
}

/** Next free numbers for entries without `id`, when at least one sibling has a numeric id. */
function numberEntries(list: Json[]): void {
  const ids = list.flatMap((entry) => (isObject(entry) && typeof entry.id === "number" ? [entry.id] : []))
  if (ids.length === 0) return
  let next = Math.max(...ids) + 1
  for (const entry of list) if (isObject(entry) && entry.id === undefined) entry.id = next++
}

export function normalizeContent(value: Json): Json {
  if (Array.isArray(value)) {
    const list = value.map(normalizeContent)
    numberEntries(list)
    return list
  }
  if (!isObject(value)) return value
  const result: { [key: string]: Json } = {}
  for (const [key, child] of Object.entries(value)) {
    if (child === null || child === "") continue
    const match = key === "price" && typeof child === "string" ? PRICE.exec(child) : null
    result[key] = match ? Number(`${match[1]}.${match[2] ?? "0"}`) : normalizeContent(child)
  }
  return result
}
