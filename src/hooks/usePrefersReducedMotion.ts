import { useEffect, useState } from "react"

const QUERY = "(prefers-reduced-motion: reduce)"

/** Whether the visitor asked the system for less motion; false on the server. */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false)
  useEffect(() => {
    const media = window.matchMedia?.(QUERY)
    if (!media) return
    setReduced(media.matches)
    const onChange = (event: MediaQueryListEvent) => setReduced(event.matches)
    media.addEventListener?.("change", onChange)
    return () => media.removeEventListener?.("change", onChange)
  }, [])
  return reduced
}
