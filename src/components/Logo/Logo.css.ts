import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/theme.css"

export const logo = style({
  display: "inline-flex",
  alignItems: "center",
  gap: tokens.space.sm,
  fontWeight: 800,
  fontSize: "1.25rem",
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
  background: `linear-gradient(135deg, #4338ca, #7c3aed)`,
  color: "#ffffff",
})
