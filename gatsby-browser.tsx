import type { GatsbyBrowser } from "gatsby"
import { hydratePage, nextTask } from "./src/hydration/hydrate-page"
import { followInPageLinks } from "./src/lib/scroll-to-section"

export { wrapRootElement } from "./src/wrap-root"

// Gatsby starts the app in the same task that evaluates the last of its scripts (React's
// framework bundle, the largest); waiting one task splits that into two shorter ones, so a
// slow phone can answer input in between.
export const onClientEntry = () => {
  followInPageLinks()
  return nextTask()
}

export const replaceHydrateFunction = () => hydratePage

/**
 * Moves between sections of the page (a link, back/forward) and an address with a section
 * (#rachat, scrolled to when the splash closes) are src/lib/scroll-to-section's: Gatsby's own
 * jump would aim at a section whose place is still an estimate, and fight the scroll.
 */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ prevRouterProps, routerProps }) => {
  const { pathname, hash } = routerProps.location
  return !hash && prevRouterProps?.location.pathname !== pathname
}
