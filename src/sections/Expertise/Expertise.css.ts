import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"
import { above } from "../../styles/tokens/breakpoints"

export const steps = style({
  display: "grid",
  gap: tokens.space.md,
  "@media": {
    [above("md")]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: tokens.space.lg },
  },
})

export const step = style({
  display: "grid",
  gap: tokens.space.sm,
  alignContent: "start",
  padding: tokens.space.lg,
})

export const stepIcon = style({
  display: "grid",
  placeItems: "center",
  width: "48px",
  height: "48px",
  borderRadius: tokens.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
})

export const stepTitle = style({ fontSize: tokens.font.size[115], fontWeight: 700 })
export const stepText = style({ color: vars.color.textMuted })
