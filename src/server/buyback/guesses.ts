/**
 * How many unknown seller's keys may be asked for (issues 49 and 59), counted three ways a minute:
 * 30 from one address, 100 from one network (its /24 in IPv4, its /64 in IPv6: one household, one
 * provider's block, whose addresses a guesser rotates through), 1,000 from everyone together (a
 * guesser spread over many networks); past one of them, 429 until its minute is over. Only the
 * misses count: a seller opening their own page is never counted nor refused, however often, from
 * whatever address (./seller-router.ts looks the key up first), so no ceiling ever shuts a seller
 * out of their page. Memory only, per process: the addresses are never written; at most
 * MAX_FOLLOWED windows are followed per way, the oldest dropped first.
 */
import { isIPv4, isIPv6 } from "node:net"
import { clock } from "../clock"

export const GUESSES = { perAddress: 30, perNetwork: 100, overall: 1000, windowMs: 60_000 } as const
const MAX_FOLLOWED = 10_000

/** The network an address belongs to: its /24 in IPv4 (an IPv4-mapped IPv6 address too), its /64 in IPv6. */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  const v4 = mapped ?? address
  if (isIPv4(v4)) return `${v4.split(".").slice(0, 3).join(".")}.0/24`
  if (!isIPv6(address)) return address
  const [head = "", tail] = address.toLowerCase().split("%")[0]!.split("::")
  const left = head ? head.split(":") : []
  const right = tail ? tail.split(":") : []
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`
}

/** One way of counting: windows of `windowMs` per key, `limit` misses in each. */
class Windows {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one miss for `key`; the seconds to wait when it is over the limit, else 0. */
  miss(key: string, now: number): number {
    let window = this.windows.get(key)
    if (!window || now - window.start >= this.windowMs) {
      this.windows.delete(key)
      window = { start: now, count: 0 }
      // A Map keeps its insertion order: the first entries are the oldest windows.
      while (this.windows.size >= MAX_FOLLOWED) this.windows.delete(this.windows.keys().next().value as string)
      this.windows.set(key, window)
    }
    window.count += 1
    return window.count > this.limit ? Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)) : 0
  }
}

export class GuessLimit {
  private readonly byAddress: Windows
  private readonly byNetwork: Windows
  private readonly overall: Windows

  constructor(limits: Partial<Record<"perAddress" | "perNetwork" | "overall", number>> = {}, windowMs: number = GUESSES.windowMs) {
    this.byAddress = new Windows(limits.perAddress ?? GUESSES.perAddress, windowMs)
    this.byNetwork = new Windows(limits.perNetwork ?? GUESSES.perNetwork, windowMs)
    this.overall = new Windows(limits.overall ?? GUESSES.overall, windowMs)
  }

  /** Counts one unknown key asked from `address`; the seconds to wait when a limit is passed, else 0. */
  miss(address: string, now = clock.nowMs()): number {
    return Math.max(this.byAddress.miss(address, now), this.byNetwork.miss(networkOf(address), now), this.overall.miss("", now))
  }
}
