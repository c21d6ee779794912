/**
 * Takes requests out of the outbox to every configured channel, retrying with exponential
 * backoff while a channel is down, and marks each one sent. start() replays what a previous
 * process left pending, so a restart between "written" and "sent" loses nothing.
 * A channel that refuses a request for good (PermanentFailure) is not tried again; once no
 * channel is left to try, the request is "failed" with the reason (npm run leads shows it).
 * Timers are unref'd: a pending retry never keeps a process (a test, a CLI) alive.
 *
 * No duplicate after a failed state write: what a channel took is known here before it is on
 * disk (`unrecorded`); when writing delivery.json fails (disk full), the fact stays in memory, a
 * retry is scheduled, and that retry only writes the state, it never sends again. We chose this
 * over writing "sending" before each send: a crash mid-send (by far the longer window, a mail
 * of several MB) would then leave a request nobody sends. What remains is a crash in the instant
 * between the server's "accepted" and our write: that request is sent once more, with the same
 * Message-ID and X-Lead-Id (./channels.ts), so mailboxes and webhooks can recognise it.
 */
import { PermanentFailure, type Channel } from "./channels"
import type { Outbox } from "./outbox"
import type { DeliveryState } from "./types"
import { clock } from "../clock"

/** The request's folder is gone: it was erased while the courier held its number. */
const erased = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT"

export type CourierOptions = { retryBaseMs: number; retryMaxMs: number; log?: (message: string) => void }

export class Courier {
  private readonly timers = new Map<string, NodeJS.Timeout>()
  private readonly running = new Map<string, Promise<boolean>>()
  /** The state of a request whose delivery.json could not be rewritten yet: the next try only writes it. */
  private readonly unrecorded = new Map<string, DeliveryState>()
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
    const unrecorded = this.unrecorded.get(id)
    if (unrecorded) return this.record(id, unrecorded)
    const stored = await this.outbox.find(id)
    // Erased meanwhile (the owner's « Supprimer », retention): nothing left to send.
    if (!stored) return false
    const { lead, state, dir } = stored
    if (state.status !== "pending") return state.status === "sent"
    const delivered = new Set(state.delivered)
    const refused = new Set(state.refused ?? [])
    const errors: string[] = []
    for (const channel of this.channels) {
      if (delivered.has(channel.name) || refused.has(channel.name)) continue
      try {
        await channel.send(lead, dir)
        delivered.add(channel.name)
      } catch (error) {
        if (error instanceof PermanentFailure) refused.add(channel.name)
        errors.push(`${channel.name} : ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    const attempts = state.attempts + 1
    const waiting = this.channels.some((channel) => !delivered.has(channel.name) && !refused.has(channel.name))
    const now = clock.now()
    const common = { attempts, delivered: [...delivered], ...(refused.size > 0 ? { refused: [...refused] } : {}) }
    const last_error = errors.length > 0 ? errors.join(" ; ") : state.last_error
    const next: DeliveryState =
      !waiting && refused.size === 0
        ? { status: "sent", ...common, sent_at: now.toISOString() }
        : waiting
          ? { status: "pending", ...common, last_error, next_attempt_at: new Date(now.getTime() + this.backoff(attempts)).toISOString() }
          : { status: "failed", ...common, last_error, failed_at: now.toISOString() }
    return this.record(id, next)
  }

  /** Writes the state; on failure keeps it in memory and tries the write again later (never the send). */
  private async record(id: string, next: DeliveryState): Promise<boolean> {
    try {
      await this.outbox.writeState(id, next)
      this.unrecorded.delete(id)
    } catch (error) {
      if (erased(error)) {
        this.unrecorded.delete(id)
        return next.status === "sent"
      }
      this.unrecorded.set(id, next)
      this.options.log?.(`leads : état de ${id} non enregistré (${error instanceof Error ? error.message : String(error)}), nouvel essai prévu`)
      this.schedule(id, this.backoff(next.attempts))
      // What was delivered stays delivered (an ephemeral host must not tell the visitor otherwise).
      return next.status === "sent"
    }
    if (next.status === "pending") {
      this.options.log?.(`leads : ${id} non remis (essai ${next.attempts}) : ${next.last_error}`)
      this.schedule(id, this.backoff(next.attempts))
    } else if (next.status === "failed") {
      this.options.log?.(`leads : ${id} refusé définitivement, plus d'envoi : ${next.last_error}`)
    }
    return next.status === "sent"
  }
}
