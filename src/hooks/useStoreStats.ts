import { useEffect, useState } from "react"
import { fetchStores, type Store } from "../lib/api"

export type StoreTotals = { readonly totalSales: number; readonly rating: number }

/** Hero figures from the loaded stores: total of their sales and mean of their ratings. */
export function storeTotals(stores: ReadonlyArray<Store>): StoreTotals | null {
  if (stores.length === 0) return null
  const totalSales = stores.reduce((sum, store) => sum + store.stats.total_sales, 0)
  const rating = stores.reduce((sum, store) => sum + store.stats.rating, 0) / stores.length
  return { totalSales, rating }
}

/**
 * Loads the stores once, when the page mounts. Null until loaded, and stays null on any
 * failure (logged with console.warn only) so the page keeps its content fallbacks.
 */
export function useStoreStats(): StoreTotals | null {
  const [totals, setTotals] = useState<StoreTotals | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    void fetchStores({ signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return
      if (!result.ok) {
        console.warn(`[maxAi] Boutiques non chargées, chiffres par défaut affichés. ${result.message}`)
        return
      }
      const computed = storeTotals(result.data)
      if (computed) setTotals(computed)
      else console.warn("[maxAi] Boutiques : liste vide reçue, chiffres par défaut affichés.")
    })
    return () => controller.abort()
  }, [])

  return totals
}
