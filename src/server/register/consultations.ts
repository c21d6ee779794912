/**
 * The log of the register's consultations (arrêté du 15 mai 2020, registers kept electronically:
 * every consultation is logged, the log kept a year): each view of the register's page, its
 * print view, its CSV export, each label print and each correction form writes one line — the
 * account's e-mail, the moment, the view and what was seen (filter, numbers). One JSON line per
 * consultation in a file beside the register's folder (data/registre-consultations.jsonl), mode
 * 600, each line chained with the register's key (./consultation-chain.ts), checked when the page
 * « Consultations du registre » is shown.
 *
 * What must stay true: a line is on disk (appended, fsync'd) before the page that it logs is sent;
 * lines are only ever appended, except that lines older than a year are dropped (at the server's
 * start and daily) by writing the sweep's line and the kept lines whole aside and renaming them
 * over the file (writeFileAtomic); appends and that sweep of one process run one after the other,
 * so no line is lost between the sweep's read and its rename. A log written before the chain
 * (no line chained) is sealed as it stands the first time it is read; a log with some chained
 * lines is never sealed again, so a line added without the key stays named by check().
 */
import { mkdir, open, readFile } from "node:fs/promises"
import path from "node:path"
import type { Consultation, ConsultationView } from "../../contract/register-consultations"
import { writeFileAtomic } from "../files"
import { clock } from "../clock"
import { FIRST_PREVIOUS } from "./chain"
import { chained, checkChain, linkOf, sealAll, sweepLine, type ChainedLine, type LogVerdict } from "./consultation-chain"

export type { Consultation, ConsultationView, LogVerdict }

/** Kept a year (365 days; a line of 29 February is kept as long). */
export const KEPT_DAYS = 366

type Line = Record<string, unknown>

const parseLine = (line: string): Line | null => {
  try {
    const data = JSON.parse(line) as unknown
    return data && typeof data === "object" && !Array.isArray(data) ? (data as Line) : null
  } catch {
    return null
  }
}
const isConsultation = (line: Line | null): line is Line & Consultation => typeof line?.at === "string" && typeof line.account === "string"
const isChained = (line: Line | null): line is ChainedLine => typeof line?.mac === "string" && typeof line.previous === "string"
const asConsultation = ({ at, account, view, seen }: Consultation): Consultation => ({ at, account, view, seen })
const text = (lines: readonly Line[]) => lines.map((line) => `${JSON.stringify(line)}\n`).join("")

export class ConsultationLog {
  private queue: Promise<unknown> = Promise.resolve()

  /** `keyOf`: the register's key (Register.chainKey), made on first use. */
  constructor(
    readonly file: string,
    private readonly keyOf: () => Promise<Buffer>,
  ) {}

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work)
    this.queue = next.catch(() => undefined)
    return next
  }

  private async rawLines(): Promise<string[]> {
    try {
      return (await readFile(this.file, "utf8")).split("\n").filter(Boolean)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return []
      throw error
    }
  }

  /** The lines as written and parsed; a log written before the chain (every line readable, none chained) sealed first. */
  private async lines(key: Buffer): Promise<{ raw: string; line: Line | null }[]> {
    const raw = await this.rawLines()
    const lines = raw.map((text) => ({ raw: text, line: parseLine(text) }))
    if (lines.length === 0 || !lines.every(({ line }) => line !== null && !isChained(line))) return lines
    const sealed = sealAll(
      lines.map(({ line }) => line as Line),
      key,
    )
    await writeFileAtomic(this.file, text(sealed), { mode: 0o600 })
    return sealed.map((line) => ({ raw: JSON.stringify(line), line }))
  }

  /** Appends one line, chained to the last; durable when the promise resolves. Line breaks in the texts are escaped by JSON. */
  record(consultation: Omit<Consultation, "at">, now = clock.now()): Promise<void> {
    return this.inTurn(async () => {
      const key = await this.keyOf()
      await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 })
      const last = (await this.lines(key)).at(-1)?.line ?? null
      const line = chained({ at: now.toISOString(), ...consultation }, isChained(last) ? linkOf(last) : FIRST_PREVIOUS, key)
      const handle = await open(this.file, "a", 0o600)
      try {
        await handle.write(`${JSON.stringify(line)}\n`)
        await handle.sync()
      } finally {
        await handle.close()
      }
    })
  }

  /** The consultations of the last year, newest first (the page « Consultations du registre »). */
  async list(now = clock.now()): Promise<Consultation[]> {
    const since = now.getTime() - KEPT_DAYS * 86_400_000
    const lines = (await this.rawLines()).map(parseLine)
    return lines
      .filter(isConsultation)
      .filter((line) => Date.parse(line.at) >= since)
      .map(asConsultation)
      .reverse()
  }

  /** Whether every line is chained with the register's key, from the first (or the sweep's) to the last. */
  check(): Promise<LogVerdict> {
    return this.inTurn(async () => {
      const key = await this.keyOf()
      return checkChain(
        (await this.lines(key)).map(({ line }) => line),
        key,
      )
    })
  }

  /** Drops the consultations older than a year at the log's start (with an older sweep's line), atomically; returns how many went. */
  prune(now = clock.now()): Promise<number> {
    return this.inTurn(async () => {
      const key = await this.keyOf()
      const lines = await this.lines(key)
      const since = now.getTime() - KEPT_DAYS * 86_400_000
      const old = (line: Line | null) => isChained(line) && (!isConsultation(line) || Date.parse(line.at) < since)
      let cut = 0
      while (cut < lines.length && old(lines[cut]!.line)) cut += 1
      const dropped = lines.slice(0, cut).filter(({ line }) => isConsultation(line)).length
      if (dropped === 0) return 0
      const sweep = sweepLine(now, dropped, linkOf(lines[cut - 1]!.line as ChainedLine), key)
      await writeFileAtomic(this.file, [JSON.stringify(sweep), ...lines.slice(cut).map(({ raw }) => raw)].map((line) => `${line}\n`).join(""), { mode: 0o600 })
      return dropped
    })
  }
}
