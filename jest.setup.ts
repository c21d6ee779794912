import "@testing-library/jest-dom"
import { fakeMatchMedia } from "./__tests__/helpers/media"

// Server tests run under `@jest-environment node`: no window to complete there.
if (typeof window !== "undefined") {
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
