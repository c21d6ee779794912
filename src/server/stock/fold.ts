/**
 * The stock as a fold (docs/stock.md#the-stock-the-register-folded-with-the-change-log): the register's entries (one garment each) and the
 * stock's change log give each garment's state. Pure: the same entries and changes always give the
 * same stock, which is why a lost snapshot is rebuilt exactly (./book.ts).
 *
 * What must stay true:
 * - one item per register entry that is not a correction; a correction (`rectifies`) replaces the
 *   values of the entry it corrects (or of that entry's own correction: the chain is followed back
 *   to the first), the item keeps the first entry's order number;
 * - the changes are applied in their order (`seq`); a change naming a number no entry has is ignored;
 * - a sale or a withdrawal ends the listing; « Remettre en stock » undoes the last sale or
 *   withdrawal (a mistake), and the item is « En vente » again when it still has a listing.
 */
import type { RegisterEntry } from "../../contract/buyback"
import type { StockChange, StockItem } from "../../contract/stock"

/** The first entry a correction goes back to. */
function rootOf(entry: RegisterEntry, byNumber: ReadonlyMap<number, RegisterEntry>): number {
  let current = entry
  const seen = new Set<number>()
  while (current.rectifies !== undefined && !seen.has(current.number)) {
    seen.add(current.number)
    const corrected = byNumber.get(current.rectifies)
    if (!corrected) return current.rectifies
    current = corrected
  }
  return current.number
}

function itemOf(entry: RegisterEntry, number: number): StockItem {
  return {
    number,
    request: entry.request,
    garment: entry.item,
    cost_cents: entry.price_cents,
    bought_on: entry.payment_date,
    payment_method: entry.payment_method,
    status: "en_stock",
    history: [],
    version: "0",
  }
}

function apply(item: StockItem, change: StockChange): StockItem {
  const next: StockItem = { ...item, history: [...item.history, change], version: String(change.seq) }
  switch (change.kind) {
    case "listing":
      next.listing = change.listing
      if (item.status === "en_stock") next.status = "en_vente"
      return next
    case "published":
      next.site_id = change.site_id
      return next
    case "sale":
      next.sale = change.sale
      delete next.withdrawal
      next.status = "vendu"
      return next
    case "withdrawal":
      next.withdrawal = { reason: change.reason, on: change.at }
      delete next.sale
      next.status = "retire"
      return next
    case "back_in_stock":
      delete next.sale
      delete next.withdrawal
      next.status = next.listing ? "en_vente" : "en_stock"
      return next
  }
}

/** Every garment bought, oldest first, as the register and the change log say now. */
export function foldStock(entries: ReadonlyArray<RegisterEntry>, changes: ReadonlyArray<StockChange>): StockItem[] {
  const byNumber = new Map(entries.map((entry) => [entry.number, entry]))
  const items = new Map<number, StockItem>()
  for (const entry of entries) {
    if (entry.rectifies === undefined) items.set(entry.number, itemOf(entry, entry.number))
  }
  // Corrections in the register's order: the latest one's values stand.
  for (const entry of entries) {
    if (entry.rectifies === undefined) continue
    const root = rootOf(entry, byNumber)
    if (items.has(root)) items.set(root, itemOf(entry, root))
  }
  for (const change of [...changes].sort((a, b) => a.seq - b.seq)) {
    const item = items.get(change.item)
    if (item) items.set(change.item, apply(item, change))
  }
  return [...items.values()].sort((a, b) => a.number - b.number)
}
