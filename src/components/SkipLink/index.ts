export { EstimateSkipLink, SkipLink } from "./SkipLink"
