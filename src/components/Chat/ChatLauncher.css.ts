import { globalStyle, keyframes, style } from "@vanilla-extract/css"
import { CONTENT_WIDTH_PX, tokens, vars } from "../../styles/tokens/vars.css"
import { minWidth } from "../../styles/tokens/breakpoints"

/** Above the sticky header (40), below the splash (60) that must cover everything. */
export const CHAT_Z_INDEX = 50

const FLOATING_SIZE = 60
const FLOATING_OFFSET = 24
/**
 * The button floats in the page's corner only where the margin beside the content (1200 px wide)
 * holds it, so it never covers text or a control. Narrower, it sits in the header bar
 * (the page places it there), as one of the bar's round buttons.
 */
export const FLOATS = minWidth(CONTENT_WIDTH_PX + 2 * (FLOATING_SIZE + FLOATING_OFFSET + 16))
/** What a fixed element keeps free from the right edge where the button floats. */
export const FLOATING_CLEARANCE = `${FLOATING_OFFSET + FLOATING_SIZE + 16}px`

export const launcher = style({
  position: "relative",
  display: "flex",
  // Hidden while the window is open (the hidden attribute loses to a display rule).
  selectors: { "&[hidden]": { display: "none" } },
  "@media": {
    [FLOATS]: { position: "fixed", right: `${FLOATING_OFFSET}px`, bottom: `${FLOATING_OFFSET}px`, zIndex: CHAT_Z_INDEX },
  },
})

export const button = style({
  display: "grid",
  placeItems: "center",
  width: "44px",
  height: "44px",
  "@media": { [FLOATS]: { width: `${FLOATING_SIZE}px`, height: `${FLOATING_SIZE}px` } },
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
  // Under the button in the bar, to its left when it floats.
  top: "calc(100% + 8px)",
  right: 0,
  "@media": { [FLOATS]: { top: "50%", right: "calc(100% + 12px)", transform: "translateY(-50%)" } },
  whiteSpace: "nowrap",
  padding: `6px 12px`,
  borderRadius: tokens.radius.sm,
  background: vars.color.text,
  color: vars.color.bg,
  fontSize: tokens.font.size[90],
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

globalStyle(`${button} > svg`, { width: "22px", height: "22px", "@media": { [FLOATS]: { width: "28px", height: "28px" } } })
