/**
 * A posted word read against a table of choices or of words (the payment methods, the identity
 * documents, a page's « ?fait= » notices…) by the table's own keys only.
 *
 * What must stay true: `key in TABLE` and `TABLE[key]` also find what every object inherits
 * (« toString », « constructor », « __proto__ »…), so a crafted form or address would pass one of
 * those as a choice, and a function or a prototype would reach a page or the register; every
 * lookup of a value typed by someone goes through here (lint refuses `x in TABLE`).
 */

/** Whether `key` is one of `table`'s own keys. */
export function isOwnKey<T extends object>(table: T, key: unknown): key is Extract<keyof T, string> {
  return typeof key === "string" && Object.hasOwn(table, key)
}

/** `table[key]` when `key` is one of its own keys, else undefined. */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: unknown): V | undefined {
  return isOwnKey(table, key) ? table[key] : undefined
}
