import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"
import { brandGradient } from "../../styles/tokens/palette"

export const logo = style({
  display: "inline-flex",
  alignItems: "center",
  gap: tokens.space.sm,
  fontWeight: 800,
  fontSize: tokens.font.size[125],
  color: vars.color.text,
  textDecoration: "none",
  letterSpacing: "-0.02em",
  // A 44 px target for a finger, the mark drawn at 34.
  minHeight: "44px",
})

export const mark = style({
  display: "inline-grid",
  placeItems: "center",
  width: "34px",
  height: "34px",
  borderRadius: "10px",
  background: brandGradient,
  color: "#ffffff",
})
