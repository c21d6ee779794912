/**
 * The solved challenges already accepted, each until its challenge expires: what makes a solution
 * count once. In memory, per process, bounded: past MAX_SPENT live entries new solutions are
 * refused (503) rather than an old one forgotten, since forgetting would let it be replayed.
 * At 10 requests per address per 10 minutes (ESTIMATE_RATE_LIMIT) that takes thousands of
 * addresses; each entry is a 32-character nonce and a number.
 */
export const MAX_SPENT = 50_000

export class SpentChallenges {
  /** nonce → when its challenge expires (ms); in insertion order, which is nearly expiry order. */
  private readonly until = new Map<string, number>()

  constructor(private readonly max = MAX_SPENT) {}

  get size(): number {
    return this.until.size
  }

  /** "first" the first time `nonce` is spent, "again" after, "full" when the store cannot remember it. */
  spend(nonce: string, expiresAtMs: number, nowMs: number): "first" | "again" | "full" {
    if (this.until.has(nonce)) return "again"
    if (this.until.size >= this.max) this.forgetExpired(nowMs)
    if (this.until.size >= this.max) return "full"
    this.until.set(nonce, expiresAtMs)
    return "first"
  }

  private forgetExpired(nowMs: number): void {
    for (const [nonce, expiresAtMs] of this.until) if (expiresAtMs <= nowMs) this.until.delete(nonce)
  }
}
