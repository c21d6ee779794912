import "@testing-library/jest-dom"
import { fakeMatchMedia } from "./__tests__/helpers/media"

// Server tests run in Node (@jest-environment node): nothing of the browser to fake there.
const browser = typeof window !== "undefined"

// jsdom has no matchMedia; components read it for the theme and reduced motion.
if (browser && !window.matchMedia) {
  Object.defineProperty(window, "matchMedia", { writable: true, value: fakeMatchMedia(() => false) })
}

// jsdom has no IntersectionObserver; by default nothing ever intersects.
if (browser && !("IntersectionObserver" in window)) {
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
