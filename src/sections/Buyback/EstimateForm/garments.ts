/**
 * The estimate form's garments as pure data (issue 46): one draft per block, in the form's order,
 * and the total of their indicative ranges. « Article N » is always the block's place, so the
 * status line, the server's refusals and the owner's inbox name the same garment.
 */
import { buybackRange, type BuybackGrid, type BuybackRange } from "../../../contract/buyback-range"
import type { EstimateItem } from "../../../contract/estimate"

export type GarmentDraft = {
  /** The block's React key, never reused: a removed block's photos are revoked with it. */
  readonly key: string
  readonly item: EstimateItem
  readonly description: string
  readonly photos: readonly File[]
}

let drafts = 0
export function newGarment(): GarmentDraft {
  drafts += 1
  return { key: `article-${drafts}`, item: {}, description: "", photos: [] }
}

/** The sum of the garments' ranges, and how many garments have none (a brand not bought, no category…). */
export function totalRange(grid: BuybackGrid, garments: readonly GarmentDraft[]): { range: BuybackRange | null; without: number } {
  const sum = { low: 0, high: 0 }
  let without = 0
  for (const garment of garments) {
    const one = buybackRange(grid, garment.item)
    if (!one) without += 1
    else Object.assign(sum, { low: sum.low + one.low, high: sum.high + one.high })
  }
  return { range: without < garments.length ? sum : null, without }
}
