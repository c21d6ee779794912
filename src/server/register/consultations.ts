/**
 * The log of the register's consultations (arrêté du 15 mai 2020, registers kept electronically:
 * every consultation is logged, the log kept a year): each view of the register's page, its
 * print view, its CSV export, each label print and each correction form writes one line — the
 * account's e-mail, the moment, the view and what was seen (filter, numbers). One JSON line per
 * consultation in a file beside the register's folder (data/registre-consultations.jsonl), mode 600.
 *
 * What must stay true: a line is on disk (appended, fsync'd) before the page that it logs is sent;
 * lines are only ever appended, except that lines older than a year are dropped (at the server's
 * start and daily) by writing the kept lines whole aside and renaming them over the file
 * (writeFileAtomic); appends and that sweep of one process run one after the other, so no line is
 * lost between the sweep's read and its rename.
 */
import { mkdir, open, readFile } from "node:fs/promises"
import path from "node:path"
import type { Consultation, ConsultationView } from "../../contract/register-consultations"
import { writeFileAtomic } from "../files"
import { clock } from "../clock"

export type { Consultation, ConsultationView }

/** Kept a year (365 days; a line of 29 February is kept as long). */
export const KEPT_DAYS = 366

const parse = (line: string): Consultation | null => {
  try {
    const data = JSON.parse(line) as Consultation
    return typeof data.at === "string" && typeof data.account === "string" ? data : null
  } catch {
    return null
  }
}

export class ConsultationLog {
  private queue: Promise<unknown> = Promise.resolve()

  constructor(readonly file: string) {}

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work)
    this.queue = next.catch(() => undefined)
    return next
  }

  /** Appends one line; durable when the promise resolves. Line breaks in the texts are escaped by JSON. */
  record(consultation: Omit<Consultation, "at">, now = clock.now()): Promise<void> {
    return this.inTurn(async () => {
      await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 })
      const handle = await open(this.file, "a", 0o600)
      try {
        await handle.write(`${JSON.stringify({ at: now.toISOString(), ...consultation })}\n`)
        await handle.sync()
      } finally {
        await handle.close()
      }
    })
  }

  private async lines(): Promise<string[]> {
    try {
      return (await readFile(this.file, "utf8")).split("\n").filter(Boolean)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return []
      throw error
    }
  }

  /** The consultations of the last year, newest first (the page « Consultations du registre »). */
  async list(now = clock.now()): Promise<Consultation[]> {
    const since = now.getTime() - KEPT_DAYS * 86_400_000
    const kept = (await this.lines()).map(parse).filter((line): line is Consultation => line !== null && Date.parse(line.at) >= since)
    return kept.reverse()
  }

  /** Drops the lines older than a year, atomically; returns how many went. */
  prune(now = clock.now()): Promise<number> {
    return this.inTurn(async () => {
      const lines = await this.lines()
      const since = now.getTime() - KEPT_DAYS * 86_400_000
      const kept = lines.filter((line) => {
        const parsed = parse(line)
        return parsed === null || Date.parse(parsed.at) >= since
      })
      if (kept.length === lines.length) return 0
      await writeFileAtomic(this.file, kept.map((line) => `${line}\n`).join(""), { mode: 0o600 })
      return lines.length - kept.length
    })
  }
}
