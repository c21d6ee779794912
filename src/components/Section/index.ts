export { Section, type HeadingContent } from "./Section"
