export { SectionHeading, type HeadingContent } from "./SectionHeading"
