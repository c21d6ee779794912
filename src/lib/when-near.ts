/**
 * Calls `onNear` once, the first time one of `elements` comes within `rootMargin` of the
 * viewport; at once where IntersectionObserver is missing (old browsers), so whatever waits on
 * it still happens. Returns a function that stops watching.
 */
export function whenNear(elements: ReadonlyArray<Element>, rootMargin: string, onNear: () => void): () => void {
  if (typeof window.IntersectionObserver !== "function") {
    onNear()
    return () => undefined
  }
  const observer = new window.IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      onNear()
    },
    { rootMargin },
  )
  for (const element of elements) observer.observe(element)
  return () => observer.disconnect()
}
