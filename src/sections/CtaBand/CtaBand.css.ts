import { style } from "@vanilla-extract/css"
import { tokens } from "../../styles/tokens/vars.css"

export const band = style({
  background: "linear-gradient(120deg, #3730a3, #6d28d9)",
  color: "#ffffff",
  paddingBlock: tokens.space.xxl,
})
export const inner = style({ display: "grid", gap: tokens.space.md, justifyItems: "center", textAlign: "center" })
export const title = style({ fontSize: tokens.font.fluidSize.ctaTitle, fontWeight: 800, maxWidth: "24ch" })
export const text = style({ color: "#e0e7ff", fontSize: tokens.font.size[110] })
export const buttons = style({ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: tokens.space.md, marginTop: tokens.space.sm })
