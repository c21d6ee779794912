import { useCallback, useEffect, useState } from "react"

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
    if (typeof window.IntersectionObserver !== "function") {
      setNear(true)
      return
    }
    const observer = new window.IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true)
          observer.disconnect()
        }
      },
      { rootMargin },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [near, node, rootMargin])

  const ref = useCallback((element: T | null) => setNode(element), [])
  return [ref, near]
}
