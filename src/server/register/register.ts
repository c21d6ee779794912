/**
 * The register of second-hand purchases (« registre des objets mobiliers », Code pénal art. 321-7,
 * R321-3 to R321-8), kept electronically under REGISTER_DIR (default data/registre/, never served):
 * one file per entry, `00000001.json`, `00000002.json`…, one entry per item bought.
 *
 * What must stay true (R321-6-1: integrity, no alteration):
 * - append-only: nothing here edits or deletes an entry; a mistake is corrected by a new entry
 *   naming the number it rectifies (`rectifies`);
 * - serial numbers from 1, never reused: an entry appears by link() of a complete, fsync'd file
 *   onto its number's name, which fails if the name exists (two writers cannot take one number),
 *   then the folder is fsync'd; a kill -9 leaves the entry whole or absent, never half;
 * - each entry carries the SHA-256 of the previous entry's bytes (`previous_sha256`) and of its own
 *   content (`sha256`), so verify() names the first entry altered after it was written;
 * - files mode 600 in a folder mode 700: the seller's identity is read by the owner only (and the
 *   police on request);
 * - kept 10 years: the 3-year erasure of requests (src/server/leads/retention.ts) never comes here.
 */
import { createHash, randomBytes } from "node:crypto"
import { chmod, link, mkdir, open, readdir, readFile, rm } from "node:fs/promises"
import path from "node:path"
import type { RegisterEntry } from "../../contract/buyback"
import { syncPath } from "../files"

export type { RegisterEntry }

export type NewEntry = Omit<RegisterEntry, "number" | "recorded_at" | "previous_sha256" | "sha256">

const NAME = /^(\d{8})\.json$/
const FIRST_PREVIOUS = "0".repeat(64)

const fileName = (number: number) => `${String(number).padStart(8, "0")}.json`
const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex")

/** The entry's own fingerprint: its JSON without the `sha256` field, keys in the order written. */
function ownHash(entry: Omit<RegisterEntry, "sha256"> & { sha256?: string }): string {
  const { sha256: _ignored, ...rest } = entry
  return sha256(JSON.stringify(rest))
}

export type Verdict = { ok: true; count: number } | { ok: false; count: number; number: number; problem: string }

/** Appends of this process run one after the other (number and previous hash read, then the link). */
let queue: Promise<unknown> = Promise.resolve()

export class Register {
  constructor(readonly dir: string) {}

