/**
 * The indicative buy-back range, one pure function the estimate form and maxAi both call, so a
 * seller reads the same figures in both. The grid is content/buyback.json › grid (the owner edits
 * it in the studio): a base resale price per brand × category, a low/high factor per condition
 * and the share of the resale price the shop pays.
 */
export type BuybackGrid = {
  share: number
  conditions: ReadonlyArray<{ condition: string; low: number; high: number }>
  prices: ReadonlyArray<{ brand: string; category: string; price: number }>
}

export type BuybackChoice = { brand?: string | undefined; category?: string | undefined; condition?: string | undefined }

export type BuybackRange = { low: number; high: number }

/** The box the offer's form shows once an amount was found far above its garment's range: ticked, the amounts go as typed. */
export const OFFER_CHECKED = "montants_verifies"
export const OFFER_CHECKED_LABEL = "Montants vérifiés"
/** An amount over this many times the top of its garment's range is taken for a typo (3550 for 35,50) until the owner says it is meant. */
export const FAR_ABOVE_RANGE = 2
export const isFarAboveRange = (cents: number, range: BuybackRange) => range.high > 0 && cents > range.high * 100 * FAR_ABOVE_RANGE

/**
 * Whole euros, low ≤ high; null when the brand or category is missing, the brand is not bought
 * (no line in the grid, the form's "Autre marque" included) or the condition is unknown. Without a
 * condition the range spans every condition of the grid.
 */
export function buybackRange(grid: BuybackGrid, { brand, category, condition }: BuybackChoice): BuybackRange | null {
  const line = grid.prices.find((entry) => entry.brand === brand && entry.category === category)
  if (!line || grid.conditions.length === 0) return null
  const factors = condition ? grid.conditions.filter((entry) => entry.condition === condition) : grid.conditions
  if (factors.length === 0) return null
  const paid = line.price * grid.share
  const low = Math.round(paid * Math.min(...factors.map((entry) => entry.low)))
  const high = Math.round(paid * Math.max(...factors.map((entry) => entry.high)))
  return { low: Math.min(low, high), high: Math.max(low, high) }
}

/** "15 à 22 €" (no-break space before the euro sign, as the site's prices). */
export function rangeText({ low, high }: BuybackRange): string {
  return low === high ? `${low}\u00a0€` : `${low} à ${high}\u00a0€`
}
