export { SectionHeading } from "./SectionHeading"
