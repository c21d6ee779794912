export { SkipLink } from "./SkipLink"
