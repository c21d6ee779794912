/**
 * Mails the shop writes about a request after it arrived (the buy-back's steps: the offer to the
 * seller, the seller's answer to the team…), kept in the request's folder before they are sent,
 * like the request itself: LEADS_DIR/<number>/letters/<stamp>-<what>.json, each written whole
 * (writeFileAtomic) with its delivery state, sent over SMTP_URL from LEADS_FROM, retried with the
 * outbox's backoff while the server is down, replayed at start.
 *
 * What must stay true: a letter is on disk before anyone is told it was sent, and is sent once
 * (its state is rewritten after each try; the Message-ID is the letter's own, the same on every
 * try, so a crash between the provider's "accepted" and our record sends one recognisable
 * duplicate at most); erasing the request (retention, « Supprimer ») erases its letters with it.
 * Without SMTP nothing is sent: the letters stay « pending » and the inbox still shows the steps.
 */
import { randomBytes } from "node:crypto"
import { mkdir, readdir, readFile } from "node:fs/promises"
import path from "node:path"
import nodemailer from "nodemailer"
import { writeFileAtomic } from "../files"
import type { SmtpSettings } from "../settings"
import { hasLineBreak } from "./channels"
import type { Outbox } from "./outbox"
import { clock } from "../clock"

export type Letter = {
  /** "seller": the request's own e-mail address; "team": LEADS_TO. */
  to: "seller" | "team"
  subject: string
  text: string
  created_at: string
  status: "pending" | "sent" | "failed"
  attempts: number
  last_error?: string
  sent_at?: string
}

const DIR = "letters"
const NAME = /^[\w-]+\.json$/

export type LetterOptions = { smtp: SmtpSettings | null; retryBaseMs: number; retryMaxMs: number; log?: (message: string) => void }

export class Letters {
  private readonly transport: ReturnType<typeof nodemailer.createTransport> | null
  private readonly timers = new Set<NodeJS.Timeout>()

  constructor(
    private readonly outbox: Outbox,
    private readonly options: LetterOptions,
  ) {
    this.transport = options.smtp ? nodemailer.createTransport(options.smtp.url) : null
  }

  /** Writes the letter in the request's folder, then sends it in the background. Resolves once it is on disk. */
  async post(id: string, letter: Pick<Letter, "to" | "subject" | "text">, now = clock.now()): Promise<string> {
    if (hasLineBreak(letter.subject)) throw new Error("objet de lettre sur plusieurs lignes")
    const dir = path.join(this.outbox.leadDir(id), DIR)
    await mkdir(dir, { recursive: true })
    const name = `${now.toISOString().replace(/[-:.]/g, "")}-${randomBytes(3).toString("hex")}.json`
    const stored: Letter = { ...letter, created_at: now.toISOString(), status: "pending", attempts: 0 }
    await writeFileAtomic(path.join(dir, name), `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 })
    void this.deliver(id, name)
    return name
  }

  /** Every letter of a request, oldest first (the inbox, the tests). */
  async list(id: string): Promise<Array<Letter & { name: string }>> {
    const dir = path.join(this.outbox.leadDir(id), DIR)
    let names: string[]
    try {
      names = (await readdir(dir)).filter((name) => NAME.test(name)).sort()
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return []
      throw error
    }
    const letters: Array<Letter & { name: string }> = []
    for (const name of names) letters.push({ ...(JSON.parse(await readFile(path.join(dir, name), "utf8")) as Letter), name })
    return letters
  }

  /** At start: every pending letter of every request is sent again. */
  async replay(): Promise<number> {
    let count = 0
    for (const id of await this.outbox.ids()) {
      for (const letter of await this.list(id).catch(() => [])) {
        if (letter.status !== "pending") continue
        count += 1
        void this.deliver(id, letter.name)
      }
    }
    return count
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }

  private async deliver(id: string, name: string): Promise<void> {
    const { smtp } = this.options
    if (!this.transport || !smtp) return
    const stored = await this.outbox.find(id)
    if (!stored) return
    const file = path.join(stored.dir, DIR, name)
    let letter: Letter
    try {
      letter = JSON.parse(await readFile(file, "utf8")) as Letter
    } catch {
      return
    }
    if (letter.status !== "pending") return
    const domain = /@([^>\s]+)/.exec(smtp.from)?.[1] ?? "maxai.invalid"
    try {
      await this.transport.sendMail({
        from: smtp.from,
        to: letter.to === "seller" ? stored.lead.email : smtp.to,
        // A reply lands with the other side: the team's answers the seller, the seller's reaches the owner (LEADS_TO).
        replyTo: letter.to === "team" ? stored.lead.email : smtp.to,
        subject: letter.subject,
        text: letter.text,
        messageId: `<${id}.${name.replace(/\.json$/, "")}@${domain}>`,
        headers: { "X-Lead-Id": id },
      })
      letter = { ...letter, status: "sent", attempts: letter.attempts + 1, sent_at: clock.now().toISOString() }
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode
      const refused = code !== undefined && code >= 500 && (error as { command?: string }).command !== "AUTH PLAIN"
      letter = { ...letter, status: refused ? "failed" : "pending", attempts: letter.attempts + 1, last_error: (error as Error).message }
      this.options.log?.(`leads : lettre ${name} de ${id} non remise (essai ${letter.attempts}) : ${letter.last_error}`)
    }
    await writeFileAtomic(file, `${JSON.stringify(letter, null, 2)}\n`, { mode: 0o600 }).catch(() => undefined)
    if (letter.status === "pending") {
      const delay = Math.min(this.options.retryBaseMs * 2 ** Math.max(0, letter.attempts - 1), this.options.retryMaxMs)
      const timer = setTimeout(() => {
        this.timers.delete(timer)
        void this.deliver(id, name)
      }, delay)
      timer.unref()
      this.timers.add(timer)
    }
  }
}
