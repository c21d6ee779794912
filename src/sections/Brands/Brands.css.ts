import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/theme.css"

export const grid = style({
  display: "grid",
  gap: tokens.space.md,
  "@media": {
    "(min-width: 640px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    "(min-width: 1024px)": { gridTemplateColumns: "repeat(4, minmax(0, 1fr))", gap: tokens.space.lg },
  },
})

export const brand = style({ display: "grid", gap: tokens.space.sm, alignContent: "start", padding: tokens.space.lg })

export const monogram = style({
  display: "grid",
  placeItems: "center",
  width: "56px",
  height: "56px",
  borderRadius: tokens.radius.pill,
  background: `linear-gradient(135deg, ${vars.color.primary}, ${vars.color.accent})`,
  color: vars.color.onPrimary,
  fontWeight: 800,
  fontSize: "1.25rem",
})

export const name = style({ fontSize: "1.2rem", fontWeight: 700 })
export const text = style({ color: vars.color.textMuted, fontSize: "0.975rem" })
