import "@testing-library/jest-dom"

// jsdom has no matchMedia; components read it for the theme and reduced motion.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  })
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
