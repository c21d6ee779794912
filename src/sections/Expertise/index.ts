export { Expertise, type ExpertiseContent } from "./Expertise"
