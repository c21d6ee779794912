import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"
import { above } from "../../styles/tokens/breakpoints"

export const grid = style({
  display: "grid",
  gap: tokens.space.lg,
  "@media": { [above("md")]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
})

export const shop = style({ display: "grid", gap: tokens.space.md, padding: tokens.space.lg, height: "100%", alignContent: "start" })
export const head = style({ display: "flex", alignItems: "center", gap: tokens.space.md })
export const avatar = style({ width: "64px", height: "64px", borderRadius: "50%", overflow: "hidden", flex: "none" })
export const name = style({ fontSize: tokens.font.size[130], fontWeight: 800 })
export const description = style({ color: vars.color.textMuted })
export const badges = style({ display: "flex", flexWrap: "wrap", gap: tokens.space.sm })
export const badge = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "6px",
  padding: "4px 12px",
  borderRadius: tokens.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontWeight: 700,
  fontSize: tokens.font.size[87.5],
})
