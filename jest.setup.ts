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

// jsdom computes a style by matching every rule of every stylesheet (vanilla-extract's real CSS is
// injected) against the element; Testing Library asks it again for each ancestor of each element a
// role query or a pointer event looks at, which was a fifth of `npm test`'s time. The same answer is
// kept until the document changes: any mutation (an attribute, a child, a style sheet's text) seen by
// the observer, read synchronously with takeRecords(), empties the memory before the next answer, and
// so does what changes a pseudo-class without a mutation (:focus, :checked through input and change
// events, :hover, which jsdom moves on mouseover), so no answer outlives the document it came from.
if (typeof window !== "undefined") {
  const computeStyle = window.getComputedStyle.bind(window)
  // One answer per element whatever the pseudo-element asked: jsdom does not compute ::before or
  // ::after (it reports "not implemented" and returns the element's own style), and the accessible
  // name asks for both on every node it reads.
  let remembered = new WeakMap<Element, CSSStyleDeclaration>()
  const forget = () => (remembered = new WeakMap())
  const changes = new MutationObserver(forget)
  changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
  for (const event of ["focusin", "focusout", "input", "change", "mouseover", "mouseout"]) document.addEventListener(event, forget, { capture: true })
  Object.defineProperty(window, "getComputedStyle", {
    writable: true,
    configurable: true,
    value: (element: Element): CSSStyleDeclaration => {
      if (changes.takeRecords().length > 0) forget()
      let style = remembered.get(element)
      if (!style) remembered.set(element, (style = computeStyle(element)))
      return style
    },
  })
}
