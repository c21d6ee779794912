import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"

export const notice = style({ fontSize: tokens.font.size[85], color: vars.color.textMuted, lineHeight: 1.5 })
/** A finger-sized target (44 px high) that never breaks across two lines. */
export const link = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  color: vars.color.text,
  textDecoration: "underline",
  textUnderlineOffset: "3px",
})
