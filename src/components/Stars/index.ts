export { Stars } from "./Stars"
