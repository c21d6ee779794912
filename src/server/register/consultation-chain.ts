/**
 * How the log of consultations is chained with the register's key (./consultations.ts writes,
 * the page « Consultations du registre » checks): each line carries `previous`, the link of the
 * line before it, and `mac`, HMAC-SHA256 with the register's key of the line's JSON without `mac`.
 * A line's link is its `mac`; the first line's `previous` is FIRST_PREVIOUS.
 *
 * Lines older than a year are dropped (the arrêté of 15 May 2020 keeps them a year): the sweep
 * writes one line `{ at, dropped, last }` first, keyed like the others, whose link is `last`, the
 * link of the last line dropped, so the first line kept still chains to it.
 *
 * What must stay true: without the key, no line can be added, changed or removed from the start
 * or the middle without check() naming it; a sweep line cannot be forged either. Lines removed
 * from the end leave a shorter chain that still verifies: the log is checked against itself only.
 */
import type { LogVerdict } from "../../contract/register-consultations"
import { FIRST_PREVIOUS, digest } from "./chain"

/** A consultation as written (its fields) or a sweep's line; both with their links. */
export type ChainedLine = Record<string, unknown> & { previous: string; mac: string }

export type { LogVerdict }

const isSweep = (line: Record<string, unknown>) => typeof line.dropped === "number" && typeof line.last === "string"

/** The value the next line's `previous` must hold. */
export const linkOf = (line: ChainedLine): string => (isSweep(line) ? String(line.last) : line.mac)

/** `fields` with `previous` and its `mac`, keys in that order (the mac covers every other field as written). */
export function chained(fields: Record<string, unknown>, previous: string, key: Buffer): ChainedLine {
  const { previous: _p, mac: _m, ...rest } = fields
  const line = { ...rest, previous }
  return { ...line, mac: digest(JSON.stringify(line), key) }
}

/** The sweep's line, first of the kept ones: how many went and the link of the last one that went. */
export const sweepLine = (at: Date, dropped: number, last: string, key: Buffer): ChainedLine =>
  chained({ at: at.toISOString(), dropped, last }, FIRST_PREVIOUS, key)

/** Every line again as one chain, from the first (lines of the log written before the chain are sealed as they stand). */
export function sealAll(lines: readonly Record<string, unknown>[], key: Buffer): ChainedLine[] {
  let previous = FIRST_PREVIOUS
  return lines.map((line) => {
    const sealed = chained(line, previous, key)
    previous = linkOf(sealed)
    return sealed
  })
}

/** Checks the log's lines (its file's lines, parsed; null for a line that is not JSON) against the key. */
export function checkChain(lines: readonly (Record<string, unknown> | null)[], key: Buffer): LogVerdict {
  let expected = FIRST_PREVIOUS
  for (const [index, line] of lines.entries()) {
    const number = index + 1
    const refuse = (problem: string): LogVerdict => ({ ok: false, line: number, problem: `la ligne n° ${number} ${problem}` })
    if (line === null) return refuse("est illisible.")
    if (typeof line.mac !== "string" || typeof line.previous !== "string") return refuse("n'est pas chaînée (ajoutée sans la clé du registre).")
    const { mac, ...rest } = line
    if (digest(JSON.stringify(rest), key) !== mac) return refuse("a été modifiée ou ajoutée sans la clé du registre.")
    // A sweep's line opens the log with FIRST_PREVIOUS, as the first line does.
    if (line.previous !== expected) {
      return refuse(
        index === 0 ? "ne commence pas le journal : des lignes avant elle ont été supprimées." : "ne suit pas la précédente : des lignes ont été supprimées.",
      )
    }
    if (index > 0 && isSweep(line)) return refuse("est un élagage au milieu du journal.")
    expected = linkOf(line as ChainedLine)
  }
  return { ok: true, count: lines.length }
}