  /** The entries' numbers on disk, in order. */
  private async numbers(): Promise<number[]> {
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return []
      throw error
    }
    return names
      .map((name) => NAME.exec(name)?.[1])
      .filter((digits): digits is string => digits !== undefined)
      .map(Number)
      .sort((a, b) => a - b)
  }

  private bytesOf(number: number): Promise<Buffer> {
    return readFile(path.join(this.dir, fileName(number)))
  }

  /** Writes the next entry and returns it, numbered; durable when the promise resolves. */
  async append(entry: NewEntry, now = new Date()): Promise<RegisterEntry> {
    const written = await this.appendAfter(entry, null, now)
    if (!written) throw new Error("registre : entrée non écrite")
    return written
  }

  /**
   * Writes the next entry only if the register still ends at `last` entries (the owner's form was
   * shown then: a second click, or another tab's entry since, writes nothing); null when it does
   * not. `last` null: after whatever entry is last.
   */
  appendAfter(entry: NewEntry, last: number | null, now = new Date()): Promise<RegisterEntry | null> {
    return this.appendAll([entry], last, now).then((written) => written?.[0] ?? null)
  }

  /**
   * Writes `entries` in one turn of this process's queue, with consecutive numbers (one payment,
   * one entry per garment kept), only if the register still ends at `last` entries (null: after
   * whatever entry is last); returns them all, numbered, or null when the register had moved. Each
   * entry is durable before the next is written: a crash leaves the first ones, never a hole.
   */
  appendAll(entries: readonly NewEntry[], last: number | null, now = new Date()): Promise<RegisterEntry[] | null> {
    const work = async () => {
      await mkdir(this.dir, { recursive: true, mode: 0o700 })
      const written: RegisterEntry[] = []
      for (const entry of entries) {
        for (;;) {
          const numbers = await this.numbers()
          const lastNumber = numbers.at(-1) ?? 0
          if (written.length === 0 && last !== null && lastNumber !== last) return null
          const previous = lastNumber === 0 ? FIRST_PREVIOUS : sha256(await this.bytesOf(lastNumber))
          const base = { number: lastNumber + 1, recorded_at: now.toISOString(), ...entry, previous_sha256: previous }
          const next: RegisterEntry = { ...base, sha256: ownHash(base) }
          if (await this.writeNew(next)) {
            written.push(next)
            break
          }
          // Another process took that number between the listing and the link: read again.
        }
      }
      return written
    }
    const next = queue.then(work, work)
    queue = next.catch(() => undefined)
    return next
  }

  /** The entry's file made whole and synced aside, then linked onto its name: false if the name exists. */
  private async writeNew(entry: RegisterEntry): Promise<boolean> {
    const target = path.join(this.dir, fileName(entry.number))
    const temp = path.join(this.dir, `.${randomBytes(6).toString("hex")}.tmp`)
    try {
      const handle = await open(temp, "wx", 0o600)
      try {
        await handle.chmod(0o600)
        await handle.writeFile(`${JSON.stringify(entry, null, 2)}\n`)
        await handle.sync()
      } finally {
        await handle.close()
      }
      try {
        await link(temp, target)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") return false
        throw error
      }
    } finally {
      await rm(temp, { force: true })
    }
    await syncPath(this.dir)
    return true
  }

  /** Every entry, in order (the pages, the CSV). */
  async list(): Promise<RegisterEntry[]> {
    const entries: RegisterEntry[] = []
    for (const number of await this.numbers()) entries.push(JSON.parse((await this.bytesOf(number)).toString("utf8")) as RegisterEntry)
    return entries
  }

  /** The next number the register would give (shown before a payment is recorded). */
  async count(): Promise<number> {
    return (await this.numbers()).length
  }

  /**
   * Checks the whole chain: numbers from 1 without a gap, each file's own fingerprint, each link
   * to the previous file's bytes. Names the first entry found altered, in French.
   */
  async verify(): Promise<Verdict> {
    const numbers = await this.numbers()
    let previousBytes: Buffer | null = null
    for (const [index, number] of numbers.entries()) {
      const expected = index + 1
      if (number !== expected) return { ok: false, count: numbers.length, number: expected, problem: `l'entrée n° ${expected} manque (supprimée ou renommée).` }
      const bytes = await this.bytesOf(number)
      let entry: RegisterEntry
      try {
        entry = JSON.parse(bytes.toString("utf8")) as RegisterEntry
      } catch {
        return { ok: false, count: numbers.length, number, problem: `l'entrée n° ${number} est illisible (son fichier a été modifié).` }
      }
      if (entry.number !== number || typeof entry.sha256 !== "string" || ownHash(entry) !== entry.sha256) {
        return {
          ok: false,
          count: numbers.length,
          number,
          problem: `l'entrée n° ${number} a été modifiée : son empreinte SHA-256 ne correspond plus à son contenu.`,
        }
      }
      const previous = previousBytes === null ? FIRST_PREVIOUS : sha256(previousBytes)
      if (entry.previous_sha256 !== previous) {
        const altered = number - 1
        return {
          ok: false,
          count: numbers.length,
          number: altered,
          problem: `l'entrée n° ${altered} a été modifiée après l'écriture de l'entrée n° ${number} (l'empreinte que celle-ci garde ne correspond plus).`,
        }
      }
      previousBytes = bytes
    }
    return { ok: true, count: numbers.length }
  }

  /** At start: a file left aside by a crash before its link (never an entry) is removed; the folder and files stay private. */
  async clearLeftovers(): Promise<void> {
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return
      throw error
    }
    for (const name of names) if (name.endsWith(".tmp")) await rm(path.join(this.dir, name), { force: true })
    await chmod(this.dir, 0o700)
  }
}
