/**
 * The register of second-hand purchases (« registre des objets mobiliers », Code pénal art. 321-7,
 * R321-3 to R321-8), kept electronically under REGISTER_DIR (default data/registre/, never served):
 * one file per entry, `00000001.json`, `00000002.json`…, one entry per garment bought.
 *
 * What must stay true (R321-6-1: integrity, no alteration):
 * - append-only: nothing here edits or deletes an entry; a mistake is corrected by a new entry
 *   naming the number it rectifies (`rectifies`);
 * - serial numbers from 1, never reused: an entry appears whole by link() onto its number's name,
 *   which fails if the name exists (./durable.ts); a kill -9 leaves the entry whole or absent;
 * - each entry carries the fingerprint of the previous entry's bytes and of its own content,
 *   HMAC-SHA256 with the key kept outside the folder (./chain.ts, ./key.ts), so verify() names
 *   the first entry altered or added by someone who only had the folder;
 * - after each new entry a checkpoint is written outside the folder and handed to `onCheckpoint`
 *   (the host mails it): a register shorter than its latest checkpoint fails verify() and gets no
 *   new entry (RegisterCut), nor does one shorter than the highest number the stock names (its
 *   checkpoints deleted with its last entries), so no number is ever given twice (./refusal.ts);
 * - nothing unchecked is used: list() stops at the first entry that fails its check (./read.ts);
 * - files mode 600 in a folder mode 700: the seller's identity is read by the owner only (and the
 *   police on request);
 * - kept 10 years: the 3-year erasure of requests (src/server/leads/retention.ts) never comes here.
 */
import { chmod, mkdir, readFile } from "node:fs/promises"
import path from "node:path"
import type { RegisterEntry } from "../../contract/buyback"
import { registerCheckpointDirBeside, registerKeyFileBeside } from "../settings"
import { digest, FIRST_PREVIOUS, ownHash } from "./chain"
import { Checkpoints, type Checkpoint } from "./checkpoints"
import { removeLeftovers } from "../files"
import { createOnce, LEFTOVER, numberedName, numbersIn } from "./durable"
import { registerKey, type RegisterKey } from "./key"
import { cutRefusal, RegisterRefusal } from "./refusal"
import { verifyEntries, type Verdict } from "./verify"
import { checkedEntries, parsedEntries } from "./read"
import { checkEntry } from "./entry-check"
import { clock } from "../clock"

export type { Checkpoint, RegisterEntry, Verdict }
export { RegisterRefusal }

export type NewEntry = Omit<RegisterEntry, "number" | "recorded_at" | "chain" | "previous_sha256" | "sha256">

export type RegisterOptions = {
  /** REGISTER_KEY_FILE; default beside the folder (`<dir>-cle`). */
  keyFile?: string
  /** REGISTER_CHECKPOINT_DIR; default beside the folder (`<dir>-points/`). */
  checkpointDir?: string
  /** Told of each checkpoint worth mailing (the host posts it to the owner); a failure is logged, never the entry's. */
  onCheckpoint?: (checkpoint: Checkpoint, last: RegisterEntry | null) => Promise<unknown>
  /**
   * The highest order number the rest of the shop has used (the host gives the stock's log): a
   * register that ends before it lost its last entries (and their checkpoints with them), so no
   * new entry is given a number that already names a garment elsewhere.
   */
  highestNumberElsewhere?: () => number
}

/**
 * Appends and checkpoints of this process run one after the other (number and previous hash read,
 * then the link; a daily checkpoint never notes a count older than an append's own).
 */
let queue: Promise<unknown> = Promise.resolve()

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work)
  queue = next.catch(() => undefined)
  return next
}

export class Register {
  readonly keyFile: string
  readonly checkpoints: Checkpoints
  private key: RegisterKey | null = null

  constructor(
    readonly dir: string,
    private readonly options: RegisterOptions = {},
  ) {
    this.keyFile = options.keyFile ?? registerKeyFileBeside(dir)
    this.checkpoints = new Checkpoints(options.checkpointDir ?? registerCheckpointDirBeside(dir))
  }

  /** The entries' numbers on disk, in order. */
  private numbers(): Promise<number[]> {
    return numbersIn(this.dir)
  }

  private bytesOf(number: number): Promise<Buffer> {
    return readFile(path.join(this.dir, numberedName(number)))
  }

  /** The last entry's bytes, which the next entry's link is made of; a RegisterRefusal in French when they cannot be read. */
  private async lastBytes(number: number): Promise<Buffer> {
    try {
      return await this.bytesOf(number)
    } catch {
      throw new RegisterRefusal(
        `Le registre est altéré : l'entrée n° ${number} est illisible. Aucun numéro n'est donné tant qu'elle n'est pas restaurée depuis la sauvegarde (npm run registre -- verify).`,
      )
    }
  }

  /** The register's key (the consultations' log chains its lines with it: ./consultation-chain.ts). */
  async chainKey(): Promise<Buffer> {
    return (await this.theKey()).key
  }

  /** The key, created on first use with the number of entries written before it (./key.ts). */
  private async theKey(now = clock.now()): Promise<RegisterKey> {
    this.key ??= await registerKey(
      this.keyFile,
      async () => {
        const entries = await parsedEntries(await this.numbers(), (number) => this.bytesOf(number))
        return { count: entries.length, keyed: entries.some((entry) => entry.chain !== undefined) }
      },
      now,
    )
    return this.key
  }

  /** Writes the next entry and returns it, numbered; durable when the promise resolves. */
  async append(entry: NewEntry, now = clock.now()): Promise<RegisterEntry> {
    const [written] = (await this.appendAll([entry], null, now)) ?? []
    if (!written) throw new Error("registre : entrée non écrite")
    return written
  }

