import { useCallback, useEffect, useState } from "react"
import { whenNear } from "../lib/when-near"

/**
 * Becomes true, once and for good, when the element comes within `rootMargin` of the
 * viewport. Returns a callback ref for the element. Without IntersectionObserver (old
 * browsers) it is true at once, so whatever waits on it still happens.
 */
export function useNearViewport<T extends Element>(rootMargin: string): [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null)
  const [near, setNear] = useState(false)

  useEffect(() => {
    if (near || !node) return
    return whenNear([node], rootMargin, () => setNear(true))
  }, [near, node, rootMargin])

  const ref = useCallback((element: T | null) => setNode(element), [])
  return [ref, near]
}
