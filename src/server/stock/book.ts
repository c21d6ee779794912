/**
 * The stock book: the register's entries (one garment bought each, read through its port) folded
 * with the stock's change log (./fold.ts), the log being the table `stock_changes` of the shop's
 * database (src/server/database/, migration 0001). The garments' photos stay files under STOCK_DIR
 * (default data/stock/photos/, ./photos.ts).
 *
 * What must stay true:
 * - the register and the log are the truth, and nothing else is kept: the stock is folded from
 *   both at each read (no cache a hand-made file could stand in for);
 * - the log is append-only (the table's triggers refuse an update or a delete) and numbered from 1
 *   without a gap: a change takes the next number inside the transaction that writes it;
 * - one change is one IMMEDIATE transaction: the item's version compared with the form's, `decide`
 *   asked, the line written, all under the database's write lock, so two devices (or the server and
 *   `npm run stock`) never both change the same version: the second is refused (409) in French;
 * - a change is durable when change() resolves (synchronous = FULL), whole or absent after a kill -9.
 */
import type { RegisterEntry } from "../../contract/buyback"
import type { StockChange, StockChangeBody, StockItem } from "../../contract/stock"
import type { Database } from "../database/database"
import { foldStock } from "./fold"
import { importOldLog } from "./old-log"
import { clock } from "../clock"

/** What the stock reads of the register (src/server/register/register.ts `Register`, handed over by the host or the CLI). */
export type RegisterReader = { list: () => Promise<RegisterEntry[]> }

export type Decision = { ok: true; change: StockChangeBody } | { ok: false; status: 400 | 409; error: string; fields?: Record<string, string> }

export type ChangeOutcome =
  | { ok: true; item: StockItem; change: StockChange }
  | { ok: false; status: 400 | 404 | 409 | 503; error: string; fields?: Record<string, string>; item?: StockItem }

/** The words of a change the disk could not hold: nothing written, what was typed kept on the page. */
export const DISK_FULL =
  "Le disque du serveur est plein : rien n'a été enregistré. Votre saisie est conservée : réessayez dans un moment, ou prévenez la personne qui s'occupe du serveur."

/** A write the database refused for want of room (the disk full, the file at its size limit, or read-only). */
const isNoRoom = (error: unknown) => ["SQLITE_FULL", "SQLITE_READONLY", "SQLITE_IOERR_WRITE"].includes(String((error as { code?: unknown } | null)?.code))

/** The words of a change refused because another device made one first. */
export const CHANGED_ELSEWHERE =
  "Cet article a été modifié ailleurs (autre onglet ou appareil) pendant que vous remplissiez ce formulaire : voici son état actuel. Votre saisie est conservée : vérifiez-la et enregistrez à nouveau si elle est toujours juste."

/** The highest order number the stock's log names (0 before any change): the register never gives it again (src/server/register/register.ts). */
export function highestStockedNumber(db: Database): number {
  return (db.prepare("SELECT max(item) AS highest FROM stock_changes").get() as { highest: number | null }).highest ?? 0
}

type ChangeRow = { seq: number; item: number; at: string; change: string }

export class StockBook {
  /** `dir`: STOCK_DIR, where a log left by an older version is imported from (./old-log.ts) and the photos are kept. */
  constructor(
    readonly dir: string,
    private readonly register: RegisterReader,
    private readonly db: Database,
  ) {
    // Before anything reads the stock: a change log an older version left as a file is in the database.
    importOldLog(db, dir)
  }

  private readChanges(): StockChange[] {
    const rows = this.db.prepare<[], ChangeRow>("SELECT seq, item, at, change FROM stock_changes ORDER BY seq").all()
    return rows.map((row) => ({ ...(JSON.parse(row.change) as StockChangeBody), seq: row.seq, item: row.item, at: row.at }))
  }

  /** The change log, oldest first. */
  async changes(): Promise<StockChange[]> {
    return this.readChanges()
  }

  /** Every garment bought, oldest first. */
  async items(): Promise<StockItem[]> {
    const entries = await this.register.list()
    return foldStock(entries, this.readChanges())
  }

  async item(number: number): Promise<StockItem | null> {
    return (await this.items()).find((item) => item.number === number) ?? null
  }

  /**
   * One change of one item: the item read as it is now, its version compared with the form's,
   * `decide` asked, then the change written, in one transaction (durable when this resolves).
   */
  async change(number: number, version: string, decide: (item: StockItem) => Decision, now = clock.now()): Promise<ChangeOutcome> {
    const entries = await this.register.list()
    const insert = this.db.prepare("INSERT INTO stock_changes (seq, item, at, change) VALUES (?, ?, ?, ?)")
    /** The item as the transaction read it, shown again when the disk refuses the change. */
    let seen: StockItem | undefined
    const work = this.db.transaction((): ChangeOutcome => {
      const changes = this.readChanges()
      const item = foldStock(entries, changes).find((each) => each.number === number)
      seen = item
      if (!item) return { ok: false, status: 404, error: "Article introuvable : ce numéro d'ordre n'est pas dans le registre." }
      if (version !== item.version) return { ok: false, status: 409, error: CHANGED_ELSEWHERE, item }
      const decision = decide(item)
      if (!decision.ok) return { ...decision, item }
      const change = { ...decision.change, seq: (changes.at(-1)?.seq ?? 0) + 1, item: number, at: now.toISOString() } as StockChange
      insert.run(change.seq, change.item, change.at, JSON.stringify(decision.change))
      const after = foldStock(entries, [...changes, change]).find((each) => each.number === number)
      return after ? { ok: true, item: after, change } : { ok: false, status: 404, error: "Article introuvable." }
    })
    try {
      return work.immediate()
    } catch (error) {
      if (isNoRoom(error)) return { ok: false, status: 503, error: DISK_FULL, ...(seen ? { item: seen } : {}) }
      throw error
    }
  }
}
