import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"
import { above } from "../../styles/tokens/breakpoints"

export const section = style({
  background: `radial-gradient(900px 420px at 15% -10%, ${vars.color.heroFrom}, transparent), linear-gradient(160deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  paddingBlock: tokens.space.xl,
  // Enough height that the footer does not ride up on a tall screen.
  minHeight: `calc(75vh - ${tokens.headerHeight})`,
  display: "grid",
  alignItems: "center",
  "@media": {
    [above("md")]: { paddingBlock: tokens.space.xxl },
  },
})

export const card = style({
  display: "grid",
  justifyItems: "center",
  gap: tokens.space.md,
  maxWidth: "640px",
  marginInline: "auto",
  padding: `${tokens.space.xl} ${tokens.space.lg}`,
  textAlign: "center",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  boxShadow: vars.shadow.lg,
  "@media": {
    [above("md")]: { padding: `${tokens.space.xxl} ${tokens.space.xl}` },
  },
})

export const icon = style({
  display: "grid",
  placeItems: "center",
  width: "72px",
  height: "72px",
  borderRadius: tokens.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.primary,
})

export const title = style({
  fontSize: tokens.font.fluidSize.notFoundTitle,
  fontWeight: 800,
  letterSpacing: "-0.02em",
})

export const text = style({
  color: vars.color.textMuted,
  fontSize: tokens.font.size[107.5],
  maxWidth: "48ch",
})

export const actions = style({ marginTop: tokens.space.sm })
