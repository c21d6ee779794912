export { Seo, OG_IMAGE_SIZE, type SeoProps } from "./Seo"
export { JsonLd } from "./JsonLd"
export { OrganizationJsonLd } from "./OrganizationJsonLd"
