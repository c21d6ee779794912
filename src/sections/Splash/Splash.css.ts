import { keyframes, style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"
import { raisedPanel } from "../../styles/utils.css"
import { above } from "../../styles/tokens/breakpoints"
import { brandGradient } from "../../styles/tokens/palette"

export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: 60,
  overflowY: "auto",
  display: "grid",
  // Top-aligned, not centred: the first paint can come while the dialog's HTML is still being
  // parsed, and a centred box that grows moves up (a layout shift); a top-aligned one only grows.
  justifyItems: "center",
  alignItems: "start",
  padding: `max(${tokens.space.md}, 6vh) ${tokens.space.md} ${tokens.space.md}`,
  background: `radial-gradient(900px 500px at 20% 0%, ${vars.color.heroFrom}, transparent), linear-gradient(160deg, ${vars.color.bg}, ${vars.color.heroTo})`,
})

export const dialog = style([
  raisedPanel,
  {
    position: "relative",
    width: "100%",
    maxWidth: "640px",
    textAlign: "center",
    "@media": { [above("sm")]: { padding: tokens.space.xl } },
  },
])

export const toggle = style({ position: "absolute", top: tokens.space.md, right: tokens.space.md })

export const brandMark = style({
  justifySelf: "center",
  display: "grid",
  placeItems: "center",
  width: "64px",
  height: "64px",
  borderRadius: "18px",
  background: brandGradient,
  color: "#ffffff",
})

export const title = style({ fontSize: tokens.font.fluidSize.splashTitle, fontWeight: 800 })
export const text = style({ color: vars.color.textMuted, fontSize: tokens.font.size[105] })

export const carousel = style({ display: "grid", gap: tokens.space.sm })
export const cardViewport = style({ display: "grid" })
export const card = style({
  gridArea: "1 / 1",
  display: "grid",
  gap: tokens.space.sm,
  justifyItems: "center",
  padding: tokens.space.lg,
  borderRadius: tokens.radius.md,
  background: vars.color.bgAlt,
  border: `1px solid ${vars.color.border}`,
  visibility: "hidden",
  opacity: 0,
  transition: "opacity 300ms ease",
  selectors: { "&[data-active='true']": { visibility: "visible", opacity: 1 } },
})
export const cardIcon = style({ color: vars.color.primary })
export const cardTitle = style({ fontSize: tokens.font.size[115], fontWeight: 700 })
export const cardText = style({ color: vars.color.textMuted })

/** The dots and the pause button are drawn small but each offers a 44×44 px target to a finger. */
export const dots = style({ display: "flex", justifyContent: "center", alignItems: "center", gap: 0 })
export const dot = style({
  width: "44px",
  height: "44px",
  display: "grid",
  placeItems: "center",
  border: "none",
  background: "transparent",
  cursor: "pointer",
  padding: 0,
  "::after": {
    content: "''",
    width: "10px",
    height: "10px",
    borderRadius: "50%",
    background: vars.color.border,
  },
  selectors: { "&[aria-current='true']::after": { background: vars.color.primary, width: "22px", borderRadius: "6px" } },
})

export const pause = style({
  border: "none",
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  display: "inline-grid",
  placeItems: "center",
  width: "44px",
  height: "44px",
  borderRadius: "50%",
})

export const stats = style({
  display: "grid",
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  gap: tokens.space.sm,
})
export const stat = style({ display: "grid", padding: tokens.space.sm, borderRadius: tokens.radius.md, background: vars.color.primarySoft })
export const statValue = style({ fontSize: tokens.font.size[135], fontWeight: 800, color: vars.color.primary })
export const statLabel = style({ fontSize: tokens.font.size[80], color: vars.color.text, lineHeight: 1.3 })

const spin = keyframes({ to: { transform: "rotate(360deg)" } })
export const spinner = style({ animation: `${spin} 900ms linear infinite` })
