import { globalStyle, style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"
import { above } from "../../styles/tokens/breakpoints"

export const panel = style({
  display: "grid",
  gap: tokens.space.lg,
  padding: tokens.space.md,
  borderRadius: tokens.radius.lg,
  background: vars.color.panelBg,
  color: vars.color.panelText,
  boxShadow: vars.shadow.lg,
  "@media": {
    [above("md")]: { padding: tokens.space.lg },
    [above("xl")]: { gridTemplateColumns: "1.35fr 1fr", padding: tokens.space.xl },
  },
})

export const panelHeader = style({
  gridColumn: "1 / -1",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: tokens.space.sm,
})

export const panelTitle = style({ fontSize: tokens.font.size[135], fontWeight: 800 })
export const panelSubtitle = style({ color: vars.color.panelMuted, fontSize: tokens.font.size[95] })

export const status = style({
  display: "inline-flex",
  alignItems: "center",
  gap: tokens.space.sm,
  padding: "4px 12px",
  borderRadius: tokens.radius.pill,
  border: `1px solid ${vars.color.panelAccent}`,
  color: vars.color.panelAccent,
  fontWeight: 600,
  fontSize: tokens.font.size[85],
})

export const pulse = style({
  width: "8px",
  height: "8px",
  borderRadius: "50%",
  background: vars.color.panelAccent,
})

export const stage = style({ display: "grid", gap: tokens.space.sm })

export const viewport = style({
  position: "relative",
  aspectRatio: "4 / 3",
  borderRadius: tokens.radius.md,
  overflow: "hidden",
  background: "#151a3d",
})

export const slide = style({
  position: "absolute",
  inset: 0,
  margin: 0,
  opacity: 0,
  transition: "opacity 400ms ease",
  selectors: { "&[data-active='true']": { opacity: 1 } },
})

export const slideImage = style({ width: "100%", height: "100%" })

export const caption = style({
  position: "absolute",
  left: tokens.space.sm,
  bottom: tokens.space.sm,
  padding: "4px 10px",
  borderRadius: tokens.radius.sm,
  background: "rgba(8, 10, 26, 0.8)",
  color: vars.color.panelText,
  fontSize: tokens.font.size[90],
  fontWeight: 600,
})

export const controls = style({ display: "flex", alignItems: "center", gap: tokens.space.sm, flexWrap: "wrap" })

export const control = style({
  display: "inline-grid",
  placeItems: "center",
  width: "44px",
  height: "44px",
  borderRadius: tokens.radius.pill,
  border: `1px solid rgba(255, 255, 255, 0.25)`,
  background: "rgba(255, 255, 255, 0.06)",
  color: vars.color.panelText,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: "rgba(255, 255, 255, 0.14)" },
    "&[aria-pressed='true']": { borderColor: vars.color.panelAccent, color: vars.color.panelAccent },
    "&:focus-visible": { outlineColor: vars.color.panelAccent },
  },
})

export const position = style({ marginLeft: "auto", color: vars.color.panelMuted, fontVariantNumeric: "tabular-nums" })

export const side = style({ display: "grid", gap: tokens.space.lg, alignContent: "start" })
export const blockTitle = style({ fontSize: tokens.font.size[105], fontWeight: 700, marginBottom: tokens.space.sm })

export const materials = style({ display: "grid", gap: tokens.space.sm })
export const material = style({ display: "flex", alignItems: "center", gap: tokens.space.sm, color: vars.color.panelText })
export const check = style({ color: vars.color.panelAccent, flex: "none" })

export const bars = style({ display: "grid", gap: tokens.space.md })
export const barRow = style({ display: "grid", gap: "6px" })
export const barLabel = style({ display: "flex", justifyContent: "space-between", gap: tokens.space.sm, color: vars.color.panelMuted })
export const barValue = style({ color: vars.color.panelText, fontWeight: 700 })
export const barTrack = style({ height: "8px", borderRadius: tokens.radius.pill, background: "rgba(255, 255, 255, 0.12)", overflow: "hidden" })
export const barFill = style({
  height: "100%",
  borderRadius: tokens.radius.pill,
  background: `linear-gradient(90deg, ${vars.color.panelAccent}, #818cf8)`,
})

/** In dark mode the panel's own dark background meets the page's: an edge keeps it a panel. */
globalStyle(`html.dark ${panel}`, { outline: "1px solid rgba(165, 180, 252, 0.28)", outlineOffset: "-1px" })
