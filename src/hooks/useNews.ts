import { useEffect, useState } from "react"
import { fetchNews } from "../lib/api"
import { useNearViewport } from "./useNearViewport"

/** Start loading a screen or so before the section shows, so the request is done on arrival. */
export const NEWS_PRELOAD_MARGIN = "600px 0px"

export type NewsState = {
  /** Callback ref for the news section: the load starts when it first comes near the viewport. */
  readonly sectionRef: (node: HTMLElement | null) => void
  readonly loading: boolean
}

/**
 * The section that loads data when it appears: GET the news once the section is
 * near the viewport. The section shows the articles from content/news.json: the answer only ends
 * the loading state, whether the load succeeds or fails (a failure is logged).
 */
export function useNews(): NewsState {
  const [sectionRef, near] = useNearViewport<HTMLElement>(NEWS_PRELOAD_MARGIN)
  const [loading, setLoading] = useState(false)

  useEffect(() => {
    if (!near) return
    const controller = new AbortController()
    setLoading(true)
    void fetchNews({ signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return
      if (!result.ok) console.warn(`[maxAi] Actualités non chargées. ${result.message}`)
      setLoading(false)
    })
    return () => controller.abort()
  }, [near])

  return { sectionRef, loading }
}
