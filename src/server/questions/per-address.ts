/**
 * How many unanswered questions one visitor's address may add to the owner's list in a day
 * (QUESTION_LIMITS.perAddressPerDay, issue 49): past it, its questions are still answered by
 * maxAi, just not recorded, so one address cannot fill the list and push out everyone else's.
 * Memory only, shared by both bundles of the process like the recording's queue (globalThis): the
 * address is never written; at most MAX_ADDRESSES are followed, the oldest days dropped first.
 *
 * This computer's own address is not counted: it is the developer's or the tests', or every
 * visitor's at once behind a proxy not declared in TRUST_PROXY, where a cap would keep 30 of all
 * the visitors' questions a day (the list's order still keeps what matters, store.ts kept).
 */
import { QUESTION_LIMITS } from "../../contract/questions"
import { clock } from "../clock"

const DAY_MS = 24 * 60 * 60 * 1000
const MAX_ADDRESSES = 10_000
const COUNTS = Symbol.for("maxai.questionsPerAddress")

/** Counts one question from `address`; false when the address already recorded its day's share. */
export function addressMayRecord(address: string, now = clock.nowMs()): boolean {
  if (/^(?:::ffff:)?127\./.test(address) || address === "::1") return true
  const global = globalThis as { [COUNTS]?: Map<string, { start: number; count: number }> }
  const counts = (global[COUNTS] ??= new Map())
  let day = counts.get(address)
  if (!day || now - day.start >= DAY_MS) {
    counts.delete(address)
    day = { start: now, count: 0 }
    // A Map keeps its insertion order: the first entries are the oldest days.
    while (counts.size >= MAX_ADDRESSES) counts.delete(counts.keys().next().value as string)
    counts.set(address, day)
  }
  if (day.count >= QUESTION_LIMITS.perAddressPerDay) return false
  day.count += 1
  return true
}
