export { NotFound } from "./NotFound"
