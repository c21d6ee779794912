/**
 * What a question says, and what it takes from the conversation when it has no subject of its own
 * ("et en taille L ?", "et chez Ralph Lauren ?"): the visitor's earlier turns (`history`) are read
 * again, newest first, for the last subject named and the filters added since. answer.ts decides
 * with it.
 */
import type { ChatTurn } from "../../contract/chat"
import { hasFilters, type Filters, type Reading } from "./filters"
import type { CatalogueMatch, ChatIndex } from "./search-index"

export type Understood = { reading: Reading; match: CatalogueMatch | null; otherWords: string[] }

export function understand(index: ChatIndex, message: string): Understood {
  const reading = index.read(message)
  const catalogue = index.matchCatalogue(index.analyzer.bounded(reading.rest))
  return { reading, match: catalogue.match, otherWords: catalogue.otherWords }
}

/** Whether a message with no subject of its own leans on the conversation ("et le moins cher ?"). */
export const leansOnContext = ({ reading }: Understood) => reading.followUp || reading.count || hasFilters(reading.filters)

/**
 * The subject of the latest visitor turn that had one, with the filters of the turns since
 * (newer ones win); null when the visitor changed topic or never named one.
 */
export function context(index: ChatIndex, history: readonly ChatTurn[]): { match: CatalogueMatch; filters: Filters } | null {
  let later: Filters = {}
  for (const turn of [...history].reverse()) {
    if (turn.from !== "visitor") continue
    const earlier = understand(index, turn.text)
    if (earlier.match) return { match: earlier.match, filters: { ...earlier.reading.filters, ...later } }
    if (!leansOnContext(earlier)) return null
    later = { ...earlier.reading.filters, ...later }
  }
  return null
}

/** A new superlative or filter replaces the earlier superlative: "le moins cher" then "et en L ?" lists the L ones. */
export function merge(earlier: Filters, now: Filters): Filters {
  if (!hasFilters(now)) return earlier
  const { superlative: _dropped, ...rest } = earlier
  return { ...rest, ...Object.fromEntries(Object.entries(now).filter(([, value]) => value !== undefined)) }
}

/**
 * "et chez Ralph Lauren ?" after "des chemises Tommy ?": the new brand with the earlier category
 * (or the new category with the earlier brand); null when the follow-up names both or neither.
 */
export function swapped(index: ChatIndex, earlier: CatalogueMatch, now: CatalogueMatch): CatalogueMatch | null {
  const brands = now.brands.length > 0 ? now.brands : earlier.brands
  const categories = now.categories.length > 0 ? now.categories : earlier.categories
  if (brands === now.brands && categories === now.categories) return null
  // Items the follow-up names by their title ("et le polo vert ?") stay those items.
  const items = (now.byTitle ? now.items : index.content.items).filter(
    (item) => (brands.length === 0 || brands.includes(item.brand)) && (categories.length === 0 || categories.includes(item.category)),
  )
  return { brands, categories, items, byTitle: now.byTitle }
}
