/**
 * Takes requests out of the outbox to every configured channel, retrying with exponential
 * backoff while a channel is down, and marks each one sent. start() replays what a previous
 * process left pending, so a restart between "written" and "sent" loses nothing.
 * Timers are unref'd: a pending retry never keeps a process (a test, a CLI) alive.
 */
import type { Channel } from "./channels"
import type { Outbox } from "./outbox"
import type { DeliveryState } from "./types"

export type CourierOptions = { retryBaseMs: number; retryMaxMs: number; log?: (message: string) => void }

export class Courier {
  private readonly timers = new Map<string, NodeJS.Timeout>()
  private readonly running = new Map<string, Promise<boolean>>()
  private stopped = false

  constructor(
    private readonly outbox: Outbox,
    readonly channels: readonly Channel[],
    private readonly options: CourierOptions,
  ) {}

  /** Schedules every pending request now. */
  async start(): Promise<number> {
    const pending = (await this.outbox.list()).filter((stored) => stored.state.status === "pending")
    for (const { lead } of pending) this.schedule(lead.id, 0)
    return pending.length
  }

  stop(): void {
    this.stopped = true
    for (const timer of this.timers.values()) clearTimeout(timer)
    this.timers.clear()
  }

  /** Delivers one request now; true once every channel took it. Failures schedule a retry. */
  deliver(id: string): Promise<boolean> {
    const current = this.running.get(id)
    if (current) return current
    const attempt = this.attempt(id).finally(() => this.running.delete(id))
    this.running.set(id, attempt)
    return attempt
  }

  /** Cancels the retry of a request the caller handles itself (ephemeral storage gives up at once). */
  forget(id: string): void {
    clearTimeout(this.timers.get(id))
    this.timers.delete(id)
  }

  private schedule(id: string, delayMs: number): void {
    if (this.stopped || this.channels.length === 0) return
    clearTimeout(this.timers.get(id))
    const timer = setTimeout(() => {
      this.timers.delete(id)
      void this.deliver(id)
    }, delayMs)
    timer.unref()
    this.timers.set(id, timer)
  }

  private backoff(attempts: number): number {
    return Math.min(this.options.retryBaseMs * 2 ** Math.max(0, attempts - 1), this.options.retryMaxMs)
  }

  private async attempt(id: string): Promise<boolean> {
    if (this.channels.length === 0) return false
    const { lead, state, dir } = await this.outbox.read(id)
    if (state.status === "sent") return true
    const delivered = new Set(state.delivered)
    const errors: string[] = []
    for (const channel of this.channels) {
      if (delivered.has(channel.name)) continue
      try {
        await channel.send(lead, dir)
        delivered.add(channel.name)
      } catch (error) {
        errors.push(`${channel.name} : ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    const attempts = state.attempts + 1
    const done = errors.length === 0
    const next: DeliveryState = done
      ? { status: "sent", attempts, delivered: [...delivered], sent_at: new Date().toISOString() }
      : {
          status: "pending",
          attempts,
          delivered: [...delivered],
          last_error: errors.join(" ; "),
          next_attempt_at: new Date(Date.now() + this.backoff(attempts)).toISOString(),
        }
    await this.outbox.writeState(id, next)
    if (!done) {
      this.options.log?.(`leads : ${id} non remis (essai ${attempts}) : ${next.last_error}`)
      this.schedule(id, this.backoff(attempts))
    }
    return done
  }
}
