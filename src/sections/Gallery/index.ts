export { Gallery } from "./Gallery"
export type { SoldItem } from "./ItemCard"
