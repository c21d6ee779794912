export { button, iconButton, type ButtonVariants } from "./Button.css"
