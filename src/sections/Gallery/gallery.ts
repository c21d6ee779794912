/** Pure gallery rules: filtering by category, paging ("Voir plus") and the summary stats. */
export const INITIAL_VISIBLE = 8
export const VISIBLE_STEP = 8
export const ALL_CATEGORIES = "Tous"

/** A sold item without its photo: what the gallery's rules (filters, paging, figures) read. */
export type GalleryItem = Omit<Queries.SoldItemCardFragment, "image">

export function itemsInCategory<T extends GalleryItem>(items: ReadonlyArray<T>, category: string): ReadonlyArray<T> {
  return category === ALL_CATEGORIES ? items : items.filter((item) => item.category === category)
}

/** Each 'see more' adds a step, never past the number of items in the category. */
export function nextVisibleCount(current: number, total: number): number {
  return Math.min(current + VISIBLE_STEP, total)
}

export type GalleryStats = { totalSold: number; totalViews: number; averagePrice: number; topBrand: string }

/** Most frequent brand; ties go to the brand seen first, so the result is stable. */
function mostFrequentBrand(items: ReadonlyArray<GalleryItem>): string {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(item.brand, (counts.get(item.brand) ?? 0) + 1)
  let best = ""
  let bestCount = 0
  for (const [brand, count] of counts) {
    if (count > bestCount) {
      best = brand
      bestCount = count
    }
  }
  return best
}

export function galleryStats(items: ReadonlyArray<GalleryItem>): GalleryStats {
  const totalPrice = items.reduce((sum, item) => sum + item.price, 0)
  return {
    totalSold: items.length,
    totalViews: items.reduce((sum, item) => sum + item.views, 0),
    averagePrice: items.length ? totalPrice / items.length : 0,
    topBrand: mostFrequentBrand(items),
  }
}

/** Chip list: "Tous" first, then the content categories, each with its item count. */
export function categoryChips(items: ReadonlyArray<GalleryItem>, categories: ReadonlyArray<string>): Array<{ name: string; count: number }> {
  return [{ name: ALL_CATEGORIES, count: items.length }, ...categories.map((name) => ({ name, count: itemsInCategory(items, name).length }))]
}
