import "@testing-library/jest-dom"
import { fakeMatchMedia } from "./__tests__/helpers/media"

// Node-environment suites (sharp, sockets) have no window to complete.
const inBrowser = typeof window !== "undefined"

// jsdom has no matchMedia; components read it for the theme and reduced motion.
if (inBrowser && !window.matchMedia) {
  Object.defineProperty(window, "matchMedia", { writable: true, value: fakeMatchMedia(() => false) })
}

// jsdom has no IntersectionObserver; by default nothing ever intersects.
if (inBrowser && !("IntersectionObserver" in window)) {
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
