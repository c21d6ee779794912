import { globalStyle, style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"
import { above, below } from "../../styles/tokens/breakpoints"

/** Below this width the links live behind the menu button (a sheet). */
export const NARROW = below("xxl")
const WIDE = above("xxl")

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: 40,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: {
    // The translucent, blurred bar is painted by a pseudo-element: a backdrop-filter on the header
    // itself would make it the containing block of its fixed descendants (the menu's sheet and
    // backdrop, the chat's window), pinning them to the bar instead of the screen.
    "&::before": {
      content: '""',
      position: "absolute",
      inset: 0,
      zIndex: -1,
      background: `color-mix(in srgb, ${vars.color.bg} 88%, transparent)`,
      backdropFilter: "saturate(180%) blur(12px)",
    },
  },
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
  selectors: { "&[data-open='true']": { display: "block" } },
  "@media": {
    [WIDE]: { display: "block" },
    // The sheet: under the bar, above the backdrop, scrollable when the screen is short.
    [NARROW]: {
      selectors: {
        "&[data-open='true']": {
          position: "fixed",
          zIndex: 1,
          top: tokens.headerHeight,
          left: 0,
          right: 0,
          maxHeight: `calc(100dvh - ${tokens.headerHeight})`,
          overflowY: "auto",
          overscrollBehavior: "contain",
          background: vars.color.surface,
          borderBottom: `1px solid ${vars.color.border}`,
          borderBottomLeftRadius: tokens.radius.lg,
          borderBottomRightRadius: tokens.radius.lg,
          boxShadow: vars.shadow.lg,
          padding: `${tokens.space.sm} ${tokens.space.md} ${tokens.space.lg}`,
        },
      },
    },
  },
})

/** Dims the page under the open sheet; a tap on it closes the menu. */
export const backdrop = style({
  position: "fixed",
  inset: `${tokens.headerHeight} 0 0 0`,
  background: "rgba(15, 17, 35, 0.5)",
  "@media": { [WIDE]: { display: "none" } },
})
globalStyle(`html.dark ${backdrop}`, { background: "rgba(0, 0, 0, 0.65)" })

export const list = style({
  display: "flex",
  flexDirection: "column",
  gap: tokens.space.xs,
  "@media": {
    [WIDE]: { flexDirection: "row", gap: tokens.space.sm },
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
  "@media": {
    // In the sheet: rows a thumb can hit (48 px), a touch larger.
    [NARROW]: { display: "flex", alignItems: "center", minHeight: "48px", fontSize: tokens.font.size[110] },
  },
})

export const actions = style({
  display: "flex",
  alignItems: "center",
  gap: tokens.space.sm,
})

export const menuButton = style({
  "@media": {
    [WIDE]: { display: "none" },
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
globalStyle(`html:not(.js) ${header}`, { "@media": { [NARROW]: { position: "relative" } } })
