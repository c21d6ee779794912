import { startTransition, type ReactElement } from "react"
import { createRoot, hydrateRoot, type Root } from "react-dom/client"

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

/** Resolves in a new task of the event loop (a message, which no timer clamping delays). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

/**
 * Gatsby's hydration, with our recoverable-error policy (gatsby-browser replaceHydrateFunction).
 * `gatsby develop` serves no server HTML: there the page is rendered, not hydrated.
 */
export function hydratePage(element: ReactElement, container: Element): Root {
  if (!container.hasChildNodes()) {
    const root = createRoot(container)
    root.render(element)
    return root
  }
  // Inside a transition, React hydrates in slices of a few milliseconds and lets the browser
  // paint and answer input between them, instead of one long task that blocks a slow phone
  // (the Lighthouse bar's TBT). An event on a part not yet hydrated makes
  // React hydrate that part at once, then dispatch the event.
  let root: Root | undefined
  startTransition(() => {
    root = hydrateRoot(container, element, { onRecoverableError })
  })
  return root as Root
}
