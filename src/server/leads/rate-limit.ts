/**
 * A fixed window per client address, in memory: enough for one embedded server process.
 * (Behind a proxy every visitor shares its address: the limit then applies to all; see README.)
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(private readonly limit: { max: number; windowMs: number } | null) {}

  /** null when the request may go on, else the seconds to wait (for Retry-After). */
  take(key: string, now = Date.now()): number | null {
    if (!this.limit) return null
    const window = this.windows.get(key)
    if (!window || now - window.start >= this.limit.windowMs) {
      // Forget expired windows now and then so the map cannot grow without bound.
      if (this.windows.size > 10_000) for (const [name, entry] of this.windows) if (now - entry.start >= this.limit.windowMs) this.windows.delete(name)
      this.windows.set(key, { start: now, count: 1 })
      return null
    }
    if (window.count >= this.limit.max) return Math.max(1, Math.ceil((window.start + this.limit.windowMs - now) / 1000))
    window.count += 1
    return null
  }
}
