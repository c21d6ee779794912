/// <reference types="@testing-library/jest-dom" />
import { fakeMatchMedia } from "./__tests__/helpers/media"

// Server tests run under `@jest-environment node`: no window to complete there, and no DOM for
// jest-dom's matchers (loading them and aria-query cost each of those 68 files 40 ms of CPU).
if (typeof window !== "undefined") {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require("@testing-library/jest-dom")
  // jsdom has no matchMedia; components read it for the theme and reduced motion.
  if (!window.matchMedia) {
    Object.defineProperty(window, "matchMedia", { writable: true, value: fakeMatchMedia(() => false) })
  }

  // jsdom has no IntersectionObserver; by default nothing ever intersects.
  if (!("IntersectionObserver" in window)) {
    class NeverIntersecting {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return []
      }
    }
    Object.defineProperty(window, "IntersectionObserver", { writable: true, value: NeverIntersecting })
  }
}
