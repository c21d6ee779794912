/**
 * What the studio sends, made into what the build expects, before the rules (rules.ts) see it:
 * on the site's own server (src/server/studio/save.ts) and in the studio's browser before a
 * commit to a git host (src/admin-rules/), the same function:
 * - an emptied optional field ("" or null, what Decap saves for a cleared input) is removed,
 *   never kept empty (the schemas refuse both; a required one is then named missing, in French);
 * - a price typed "12,50" or "12.50" (a text, whatever the browser's locale) becomes 12.5;
 * - a list entry without a number, in a list whose entries are numbered, gets the next free one.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Digits, then a comma or a point and more digits, an optional € around spaces: « 12,50 », « 12.5 € ». */
const DECIMAL = /^\s*(\d+)(?:[.,](\d+))?\s*(?:€)?\s*$/

/** The number an owner typed with a comma or a point (`12,50` → 12.5), or null when it is not one. */
export function parseDecimal(text: string): number | null {
  const match = DECIMAL.exec(text)
  return match ? Number(`${match[1]}.${match[2] ?? "0"}`) : null
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return value !== null && value !== undefined && typeof value === "object" && !Array.isArray(value)
}

/** The numbers the entries of a list carry (`id`), none when it is not a numbered list. */
function numbersIn(list: ReadonlyArray<Json>): number[] {
  return list.flatMap((entry) => (isObject(entry) && typeof entry.id === "number" ? [entry.id] : []))
}

/** The number a new entry of a numbered list gets: one more than the highest (1 for none). */
export function nextNumber(list: ReadonlyArray<Json>): number {
  return Math.max(0, ...numbersIn(list)) + 1
}

/** Next free numbers for entries without `id`, when at least one sibling has a numeric id. */
function numberEntries(list: Json[]): void {
  if (numbersIn(list).length === 0) return
  let next = nextNumber(list)
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
    const price = key === "price" && typeof child === "string" ? parseDecimal(child) : null
    result[key] = price ?? normalizeContent(child)
  }
  return result
}
