import React, { Suspense } from "react"

/**
 * A section of the first screen, hydrated on its own: React hydrates a Suspense boundary after
 * the page shell, in its own task, instead of the whole page in one long task. Nothing here
 * suspends: the boundary only splits the work. Sections further down use LazyHydrate.
 */
export function Hydrated({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}
