import type React from "react"
import { createRoot, hydrateRoot } from "react-dom/client"

/**
 * React reports this when a section still waiting for LazyHydrate receives a context update
 * (the router's location changes on an anchor click): it then renders that section afresh in
 * the browser, which is the intended fallback, not a fault. Production builds give only the code.
 */
const EXPECTED = [/received an update before it finished hydrating/, /Minified React error #421[;.]/]

function onRecoverableError(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error)
  if (EXPECTED.some((pattern) => pattern.test(message))) return
  console.error(error)
}

/**
 * Gatsby's hydration, with our recoverable-error policy (gatsby-browser replaceHydrateFunction).
 * `gatsby develop` serves no server HTML: there the page is rendered, not hydrated.
 */
export function hydratePage(element: React.ReactElement, container: Element): void {
  if (container.hasChildNodes()) hydrateRoot(container, element, { onRecoverableError })
  else createRoot(container).render(element)
}
