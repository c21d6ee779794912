import { hydratePage, nextTask } from "./src/hydrate"

export { wrapRootElement } from "./src/wrap-root"

// Gatsby starts the app in the same task that evaluates the last of its scripts (React's
// framework bundle, the largest); waiting one task splits that into two shorter ones, so a
// slow phone can answer input in between.
export const onClientEntry = () => nextTask()

export const replaceHydrateFunction = () => hydratePage
