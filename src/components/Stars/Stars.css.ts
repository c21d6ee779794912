import { style } from "@vanilla-extract/css"
import { vars } from "../../styles/tokens/vars.css"

export const stars = style({ display: "inline-flex", gap: "2px", color: vars.color.star })
