import React, { Suspense, useSyncExternalStore } from "react"
import { whenNear } from "../lib/when-near"
import * as styles from "./LazyHydrate.css"

/** How far ahead of the viewport a section starts hydrating (a third of a phone screen). */
export const HYDRATE_MARGIN = "300px 0px"

/**
 * A visitor reaching into a section before it is near the viewport (keyboard, touch, mouse,
 * a screen reader's simulated click, files dropped or chosen). Listened to on the document in
 * the capture phase, so the section is released before React's own listener on the page root
 * sees the event.
 */
const INTERACTIONS = ["pointerdown", "touchstart", "focusin", "keydown", "click", "dragenter", "drop", "input", "change"] as const

/** Sections whose hydration may go ahead; kept for the life of the page, across re-mounts. */
const ready = new Set<string>()
const waiting = new Map<string, Promise<void>>()

/** Resolves when the section comes near the viewport or the visitor interacts with it. */
function whenWanted(id: string, wrapper: HTMLElement): Promise<void> {
  const known = waiting.get(id)
  if (known) return known
  const promise = new Promise<void>((resolve) => {
    let wanted = false
    let stopWatching: () => void = () => undefined
    const go = () => {
      if (wanted) return
      wanted = true
      stopWatching()
      for (const type of INTERACTIONS) document.removeEventListener(type, onInteraction, true)
      ready.add(id)
      resolve()
    }
    const onInteraction = (event: Event) => {
      if (event.target instanceof Node && wrapper.contains(event.target)) go()
    }
    // The wrapper has no box (display: contents): watch the sections inside it.
    stopWatching = whenNear(Array.from(wrapper.children), HYDRATE_MARGIN, go)
    if (wanted) return
    for (const type of INTERACTIONS) document.addEventListener(type, onInteraction, { capture: true, passive: true })
  })
  waiting.set(id, promise)
  return promise
}

const subscribeNever = () => () => undefined
const inBrowserRender = () => false
/** React reads the server snapshot only while hydrating: that is how the gate knows it is. */
const inHydration = () => true

/**
 * Suspends its boundary while the section's server HTML waits: React then keeps that HTML as
 * it is, hydrates nothing inside, and hydrates it once the promise resolves. An event that
 * arrives first is not lost: the document listener releases the section before React handles
 * the event, and React hydrates a released boundary synchronously, then dispatches it.
 *
 * Only hydration waits. If a context above changes first (the router's location on an anchor
 * click, say), React gives up hydrating the boundary and renders it afresh in the browser; the
 * gate then lets that render through at once, so the section never disappears.
 */
function HydrationGate({ id }: { id: string }): null {
  const hydrating = useSyncExternalStore(subscribeNever, inBrowserRender, inHydration)
  if (!hydrating || typeof document === "undefined" || ready.has(id)) return null
  const wrapper = document.getElementById(id)
  // Hydrating without this section's HTML (a mismatch): nothing to wait for.
  if (!wrapper) return null
  throw whenWanted(id, wrapper)
}

/**
 * Hydrates a below-the-fold section only when the visitor gets near it, so the first load on
 * a slow phone does not spend hundreds of milliseconds making invisible sections interactive.
 * The HTML is there from the start (readable, and complete without JavaScript).
 *
 * The section must not receive new props or context values before it hydrates: React would
 * then discard its server HTML. Pass elements built once (useMemo) and keep providers stable.
 */
export function LazyHydrate({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <Suspense fallback={null}>
      <HydrationGate id={id} />
      <div id={id} className={styles.wrapper} data-lazy-hydrate="">
        {children}
      </div>
    </Suspense>
  )
}
