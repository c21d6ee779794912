export { News, type NewsArticle } from "./News"
