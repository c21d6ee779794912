import { fakeMatchMedia } from "./media"

/** Emulates the OS "reduce motion" setting through matchMedia (jsdom has none of its own). */
const original = window.matchMedia

export function preferReducedMotion(): void {
  window.matchMedia = fakeMatchMedia((query) => query === "(prefers-reduced-motion: reduce)")
}

export function restoreMotionPreference(): void {
  window.matchMedia = original
}
