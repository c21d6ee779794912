export { Brands, type Brand } from "./Brands"
