import { style } from "@vanilla-extract/css"
import { tokens } from "../../styles/tokens/vars.css"
import { below } from "../../styles/tokens/breakpoints"

export const band = style({
  background: "linear-gradient(120deg, #3730a3, #6d28d9)",
  color: "#ffffff",
  paddingBlock: tokens.space.xxl,
})
export const inner = style({ display: "grid", gap: tokens.space.md, justifyItems: "center", textAlign: "center" })
export const title = style({ fontSize: tokens.font.fluidSize.ctaTitle, fontWeight: 800, maxWidth: "24ch" })
export const text = style({ color: "#e0e7ff", fontSize: tokens.font.size[110] })
/**
 * The shop buttons are one size whatever the shop's name: side by side, equal columns as wide as
 * the longest; on a phone, stacked and each as wide as the band allows.
 */
export const buttons = style({
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: "1fr",
  gap: tokens.space.md,
  marginTop: tokens.space.sm,
  "@media": { [below("sm")]: { gridAutoFlow: "row", width: "100%", maxWidth: "26rem" } },
})
