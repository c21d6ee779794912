export { Buyback, type BuybackContent } from "./Buyback"
