export { CtaBand } from "./CtaBand"
