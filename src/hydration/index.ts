export { Hydrated } from "./Hydrated"
export { LazyHydrate, HYDRATE_MARGIN } from "./LazyHydrate"
