import { globalStyle } from "@vanilla-extract/css"
import { tokens, vars } from "./tokens/vars.css"
import { prefers } from "./tokens/breakpoints"

globalStyle("*, *::before, *::after", { boxSizing: "border-box" })

globalStyle("html", {
  colorScheme: "light",
  scrollBehavior: "smooth",
  // Anchored sections land below the sticky header, not under it.
  scrollPaddingTop: `calc(${tokens.headerHeight} + 12px)`,
  WebkitTextSizeAdjust: "100%",
})
globalStyle("html.dark", { colorScheme: "dark" })

globalStyle("body", {
  margin: 0,
  fontFamily: tokens.font.body,
  fontSize: tokens.font.size[100],
  lineHeight: 1.6,
  background: vars.color.bg,
  color: vars.color.text,
  WebkitFontSmoothing: "antialiased",
})

// Balanced lines: a title never leaves one short word (or a lone "?") on its last line.
globalStyle("h1, h2, h3, h4", { lineHeight: 1.2, margin: 0, letterSpacing: "-0.01em", textWrap: "balance" })
globalStyle("p", { margin: 0 })
// A list with a class is laid out by it (a grid of cards, a row of badges, the toasts): no bullets
// and no indent. :where() keeps this at zero specificity, so the list's own class always wins.
globalStyle(":where(ul[class], ol[class])", { listStyle: "none", margin: 0, padding: 0 })
globalStyle("img", { maxWidth: "100%", display: "block" })
globalStyle("a", { color: vars.color.primary })
globalStyle("button, input, textarea, select", { font: "inherit", color: "inherit" })

globalStyle(":focus-visible", {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: "2px",
})

globalStyle("::selection", { background: vars.color.primarySoft })

globalStyle("html", {
  "@media": {
    [prefers.reducedMotion]: { scrollBehavior: "auto" },
  },
})
globalStyle("*, *::before, *::after", {
  "@media": {
    [prefers.reducedMotion]: {
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      transitionDuration: "0.01ms !important",
    },
  },
})

/*
 * Progressive enhancement. The inline head script adds `js` to <html>; without it (JavaScript
 * off) controls that need scripts are hidden, every gallery card and the nav links show, and the
 * splash never blocks the page.
 */
globalStyle("html:not(.js) .js-only", { display: "none !important" })
globalStyle("html:not(.js) [data-splash]", { display: "none !important" })
globalStyle("html:not(.js) [data-nav]", { display: "block" })
globalStyle("html.js .beyond-visible", { display: "none" })
// While the welcome splash covers the screen, the page behind it is neither seen nor reachable
// (it is inert too): the browser skips its layout and paint, the heaviest work of the first load
// on a slow phone. Without JavaScript there is no splash and this never applies.
globalStyle("html.js #page[data-covered]", { contentVisibility: "hidden" })

// A section reached through an in-page link gets focus (src/lib/scroll-to-section) so Tab and
// screen readers continue from there; the scroll already shows where the visitor is.
globalStyle("section[tabindex='-1']:focus", { outline: "none" })
