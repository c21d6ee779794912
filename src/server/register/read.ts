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
import { checkEntryBytes } from "./verify"

type BytesOf = (number: number) => Promise<Buffer>

/** The entries numbered 1, 2, 3… of `numbers`, up to the first missing, unreadable or failing its check. */
export async function checkedEntries(numbers: readonly number[], bytesOf: BytesOf, key: RegisterKey): Promise<RegisterEntry[]> {
  const entries: RegisterEntry[] = []
  let previous: Buffer | null = null
  for (const [index, number] of numbers.entries()) {
    try {
      if (number !== index + 1) throw new Error(`l'entrée n° ${index + 1} manque`)
      const bytes = await bytesOf(number)
      const checked = checkEntryBytes(number, bytes, previous, key.key, key.unkeyedEntries)
      if (!checked.ok) throw new Error(checked.problem)
      if (!isStoredEntry(checked.entry)) throw new Error("hors du schéma d'une entrée")
      entries.push(checked.entry)
      previous = bytes
    } catch (error) {
      console.error(`registre : entrée n° ${number} illisible ou altérée, le registre est lu jusqu'à la précédente`, (error as Error).message)
      break
    }
  }
  return entries
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
