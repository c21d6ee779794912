export { Header, type NavItem } from "./Header"
