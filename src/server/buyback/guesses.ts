/**
 * How many unknown seller's keys one address may ask for (issue 49): 30 a minute, then 429 until
 * the minute is over. Only the misses count: a seller opening their own page is never counted nor
 * refused, however often, from whatever address (./seller-router.ts looks the key up first).
 * Memory only, per process: the addresses are never written; at most MAX_ADDRESSES are followed,
 * the oldest windows dropped first.
 */
import { clock } from "../clock"

export const GUESSES = { limit: 30, windowMs: 60_000 } as const
const MAX_ADDRESSES = 10_000

export class GuessLimit {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(
    private readonly limit: number = GUESSES.limit,
    private readonly windowMs: number = GUESSES.windowMs,
  ) {}

  /** Counts one unknown key asked from `address`; the seconds to wait when it is over the limit, else 0. */
  miss(address: string, now = clock.nowMs()): number {
    let window = this.windows.get(address)
    if (!window || now - window.start >= this.windowMs) {
      this.windows.delete(address)
      window = { start: now, count: 0 }
      // A Map keeps its insertion order: the first entries are the oldest windows.
      while (this.windows.size >= MAX_ADDRESSES) this.windows.delete(this.windows.keys().next().value as string)
      this.windows.set(address, window)
    }
    window.count += 1
    return window.count > this.limit ? Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)) : 0
  }
}
