import { useEffect, useState } from "react"
import { prefers } from "../styles/tokens/breakpoints"

const QUERY = prefers.reducedMotion

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
