import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"
import { above } from "../../styles/tokens/breakpoints"

export const footer = style({ background: vars.color.bgAlt, borderTop: `1px solid ${vars.color.border}`, paddingBlock: tokens.space.xl })
export const grid = style({
  display: "grid",
  gap: tokens.space.lg,
  "@media": { [above("md")]: { gridTemplateColumns: "2fr 1fr 1fr" } },
})
export const about = style({ display: "grid", gap: tokens.space.sm, alignContent: "start", color: vars.color.textMuted, maxWidth: "42ch" })
export const title = style({ fontSize: tokens.font.size[100], fontWeight: 700, marginBottom: tokens.space.sm })
/**
 * One rhythm for both lists: every row is 44 px high, the brands' plain text as the shops' links
 * (a finger-sized target each), with no gap, so the two columns line up row for row.
 */
export const list = style({ display: "grid", gridAutoRows: "minmax(44px, auto)", alignItems: "center", color: vars.color.textMuted })
export const bottom = style({
  marginTop: tokens.space.lg,
  paddingTop: tokens.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  gap: tokens.space.sm,
  color: vars.color.textMuted,
  fontSize: tokens.font.size[90],
})
/** The legal pages' links: side by side, each a finger-sized target (`textLink` is 44 px high). */
export const legalLinks = style({ display: "flex", flexWrap: "wrap", columnGap: tokens.space.md })
