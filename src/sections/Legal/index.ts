export { LegalLayout, LegalPart } from "./LegalLayout"
export { EmailValue, Facts } from "./Facts"
export { legalLabels } from "./labels"
export { legalLinkClass } from "./Legal.css"
