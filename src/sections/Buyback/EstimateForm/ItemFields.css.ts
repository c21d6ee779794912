import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../../styles/tokens/vars.css"
import { above } from "../../../styles/tokens/breakpoints"

/** Three selects side by side from tablets up, stacked on a phone (390 px). */
export const row = style({
  display: "grid",
  gap: tokens.space.md,
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { [above("sm")]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" } },
})

export const range = style({
  display: "grid",
  gap: "2px",
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
})

export const amount = style({ fontWeight: 700 })
export const note = style({ color: vars.color.textMuted, fontSize: tokens.font.size[90] })
