import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"
import { above } from "../../styles/tokens/breakpoints"

export const grid = style({
  display: "grid",
  gap: tokens.space.lg,
  alignItems: "start",
  "@media": { [above("xl")]: { gridTemplateColumns: "1.3fr 1fr", gap: tokens.space.xl } },
})
export const aside = style({ display: "grid", gap: tokens.space.lg })
export const panel = style({ padding: tokens.space.lg, display: "grid", gap: tokens.space.md })
export const panelTitle = style({ fontSize: tokens.font.size[120], fontWeight: 700 })
export const reasons = style({ display: "grid", gap: tokens.space.md })
export const reason = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: "4px 12px", alignItems: "start" })
export const reasonIcon = style({ gridRow: "span 2", color: vars.color.success, marginTop: "2px" })
export const reasonTitle = style({ fontWeight: 700, fontSize: tokens.font.size[100] })
export const reasonText = style({ color: vars.color.textMuted, fontSize: tokens.font.size[95] })
export const brands = style({ display: "flex", flexWrap: "wrap", gap: tokens.space.sm })
export const brand = style({
  padding: "6px 14px",
  borderRadius: tokens.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  fontWeight: 600,
})
export const promise = style({
  display: "inline-flex",
  alignItems: "center",
  gap: tokens.space.sm,
  padding: "6px 14px",
  borderRadius: tokens.radius.pill,
  background: vars.color.successSoft,
  color: vars.color.success,
  fontWeight: 700,
  width: "fit-content",
})
