import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"
import { above } from "../../styles/tokens/breakpoints"

export const grid = style({
  display: "grid",
  gap: tokens.space.md,
  "@media": {
    [above("sm")]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    [above("xxl")]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))", gap: tokens.space.lg },
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
  fontSize: tokens.font.size[125],
})

export const name = style({ fontSize: tokens.font.size[120], fontWeight: 700 })
export const text = style({ color: vars.color.textMuted, fontSize: tokens.font.size[97.5] })
