import { useEffect, type RefObject } from "react"

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'

type FocusTrapOptions = {
  /** Off: the trap does nothing (a surface that is closed). */
  readonly active?: boolean
  /** What gets focus when the trap starts: the last control (the splash's enter button) or the given element. */
  readonly initialFocus?: "last" | RefObject<HTMLElement>
}

/**
 * Keeps Tab and Shift+Tab inside `ref` while active, and moves focus into it when it starts.
 * Used by modal surfaces (the splash, the mobile menu).
 */
export function useFocusTrap(ref: RefObject<HTMLElement>, { active = true, initialFocus = "last" }: FocusTrapOptions = {}): void {
  useEffect(() => {
    const root = ref.current
    if (!root || !active) return
    const focusables = () => Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest("[aria-hidden='true']"))
    const start = initialFocus === "last" ? focusables().at(-1) : initialFocus.current
    start?.focus()

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return
      const items = focusables()
      const first = items[0]
      const last = items.at(-1)
      if (!first || !last) return
      const active = document.activeElement
      if (event.shiftKey && (active === first || !root.contains(active))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener("keydown", onKeyDown)
    return () => document.removeEventListener("keydown", onKeyDown)
  }, [ref, active, initialFocus])
}
