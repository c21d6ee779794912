import { keyframes, style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/theme.css"

/** Above the sticky header (40), below the splash (60) that must cover everything. */
export const CHAT_Z_INDEX = 50

export const launcher = style({
  position: "fixed",
  right: tokens.space.lg,
  bottom: tokens.space.lg,
  zIndex: CHAT_Z_INDEX,
  "@media": { "(max-width: 479.98px)": { right: tokens.space.md, bottom: tokens.space.md } },
})

export const button = style({
  display: "grid",
  placeItems: "center",
  width: "60px",
  height: "60px",
  borderRadius: tokens.radius.pill,
  border: "none",
  background: vars.color.primary,
  color: vars.color.onPrimary,
  boxShadow: vars.shadow.lg,
  cursor: "pointer",
  transition: "transform 150ms ease, background-color 150ms ease",
  selectors: {
    "&:hover": { background: vars.color.primaryHover, transform: "scale(1.05)" },
    "&[aria-busy='true']": { cursor: "progress" },
  },
})

export const tooltip = style({
  position: "absolute",
  right: "calc(100% + 12px)",
  top: "50%",
  transform: "translateY(-50%)",
  whiteSpace: "nowrap",
  padding: `6px 12px`,
  borderRadius: tokens.radius.sm,
  background: vars.color.text,
  color: vars.color.bg,
  fontSize: "0.9rem",
  fontWeight: 600,
  boxShadow: vars.shadow.md,
  pointerEvents: "none",
  opacity: 0,
  visibility: "hidden",
  transition: "opacity 150ms ease",
  selectors: {
    [`${launcher}:hover:not([data-tooltip='off']) &, ${launcher}:focus-within:not([data-tooltip='off']) &`]: {
      opacity: 1,
      visibility: "visible",
    },
  },
})

const spin = keyframes({ to: { transform: "rotate(360deg)" } })
export const spinner = style({ animation: `${spin} 900ms linear infinite` })
