import { hydratePage } from "./src/hydrate"

export { wrapRootElement } from "./src/wrap-root"

export const replaceHydrateFunction = () => hydratePage
