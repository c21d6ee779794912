export { Picture } from "./Picture"
