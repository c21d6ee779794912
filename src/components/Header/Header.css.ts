import { globalStyle, style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/theme.css"

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: 40,
  background: `color-mix(in srgb, ${vars.color.bg} 88%, transparent)`,
  backdropFilter: "saturate(180%) blur(12px)",
  borderBottom: `1px solid ${vars.color.border}`,
})

export const bar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: tokens.space.md,
  minHeight: tokens.headerHeight,
})

export const nav = style({
  display: "none",
  "@media": {
    "(min-width: 860px)": { display: "block" },
  },
  selectors: {
    "&[data-open='true']": {
      display: "block",
      position: "absolute",
      top: tokens.headerHeight,
      left: 0,
      right: 0,
      background: vars.color.bg,
      borderBottom: `1px solid ${vars.color.border}`,
      boxShadow: vars.shadow.md,
      padding: `${tokens.space.sm} ${tokens.space.md} ${tokens.space.md}`,
    },
  },
})

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: tokens.space.xs,
  "@media": {
    "(min-width: 860px)": { flexDirection: "row", gap: tokens.space.sm },
  },
})

export const link = style({
  display: "block",
  padding: "10px 14px",
  borderRadius: tokens.radius.sm,
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: "none",
  selectors: { "&:hover": { background: vars.color.surfaceMuted, color: vars.color.primary } },
})

export const actions = style({
  display: "flex",
  alignItems: "center",
  gap: tokens.space.sm,
})

export const menuButton = style({
  "@media": {
    "(min-width: 860px)": { display: "none" },
  },
})

/** Sun in dark mode, moon in light mode: driven by the html class so it is right before hydration. */
export const iconLight = style({})
export const iconDark = style({})
globalStyle(`html.dark ${iconLight}`, { display: "none" })
globalStyle(`html:not(.dark) ${iconDark}`, { display: "none" })

/**
 * Without JavaScript a narrow screen shows the header's links in the bar itself (no menu
 * button): a bar that tall would cover the top of every section an anchor lands on, so there
 * it scrolls away with the page instead of sticking.
 */
globalStyle(`html:not(.js) ${header}`, { "@media": { "(max-width: 859px)": { position: "static" } } })
