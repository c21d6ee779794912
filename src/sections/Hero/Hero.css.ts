import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"
import { raisedPanel } from "../../styles/utils.css"
import { above } from "../../styles/tokens/breakpoints"

export const hero = style({
  background: `radial-gradient(1200px 500px at 10% -10%, ${vars.color.heroFrom}, transparent), linear-gradient(160deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  paddingBlock: `${tokens.space.xl} ${tokens.space.xxl}`,
})

// One column no wider than the screen (an `auto` column grows to its content's widest line:
// the claims row made the page 353 px wide on a 320 px phone).
export const grid = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: tokens.space.xl,
  alignItems: "center",
  "@media": {
    [above("xl")]: { gridTemplateColumns: "1.25fr 1fr" },
  },
})

export const copyBlock = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: tokens.space.lg, justifyItems: "start" })

export const badge = style({
  display: "inline-flex",
  alignItems: "center",
  gap: tokens.space.sm,
  padding: "6px 14px",
  borderRadius: tokens.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontWeight: 700,
  fontSize: tokens.font.size[90],
})

export const title = style({
  fontSize: tokens.font.fluidSize.heroTitle,
  fontWeight: 800,
  letterSpacing: "-0.03em",
})

export const text = style({ fontSize: tokens.font.size[112.5], color: vars.color.textMuted, maxWidth: "60ch" })

export const claims = style({
  display: "grid",
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  gap: tokens.space.md,
  width: "100%",
  maxWidth: "520px",
})

export const claimValue = style({
  display: "block",
  fontSize: tokens.font.fluidSize.heroFigure,
  fontWeight: 800,
  color: vars.color.primary,
  fontVariantNumeric: "tabular-nums",
})

export const claimLabel = style({ fontSize: tokens.font.size[87.5], color: vars.color.textMuted, lineHeight: 1.3 })

export const statsCard = style([raisedPanel, { gridTemplateColumns: "minmax(0, 1fr)" }])

// On the narrowest phones the rating's stars go to the next line rather than past the card.
export const statRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.space.md })

export const statIcon = style({
  display: "grid",
  placeItems: "center",
  flex: "none",
  width: "52px",
  height: "52px",
  borderRadius: tokens.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
})

export const statValue = style({
  display: "block",
  fontSize: tokens.font.size[190],
  fontWeight: 800,
  lineHeight: 1.1,
  fontVariantNumeric: "tabular-nums",
  // Runtime figures replace the fallbacks: keep the width steady so nothing shifts.
  minWidth: "5ch",
})

export const statLabel = style({ color: vars.color.textMuted })

export const verified = style({
  display: "flex",
  alignItems: "center",
  gap: tokens.space.sm,
  padding: "10px 14px",
  borderRadius: tokens.radius.md,
  background: vars.color.successSoft,
  color: vars.color.success,
  fontWeight: 600,
  fontSize: tokens.font.size[95],
})
