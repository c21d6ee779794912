import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"

export const notice = style({ fontSize: tokens.font.size[85], color: vars.color.textMuted, lineHeight: 1.5 })
