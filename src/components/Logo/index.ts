export { Logo } from "./Logo"
