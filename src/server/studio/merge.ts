/**
 * No lost update between two devices (docs/studio.md#no-lost-update-between-two-devices): a save names the text of each file it
 * was made from (its `base`, the version the studio loaded). When the file has changed since (the
 * owner's phone published meanwhile), the save is merged with that newer version, three ways:
 * what this save changed from its base is applied on top of what is there now. Changes that touch
 * different items (list items matched by their number, `id`), or different fields of one item,
 * both survive. When both touched the same field, or one deleted an item the other changed, the
 * save is refused and nothing is written: never a silent revert.
 *
 * Pure: JSON values in, a merged value or a conflict out.
 */

import type { Json } from "../../../build-steps/content/normalize"

/** Both versions changed the same field: `at` says where (for the log; the owner reads one sentence). */
export class MergeConflict extends Error {
  constructor(readonly at: string) {
    super(`modifié des deux côtés : ${at || "le fichier"}`)
    this.name = "MergeConflict"
  }
}

export const CONFLICT_WORDS = "Cet article a été modifié sur un autre appareil depuis que vous l'avez ouvert : rechargez la page pour voir la dernière version."

const isObject = (value: Json | undefined): value is { [key: string]: Json } => typeof value === "object" && value !== null && !Array.isArray(value)

export function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameJson(item, b[index]))
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a)
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameJson(a[key], b[key]))
  }
  return false
}

/** The item's number when every item of the list has a distinct one (sold items, brands, shops, news, the chat's answers). */
function numbers(list: Json[]): Array<string> | null {
  const ids = list.map((item) => (isObject(item) && (typeof item.id === "number" || typeof item.id === "string") ? String(item.id) : null))
  if (ids.some((id) => id === null) || new Set(ids).size !== ids.length) return null
  return ids as string[]
}

/** `undefined` stands for "absent" (a field or an item that does not exist in that version). */
function mergeValue(base: Json | undefined, theirs: Json | undefined, mine: Json | undefined, at: string): Json | undefined {
  if (sameJson(mine, base)) return theirs
  if (sameJson(theirs, base) || sameJson(theirs, mine)) return mine
  if (isObject(base) && isObject(theirs) && isObject(mine)) return mergeObjects(base, theirs, mine, at)
  if (Array.isArray(base) && Array.isArray(theirs) && Array.isArray(mine)) return mergeLists(base, theirs, mine, at)
  throw new MergeConflict(at)
}

function mergeObjects(base: { [key: string]: Json }, theirs: { [key: string]: Json }, mine: { [key: string]: Json }, at: string): Json {
  const merged: { [key: string]: Json } = {}
  // Mine's order of fields first (the save's layout), then fields only the other version has.
  for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base)])) {
    const value = mergeValue(base[key], theirs[key], mine[key], at ? `${at}.${key}` : key)
    if (value !== undefined) merged[key] = value
  }
  return merged
}

/** The order of `keys` as `list` has them (those it has). */
const orderIn = (keys: string[], present: Set<string>) => keys.filter((key) => present.has(key))

function mergeLists(base: Json[], theirs: Json[], mine: Json[], at: string): Json[] {
  const ids = { base: numbers(base), theirs: numbers(theirs), mine: numbers(mine) }
  if (!ids.base || !ids.theirs || !ids.mine) {
    // A list without numbers (texts, steps): merged place by place while no version added or removed one.
    if (base.length !== theirs.length || base.length !== mine.length) throw new MergeConflict(at)
    return base.map((item, index) => mergeValue(item, theirs[index], mine[index], `${at}[${index}]`) as Json)
  }
  const byId = (list: Json[], keys: string[]) => new Map(keys.map((key, index) => [key, list[index]!] as const))
  const versions = { base: byId(base, ids.base), theirs: byId(theirs, ids.theirs), mine: byId(mine, ids.mine) }
  const merged = new Map<string, Json>()
  for (const id of new Set([...ids.mine, ...ids.theirs, ...ids.base])) {
    const value = mergeValue(versions.base.get(id), versions.theirs.get(id), versions.mine.get(id), `${at}[n° ${id}]`)
    if (value !== undefined) merged.set(id, value)
  }
  // The order: the one version that reordered its common items wins (both did differently: a conflict);
  // items only one version added keep their place in it (a new item comes first).
  const kept = new Set(merged.keys())
  const common = (keys: string[]) => orderIn(keys, new Set(ids.base!.filter((key) => kept.has(key))))
  const mineMoved = !sameJson(common(ids.mine), common(ids.base))
  const theirsMoved = !sameJson(common(ids.theirs), common(ids.base))
  if (mineMoved && theirsMoved && !sameJson(common(ids.mine), common(ids.theirs))) throw new MergeConflict(at)
  const leading = mineMoved ? ids.mine : ids.theirs
  const other = mineMoved ? ids.theirs : ids.mine
  const order = orderIn(leading, kept)
  for (const id of orderIn(other, kept)) {
    if (order.includes(id)) continue
    // After the item that precedes it in its own version, or first.
    const before = other[other.indexOf(id) - 1]
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id)
  }
  return order.map((id) => merged.get(id)!)
}

/** What this save changed from `base`, applied on top of `theirs` (the file as it is now); throws a MergeConflict. */
export function mergeSave(base: Json, theirs: Json, mine: Json): Json {
  return mergeValue(base, theirs, mine, "") as Json
}
