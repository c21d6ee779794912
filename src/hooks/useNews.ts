import { useEffect, useState } from "react"
import { fetchNews, type NewsItem } from "../lib/api"
import { useNearViewport } from "./useNearViewport"

/** Start loading a screen or so before the section shows, so the request is done on arrival. */
export const NEWS_PRELOAD_MARGIN = "600px 0px"

export type NewsState = {
  /** Callback ref for the news section: the load starts when it first comes near the viewport. */
  readonly sectionRef: (node: HTMLElement | null) => void
  /** The loaded list, kept in state; the page shows the articles from content/news.json. */
  readonly news: ReadonlyArray<NewsItem>
  readonly loading: boolean
}

/**
 * The section that "loads data when it appears" (spec §2): GET the news once the section is
 * near the viewport. The loading flag is cleared whether the load succeeds or fails;
 * failures are only logged (spec §8).
 */
export function useNews(): NewsState {
  const [sectionRef, near] = useNearViewport<HTMLElement>(NEWS_PRELOAD_MARGIN)
  const [news, setNews] = useState<ReadonlyArray<NewsItem>>([])
  const [loading, setLoading] = useState(false)

  useEffect(() => {
    if (!near) return
    const controller = new AbortController()
    setLoading(true)
    void fetchNews({ signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return
      if (result.ok) setNews(result.data)
      else console.warn(`[maxAi] Actualités non chargées. ${result.message}`)
      setLoading(false)
    })
    return () => controller.abort()
  }, [near])

  return { sectionRef, news, loading }
}
