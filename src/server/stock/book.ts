/**
 * The stock book on disk, under STOCK_DIR (default data/stock/, never served, mode 700/600):
 *
 *   changes.json    the change log, append-only: every change ever made, numbered from 1, dated
 *   snapshot.json   a cache of the folded stock, named by what it was folded from
 *   photos/         each garment's photo, copied from its request when first seen (./photos.ts)
 *
 * What must stay true:
 * - the register (read through its port: `Register.list()`) and changes.json are the truth; the
 *   snapshot is only a cache: absent, unreadable or stale (the register or the log moved on), the
 *   stock is folded again from both (./fold.ts) and the snapshot rewritten;
 * - every write is whole or absent (../files.ts writeFileAtomic: fsync, rename, fsync of the
 *   folder): a kill -9 during a change leaves the log before or after it, never half;
 * - changes run one at a time in this process, each against the stock as it is when its turn
 *   comes: a form posted from a page that did not see the item's last change (another phone) is
 *   refused (409), never written over it.
 */
import { mkdir, readFile } from "node:fs/promises"
import path from "node:path"
import type { RegisterEntry } from "../../contract/buyback"
import type { StockChange, StockChangeBody, StockItem } from "../../contract/stock"
import { removeLeftovers, writeFileAtomic } from "../files"
import { foldStock } from "./fold"
import { clock } from "../clock"

/** What the stock reads of the register (src/server/register/register.ts `Register`, handed over by the host or the CLI). */
export type RegisterReader = { list: () => Promise<RegisterEntry[]> }

export type Decision = { ok: true; change: StockChangeBody } | { ok: false; status: 400 | 409; error: string; fields?: Record<string, string> }

export type ChangeOutcome =
  | { ok: true; item: StockItem; change: StockChange }
  | { ok: false; status: 400 | 404 | 409 | 503; error: string; fields?: Record<string, string>; item?: StockItem }

type Snapshot = { key: string; items: StockItem[] }

const PRIVATE_FILE = { mode: 0o600 } as const

/** Changes of this process run one after the other, whichever book object asks (the room's, a test's). */
let queue: Promise<unknown> = Promise.resolve()

/** The words of a change refused because another device made one first. */
/** The words of a change the disk could not hold: nothing written, what was typed kept on the page. */
export const DISK_FULL =
  "Le disque du serveur est plein : rien n'a été enregistré. Votre saisie est conservée : réessayez dans un moment, ou prévenez la personne qui s'occupe du serveur."

/** A write the disk refused for want of room (full, over quota, or read-only). */
const isNoRoom = (error: unknown) => ["ENOSPC", "EDQUOT", "EROFS"].includes(String((error as NodeJS.ErrnoException | null)?.code))

export const CHANGED_ELSEWHERE =
  "Cet article a été modifié ailleurs (autre onglet ou appareil) pendant que vous remplissiez ce formulaire : voici son état actuel. Votre saisie est conservée : vérifiez-la et enregistrez à nouveau si elle est toujours juste."

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null
    if (error instanceof SyntaxError) return null
    throw error
  }
}

export class StockBook {
  readonly changesFile: string
  readonly snapshotFile: string

  constructor(
    readonly dir: string,
    private readonly register: RegisterReader,
  ) {
    this.changesFile = path.join(dir, "changes.json")
    this.snapshotFile = path.join(dir, "snapshot.json")
  }

  /** The change log; a log that cannot be read is an error (it is the truth: never folded as empty). */
  async changes(): Promise<StockChange[]> {
    try {
      return (JSON.parse(await readFile(this.changesFile, "utf8")) as { changes: StockChange[] }).changes
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return []
      throw new Error(`stock : ${this.changesFile} illisible`, { cause: error })
    }
  }

  /** Every garment bought, oldest first: the snapshot when it was folded from the same register and log, else folded again. */
  async items(): Promise<StockItem[]> {
    const [entries, changes] = await Promise.all([this.register.list(), this.changes()])
    const key = `${entries.length}:${entries.at(-1)?.sha256 ?? ""}:${changes.length}`
    const snapshot = await readJson<Snapshot>(this.snapshotFile)
    if (snapshot?.key === key && Array.isArray(snapshot.items)) return snapshot.items
    const items = foldStock(entries, changes)
    await this.write(this.snapshotFile, { key, items }).catch((error: unknown) => console.error("stock : instantané non écrit", error))
    return items
  }

  async item(number: number): Promise<StockItem | null> {
    return (await this.items()).find((item) => item.number === number) ?? null
  }

  /**
   * One change of one item, in turn: the item read as it is now, its version compared with the
   * form's, `decide` asked, then the change appended to the log (durable when this resolves).
   */
  change(number: number, version: string, decide: (item: StockItem) => Decision, now = clock.now()): Promise<ChangeOutcome> {
    const work = async (): Promise<ChangeOutcome> => {
      const item = await this.item(number)
      if (!item) return { ok: false, status: 404, error: "Article introuvable : ce numéro d'ordre n'est pas dans le registre." }
      if (version !== item.version) return { ok: false, status: 409, error: CHANGED_ELSEWHERE, item }
      const decision = decide(item)
      if (!decision.ok) return { ...decision, item }
      const changes = await this.changes()
      const change = { ...decision.change, seq: (changes.at(-1)?.seq ?? 0) + 1, item: number, at: now.toISOString() } as StockChange
      try {
        await this.write(this.changesFile, { changes: [...changes, change] })
      } catch (error) {
        if (isNoRoom(error)) return { ok: false, status: 503, error: DISK_FULL, item }
        throw error
      }
      const after = await this.item(number)
      return after ? { ok: true, item: after, change } : { ok: false, status: 404, error: "Article introuvable." }
    }
    const next = queue.then(work, work)
    queue = next.catch(() => undefined)
    return next
  }

  /** At start: a file a crash left aside before its rename (`changes.json.<hex>.tmp`, never the log itself) is removed. */
  async clearLeftovers(): Promise<void> {
    await removeLeftovers(this.dir, (name) => name.endsWith(".tmp"))
  }

  private async write(file: string, value: unknown): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    await writeFileAtomic(file, `${JSON.stringify(value, null, 1)}\n`, PRIVATE_FILE)
  }
}
