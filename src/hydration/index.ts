export { LazyHydrate, HYDRATE_MARGIN } from "./LazyHydrate"
