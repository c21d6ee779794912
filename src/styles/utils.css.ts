import { style } from "@vanilla-extract/css"
import { tokens, vars } from "./tokens/vars.css"
import { above } from "./tokens/breakpoints"

/**
 * Hidden on screen, still read by screen readers. Pinned to the left edge of its containing
 * block (`left: 0`), not left at its place in the line: an absolute box is clipped only by a
 * scroller that holds its containing block, so in a sideways-scrolling row (the gallery's chips)
 * whose ancestors are not positioned it would otherwise widen the whole page to where the row
 * ends. Its vertical place stays, so a focused hidden input still scrolls to where it is used.
 */
export const visuallyHidden = style({
  position: "absolute",
  left: 0,
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
  border: 0,
})

export const container = style({
  width: "100%",
  maxWidth: tokens.maxWidth,
  marginInline: "auto",
  paddingInline: tokens.space.md,
  "@media": {
    [above("md")]: { paddingInline: tokens.space.lg },
  },
})

export const section = style({
  paddingBlock: tokens.space.xl,
  "@media": {
    [above("md")]: { paddingBlock: tokens.space.xxl },
  },
})

export const sectionAlt = style([section, { background: vars.color.bgAlt }])

export const sectionHeader = style({
  display: "grid",
  gap: tokens.space.sm,
  marginBottom: tokens.space.lg,
  maxWidth: "720px",
})

export const sectionTitle = style({
  fontSize: tokens.font.fluidSize.sectionTitle,
  fontWeight: 800,
})

export const sectionIntro = style({
  color: vars.color.textMuted,
  fontSize: tokens.font.size[105],
})

export const eyebrow = style({
  color: vars.color.primary,
  fontWeight: 700,
  fontSize: tokens.font.size[85],
  textTransform: "uppercase",
  letterSpacing: "0.08em",
})

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  boxShadow: vars.shadow.sm,
})

/** A panel raised above the page (the splash's dialog, the hero's figures). */
export const raisedPanel = style({
  display: "grid",
  gap: tokens.space.lg,
  padding: tokens.space.lg,
  borderRadius: tokens.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.lg,
})

/** An underlined text link that is a finger-sized target (44 px high) and never breaks across two lines. */
export const textLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  color: vars.color.text,
  textDecoration: "underline",
  textUnderlineOffset: "3px",
})
