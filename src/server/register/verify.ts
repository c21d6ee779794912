/**
 * The register's check (`npm run registre -- verify`, the register's page): numbers from 1
 * without a gap, each entry's fingerprint and its link to the previous entry's bytes (./chain.ts),
 * keyed after the key's creation (./key.ts), and the register's end against the latest checkpoint
 * kept outside its folder (./checkpoints.ts). Names the first problem found, in French.
 *
 * What must stay true: an entry appended or rewritten by someone without the key fails (even with
 * a correctly recomputed plain SHA-256); entries cut from the end fail, naming the missing numbers
 * and the checkpoint that proves them.
 */
import type { RegisterEntry } from "../../contract/buyback"
import { shopFormat } from "../shop-time"
import { digest, FIRST_PREVIOUS, ownHash } from "./chain"
import type { Checkpoint } from "./checkpoints"

/**
 * `uncheckpointed`: how many of the last entries no checkpoint notes yet (its write failed: a full
 * disk), said on the register's page until the next checkpoint (the next entry's, or the daily one).
 */
export type Verdict = { ok: true; count: number; uncheckpointed?: number } | { ok: false; count: number; number: number; problem: string }

const WHEN = shopFormat({ dateStyle: "short", timeStyle: "short" })

/** « le point de contrôle n° 7 du 28/11/2026 10:15 » */
export const checkpointName = (checkpoint: Checkpoint) => `le point de contrôle n° ${checkpoint.number} du ${WHEN.format(new Date(checkpoint.at))}`

/** « l'entrée 59 », « les entrées 58 à 59 » */
export const missing = (from: number, to: number) => (from === to ? `l'entrée ${from}` : `les entrées ${from} à ${to}`)

type Source = {
  numbers: readonly number[]
  bytesOf: (number: number) => Promise<Buffer>
  key: Buffer
  /** Entries 1…unkeyed were written before the key: plain SHA-256. */
  unkeyed: number
  checkpoint: Checkpoint | null
}

/** What checkEntryBytes found: the entry, or the number to name and the problem, in French. */
export type EntryCheck = { ok: true; entry: RegisterEntry } | { ok: false; number: number; problem: string }

/**
 * One entry's bytes checked as the site wrote them: what they parse to, written again, gives the
 * same bytes (a key given twice, a space added, a field reordered fail even when the parse is
 * unchanged); signed with the key (or plain SHA-256 for `number` ≤ `unkeyed`); its number; its
 * own fingerprint; its link to `previousBytes`, the entry before it (null for n° 1).
 */
export function checkEntryBytes(number: number, bytes: Buffer, previousBytes: Buffer | null, key: Buffer, unkeyed: number): EntryCheck {
  const refuse = (at: number, problem: string): EntryCheck => ({ ok: false, number: at, problem })
  let entry: RegisterEntry
  try {
    entry = JSON.parse(bytes.toString("utf8")) as RegisterEntry
  } catch {
    return refuse(number, `l'entrée n° ${number} est illisible (son fichier a été modifié).`)
  }
  if (`${JSON.stringify(entry, null, 2)}\n` !== bytes.toString("utf8")) {
    return refuse(
      number,
      `l'entrée n° ${number} a été modifiée : ses octets ne sont plus ceux que le site a écrits (une clé en double, un espace ou un ordre changé).`,
    )
  }
  const entryKey = number <= unkeyed ? null : key
  if (entryKey && entry.chain !== "hmac-sha256") {
    return refuse(
      number,
      `l'entrée n° ${number} n'a pas été écrite par le site : elle n'est pas signée avec la clé du registre (entrée ajoutée ou refaite à la main).`,
    )
  }
  if (entry.number !== number || typeof entry.sha256 !== "string" || ownHash(entry, entryKey) !== entry.sha256) {
    const what = entryKey ? "son empreinte ne correspond pas à la clé du registre et à son contenu" : "son empreinte SHA-256 ne correspond plus à son contenu"
    return refuse(number, `l'entrée n° ${number} a été modifiée : ${what}.`)
  }
  const previous = previousBytes === null ? FIRST_PREVIOUS : digest(previousBytes, entryKey)
  if (entry.previous_sha256 !== previous) {
    const altered = number - 1
    return refuse(
      altered,
      `l'entrée n° ${altered} a été modifiée après l'écriture de l'entrée n° ${number} (l'empreinte que celle-ci garde ne correspond plus).`,
    )
  }
  return { ok: true, entry }
}

/** The entries read in order up to the first problem (`failure`, null when there is none). */
export type ChainWalk = { entries: RegisterEntry[]; failure: { number: number; problem: string } | null }

/**
 * The register's entries 1, 2, 3… read and checked one by one (checkEntryBytes), up to the first
 * missing, unreadable or failing: the one walk both verify() and the reading of the entries
 * (./read.ts) make, so that what the pages use is exactly what verify() passed.
 */
export async function walkChain(numbers: readonly number[], bytesOf: Source["bytesOf"], key: Buffer, unkeyed: number): Promise<ChainWalk> {
  const entries: RegisterEntry[] = []
  const stop = (number: number, problem: string): ChainWalk => ({ entries, failure: { number, problem } })
  let previousBytes: Buffer | null = null
  for (const [index, number] of numbers.entries()) {
    const expected = index + 1
    if (number !== expected) return stop(expected, `l'entrée n° ${expected} manque (supprimée ou renommée).`)
    let bytes: Buffer
    try {
      bytes = await bytesOf(number)
    } catch {
      return stop(number, `l'entrée n° ${number} est illisible (son fichier a été remplacé ou n'est plus lisible).`)
    }
    const checked = checkEntryBytes(number, bytes, previousBytes, key, unkeyed)
    if (!checked.ok) return stop(checked.number, checked.problem)
    previousBytes = bytes
    entries.push(checked.entry)
  }
  return { entries, failure: null }
}

export async function verifyEntries({ numbers, bytesOf, key, unkeyed, checkpoint }: Source): Promise<Verdict> {
  const count = numbers.length
  const refuse = (number: number, problem: string): Verdict => ({ ok: false, count, number, problem })
  const { entries, failure } = await walkChain(numbers, bytesOf, key, unkeyed)
  if (failure) return refuse(failure.number, failure.problem)
  if (checkpoint && count < checkpoint.entries) {
    return refuse(
      count + 1,
      `il manque ${missing(count + 1, checkpoint.entries)} depuis ${checkpointName(checkpoint)}, qui comptait ${checkpoint.entries} entrée${checkpoint.entries > 1 ? "s" : ""} (fichiers supprimés du dossier du registre).`,
    )
  }
  if (checkpoint && checkpoint.entries > 0 && numbers.length >= checkpoint.last_number) {
    // Every entry was walked (no failure): the one the checkpoint noted is among them.
    if (entries[checkpoint.last_number - 1]?.sha256 !== checkpoint.last_hash) {
      return refuse(
        checkpoint.last_number,
        `l'entrée n° ${checkpoint.last_number} n'est plus celle que ${checkpointName(checkpoint)} a notée (registre remplacé).`,
      )
    }
  }
  const noted = checkpoint?.entries ?? 0
  return count > noted ? { ok: true, count, uncheckpointed: count - noted } : { ok: true, count }
}