  /**
   * Writes the next entry only if the register still ends at `last` entries (the owner's form was
   * shown then: a second click, or another tab's entry since, writes nothing); null when it does
   * not. `last` null: after whatever entry is last.
   */
  async appendAfter(entry: NewEntry, last: number | null, now = clock.now()): Promise<RegisterEntry | null> {
    return (await this.appendAll([entry], last, now))?.[0] ?? null
  }

  /**
   * Writes `entries` under consecutive numbers (one payment, one line per garment kept), then one
   * checkpoint; null when the register no longer ends at `last`. Throws RegisterRefusal (French)
   * when the register is shorter than its latest checkpoint, or its key is missing.
   */
  appendAll(entries: readonly NewEntry[], last: number | null = null, now = clock.now()): Promise<RegisterEntry[] | null> {
    const work = async () => {
      // Every entry held to the register's schema before any is signed: refused whole, nothing written.
      for (const entry of entries) checkEntry(entry)
      const key = await this.theKey(now)
      await mkdir(this.dir, { recursive: true, mode: 0o700 })
      const checkpoint = await this.checkpoints.latest()
      const written: RegisterEntry[] = []
      while (written.length < entries.length) {
        const numbers = await this.numbers()
        const lastNumber = numbers.at(-1) ?? 0
        if (written.length === 0 && last !== null && lastNumber !== last) return null
        const cut = cutRefusal(lastNumber, checkpoint, this.options.highestNumberElsewhere?.() ?? 0)
        if (cut) throw cut
        const previous = lastNumber === 0 ? FIRST_PREVIOUS : digest(await this.lastBytes(lastNumber), key.key)
        const base = {
          number: lastNumber + 1,
          recorded_at: now.toISOString(),
          ...entries[written.length]!,
          chain: "hmac-sha256" as const,
          previous_sha256: previous,
        }
        const entry: RegisterEntry = { ...base, sha256: ownHash(base, key.key) }
        // false: another process took that number between the listing and the link: read again.
        if (await createOnce(this.dir, numberedName(entry.number), `${JSON.stringify(entry, null, 2)}\n`)) written.push(entry)
      }
      const lastWritten = written.at(-1)
      if (lastWritten) await this.anchor(lastWritten, "entrée", now, true)
      return written
    }
    return inTurn(work)
  }

  /** Writes the checkpoint of the register ending at `last`, then hands it to onCheckpoint; logged, never thrown (the entry is written). */
  private async anchor(last: RegisterEntry, reason: Checkpoint["reason"], now: Date, mail: boolean): Promise<Checkpoint | null> {
    try {
      const checkpoint = await this.checkpoints.write({ reason, entries: last.number, last_number: last.number, last_hash: last.sha256 }, now)
      if (mail) await this.options.onCheckpoint?.(checkpoint, last)
      return checkpoint
    } catch (error) {
      console.error(`registre : point de contrôle après l'entrée n° ${last.number} non écrit ou non envoyé`, error)
      return null
    }
  }

  /**
   * The daily checkpoint (and at the server's start): written when the register verifies (a cut
   * register is never blessed), mailed when it holds entries the latest checkpoint did not.
   */
  dailyCheckpoint(now = clock.now()): Promise<Verdict> {
    return inTurn(async () => {
      const verdict = await this.verify()
      if (!verdict.ok || verdict.count === 0) return verdict
      const before = await this.checkpoints.latest()
      const last = JSON.parse((await this.bytesOf(verdict.count)).toString("utf8")) as RegisterEntry
      await this.anchor(last, "quotidien", now, before?.entries !== verdict.count)
      return verdict
    })
  }

  /**
   * Every entry, in order (the pages, the receipts, the CSV, the stock, a payment's catch-up), up
   * to the first that cannot be read or fails its check (./verify.ts checkEntryBytes: its bytes as
   * the site wrote them, its fingerprint with the key, its link to the entry before; then the
   * stored entry's schema, ./entry-check.ts): nothing from there on is used, so an entry added by
   * someone without the key never pays a buy-back nor enters the stock, and verify() names it
   * « Registre altéré » on the register's page; never a crash. Without the key: none.
   */
  async list(): Promise<RegisterEntry[]> {
    let key: RegisterKey
    try {
      key = await this.theKey()
    } catch (error) {
      if (!(error instanceof RegisterRefusal)) throw error
      console.error(`registre : aucune entrée lue, ${error.message}`)
      return []
    }
    return checkedEntries(await this.numbers(), (number) => this.bytesOf(number), key)
  }

  /** How many entries the register holds. */
  async count(): Promise<number> {
    return (await this.numbers()).length
  }

  /** Checks the whole chain and the register's end against the latest checkpoint (./verify.ts). */
  async verify(): Promise<Verdict> {
    let key: RegisterKey
    try {
      key = await this.theKey()
    } catch (error) {
      if (error instanceof RegisterRefusal) return { ok: false, count: await this.count(), number: 1, problem: error.message }
      throw error
    }
    const numbers = await this.numbers()
    const checkpoint = await this.checkpoints.latest()
    return verifyEntries({ numbers, bytesOf: (number) => this.bytesOf(number), key: key.key, unkeyed: key.unkeyedEntries, checkpoint })
  }

  /** At start: a file left aside by a crash before its link (never an entry nor a checkpoint) is removed; the folder and files stay private. */
  async clearLeftovers(): Promise<void> {
    await this.checkpoints.clearLeftovers()
    await removeLeftovers(this.dir, (name) => LEFTOVER.test(name))
    // A register before its first entry has no folder yet: nothing to keep private.
    await chmod(this.dir, 0o700).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error
    })
  }
}
