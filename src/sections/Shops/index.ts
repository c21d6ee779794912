export { Shops, type Shop } from "./Shops"
