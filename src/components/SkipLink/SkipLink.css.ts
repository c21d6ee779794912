import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"

export const skipLink = style({
  position: "absolute",
  left: tokens.space.md,
  top: "-100px",
  zIndex: 100,
  padding: "12px 18px",
  borderRadius: tokens.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 700,
  textDecoration: "none",
  selectors: { "&:focus": { top: tokens.space.sm } },
})
