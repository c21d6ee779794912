/**
 * The register's entries as the rest of the shop reads them (./register.ts list): checked one by
 * one as they are read, so that nothing unchecked is ever used.
 *
 * What must stay true: an entry is used only when its bytes are the ones the site wrote, its
 * fingerprint matches the key, its link matches the entry before it and it holds to the stored
 * entry's schema (./verify.ts checkEntryBytes, ./entry-check.ts); the first that fails ends the
 * reading (what follows it is not trusted either), logged, never thrown.
 */
import type { RegisterEntry } from "../../contract/buyback"
import { isStoredEntry } from "./entry-check"
import type { RegisterKey } from "./key"
import { walkChain } from "./verify"

type BytesOf = (number: number) => Promise<Buffer>

/** The entries numbered 1, 2, 3… of `numbers`, up to the first missing, unreadable, failing its check or outside the schema. */
export async function checkedEntries(numbers: readonly number[], bytesOf: BytesOf, key: RegisterKey): Promise<RegisterEntry[]> {
  const { entries, failure } = await walkChain(numbers, bytesOf, key.key, key.unkeyedEntries)
  const outside = entries.findIndex((entry) => !isStoredEntry(entry))
  const stop = outside >= 0 ? { number: outside + 1, problem: "hors du schéma d'une entrée" } : failure
  if (stop) console.error(`registre : entrée n° ${stop.number} illisible ou altérée, le registre est lu jusqu'à la précédente`, stop.problem)
  return outside >= 0 ? entries.slice(0, outside) : entries
}

/** The entries as they parse, unchecked ({} for one that does not): only to know, when the key is first made, whether entries were written before it. */
export async function parsedEntries(numbers: readonly number[], bytesOf: BytesOf): Promise<Array<Partial<RegisterEntry>>> {
  const entries: Array<Partial<RegisterEntry>> = []
  for (const number of numbers) {
    try {
      entries.push(JSON.parse((await bytesOf(number)).toString("utf8")) as Partial<RegisterEntry>)
    } catch {
      entries.push({})
    }
  }
  return entries
}
