export { Seo, type SeoProps } from "./Seo"
