import { renderEverySection } from "./render-all-sections"
import { prefers } from "../styles/tokens/breakpoints"

/**
 * In-page navigation that lands. Sections below the fold skip layout until they are near
 * (content-visibility with a size estimate) and hydrate as they come near (LazyHydrate), so a
 * plain anchor jump aims at a place that moves while the scroll runs. Here the page is first
 * laid out for real, then the scroll follows its section frame by frame until it is there, and
 * holds it there a moment while late content (hydration, loaded news, images) settles.
 *
 * Every same-page link goes through it (followInPageLinks, installed by gatsby-browser), and so
 * can any code: `scrollToSection("rachat", { focus: "some-field-id" })`.
 */

export type ScrollToSectionOptions = {
  /** "smooth" (default; instant anyway when the visitor prefers reduced motion) or "instant". */
  readonly behavior?: "smooth" | "instant"
  /**
   * What gets focus once the section is reached: an element or its id; by default the section
   * itself (made focusable with tabindex="-1"), as a browser's anchor jump moves the reading and
   * Tab position there; false leaves focus where it is.
   */
  readonly focus?: HTMLElement | string | false
  /** How the URL follows: "push" (default, a new history entry), "replace", or "none". */
  readonly history?: "push" | "replace" | "none"
}

/** After landing, the section is held in place this long unless the visitor scrolls. */
export const HOLD_MS = 1000
/** A scroll that has not landed by then stops following (the page keeps changing). */
const GIVE_UP_MS = 10000
/** Time without movement after which a smooth scroll that stopped short is issued again. */
const STALLED_MS = 300
/** The visitor taking over: any of these stops the follow and the hold. */
const VISITOR_INPUT = ["wheel", "touchstart", "pointerdown", "keydown"] as const

let stopCurrent: (() => void) | null = null

const prefersReducedMotion = () => window.matchMedia?.(prefers.reducedMotion).matches ?? false

/** Where the window must be for the target to sit under the sticky header (html's scroll-padding-top). */
function destination(target: HTMLElement): number {
  const root = document.documentElement
  const padding = parseFloat(getComputedStyle(root).scrollPaddingTop) || 0
  const wanted = window.scrollY + target.getBoundingClientRect().top - padding
  const max = root.scrollHeight - root.clientHeight
  return Math.round(Math.max(0, Math.min(wanted, max)))
}

function writeHistory(id: string, mode: ScrollToSectionOptions["history"]): void {
  if (mode === "none") return
  const url = `${window.location.pathname}${window.location.search}#${encodeURIComponent(id)}`
  if (mode === "replace" || window.location.hash === `#${encodeURIComponent(id)}`) window.history.replaceState(window.history.state, "", url)
  else window.history.pushState(null, "", url)
}

function moveFocus(target: HTMLElement, focus: ScrollToSectionOptions["focus"]): void {
  if (focus === false) return
  const element = focus === undefined ? target : typeof focus === "string" ? document.getElementById(focus) : focus
  if (!element || element.contains(document.activeElement)) return
  if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1")
  element.focus({ preventScroll: true })
}

/**
 * Scrolls to the element with this id (a section) so it lands just below the sticky header,
 * updates the URL and moves focus (see the options). Resolves true once it is there, false if
 * there is no such element or the visitor took over first. A new call replaces a running one.
 */
export function scrollToSection(id: string, options: ScrollToSectionOptions = {}): Promise<boolean> {
  const found = document.getElementById(id)
  if (!found) return Promise.resolve(false)
  let target: HTMLElement = found
  stopCurrent?.()
  renderEverySection()
  writeHistory(id, options.history ?? "push")
  // Focus (the Tab position) moves at once, without scrolling: a keyboard user's next Tab, pressed
  // while the scroll still runs, goes on from the section, not from the link (a key press ends the
  // follow). Moved again on landing, should React have replaced the element meanwhile.
  moveFocus(target, options.focus)
  const behavior: ScrollBehavior = options.behavior === "instant" || prefersReducedMotion() ? "instant" : "smooth"

  return new Promise((resolve) => {
    const started = performance.now()
    let aimedAt = Number.NaN
    let landedAt = 0
    let lastY = Number.NaN
    let movedAt = started
    let frame = 0

    const aim = (goal: number, how: ScrollBehavior) => {
      aimedAt = goal
      movedAt = performance.now()
      window.scrollTo({ top: goal, behavior: how })
    }
    const stop = () => {
      window.cancelAnimationFrame(frame)
      for (const type of VISITOR_INPUT) window.removeEventListener(type, stop, true)
      if (stopCurrent === stop) stopCurrent = null
      resolve(landedAt > 0)
    }
    const step = (now: number) => {
      // React may replace a section not yet hydrated (rendered afresh after a router update).
      if (!target.isConnected) {
        const again = document.getElementById(id)
        if (!again) return stop()
        target = again
      }
      const goal = destination(target)
      const y = window.scrollY
      if (Math.abs(y - lastY) >= 0.5) movedAt = now
      lastY = y
      if (Math.abs(y - goal) <= 1) {
        if (landedAt === 0) {
          landedAt = now
          moveFocus(target, options.focus)
          resolve(true)
        }
      } else if (landedAt > 0) {
        // Something above grew or shrank after landing: put the section back at once.
        aim(goal, "instant")
        landedAt = now
      } else if (Math.abs(goal - aimedAt) > 1 || now - movedAt >= STALLED_MS) {
        // The section moved while the scroll ran (a section rendered or hydrated on the way), or
        // the scroll stopped short: aim again, from where the window is now.
        aim(goal, behavior)
      }
      if ((landedAt > 0 && now - landedAt >= HOLD_MS) || now - started >= GIVE_UP_MS) return stop()
      frame = window.requestAnimationFrame(step)
    }

    stopCurrent = stop
    for (const type of VISITOR_INPUT) window.addEventListener(type, stop, { capture: true, passive: true })
    aim(destination(target), behavior)
    frame = window.requestAnimationFrame(step)
  })
}

/** The id a same-page link points to, or null for anything the browser should handle itself. */
export function inPageTarget(link: HTMLAnchorElement, here: Location = window.location): string | null {
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return null
  const url = new URL(link.href, here.href)
  if (!url.hash || url.origin !== here.origin || url.pathname !== here.pathname || url.search !== here.search) return null
  return decodeURIComponent(url.hash.slice(1))
}

/** The section named in the address (#rachat), if the page has it. */
export function sectionInUrl(): string | null {
  const id = decodeURIComponent(window.location.hash.slice(1))
  return id && document.getElementById(id) ? id : null
}

/**
 * Sends every same-page link click, and back/forward between the page's sections, through
 * scrollToSection. A click with a modifier key or another button stays the browser's (new tab).
 */
export function followInPageLinks(): void {
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null
    if (!(link instanceof HTMLAnchorElement)) return
    const id = inPageTarget(link)
    if (!id || !document.getElementById(id)) return
    event.preventDefault()
    void scrollToSection(id)
  })
  window.addEventListener("popstate", () => {
    const id = sectionInUrl()
    if (!id) stopCurrent?.()
    // Like the browser's own back/forward: straight there, focus left alone.
    if (id) void scrollToSection(id, { behavior: "instant", history: "none", focus: false })
  })
}
