import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"
import { above } from "../../styles/tokens/breakpoints"

export const list = style({
  display: "grid",
  gap: tokens.space.md,
  "@media": { [above("lg")]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: tokens.space.lg } },
})

export const article = style({ display: "grid", gap: tokens.space.sm, alignContent: "start", padding: tokens.space.lg, height: "100%" })
export const top = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: tokens.space.sm, flexWrap: "wrap" })
export const source = style({ fontWeight: 700, color: vars.color.primary, fontSize: tokens.font.size[90] })
export const live = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "6px",
  padding: "2px 10px",
  borderRadius: tokens.radius.pill,
  background: vars.color.successSoft,
  color: vars.color.success,
  fontWeight: 700,
  fontSize: tokens.font.size[80],
})
export const dot = style({ width: "8px", height: "8px", borderRadius: "50%", background: "currentColor" })
export const title = style({ fontSize: tokens.font.size[115], fontWeight: 700 })
export const excerpt = style({ color: vars.color.textMuted })
export const meta = style({
  display: "flex",
  justifyContent: "space-between",
  gap: tokens.space.sm,
  color: vars.color.textMuted,
  fontSize: tokens.font.size[87.5],
  marginTop: "auto",
})
/** The clock sits on the text's line, centred on it. */
export const time = style({ display: "inline-flex", alignItems: "center", gap: "4px" })
export const relevance = style({ fontWeight: 700, color: vars.color.text })
export const loading = style({ color: vars.color.textMuted, fontSize: tokens.font.size[90], minHeight: "1.6em" })
