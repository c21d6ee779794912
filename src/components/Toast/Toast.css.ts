import { keyframes, style } from "@vanilla-extract/css"
import { recipe } from "@vanilla-extract/recipes"
import { tokens, vars } from "../../styles/tokens/vars.css"
import { FLOATING_CLEARANCE, FLOATS } from "../Chat/ChatLauncher.css"
import { CHAT_WINDOW_WIDTH, window as chatWindow } from "../Chat/ChatWindow.css"
import { below, maxWidth, minWidth, prefers } from "../../styles/tokens/breakpoints"

/**
 * Where toasts hide nothing the visitor is using. On a phone a toast spans the width, at the
 * bottom, or under the header bar when what the visitor is using (the focused element) is in
 * the lower half of the screen (`data-edge`, set by Toast.tsx). Wider, toasts sit in the
 * bottom-right corner, left of the chat button where it floats there.
 * With the chat window open (bottom-right, or the whole screen on a phone) they sit beside it
 * where there is room, else at the top under the bar (the chat's own header on a phone), never
 * over its message box. With the menu's sheet open they go under the header that holds the
 * sheet and its backdrop, and come back when it closes. Plain CSS (`:has`), read from the
 * page as it is: no component tells another.
 */
const PHONE = below("sm")
const TOAST_WIDTH = 380
const CHAT_OPEN = `html:has(${chatWindow}:not([hidden])) &`
const MENU_OPEN = "html:has([data-nav][data-open='true']) &"
// The chat window's margin (lg), the window, a gap (md), the toast and the page's edge (lg).
const BESIDE_CHAT_WIDTH = 2 * parseFloat(tokens.space.lg) + CHAT_WINDOW_WIDTH + parseFloat(tokens.space.md) + TOAST_WIDTH
const BESIDE_CHAT = minWidth(BESIDE_CHAT_WIDTH)
const ABOVE_CHAT = maxWidth(BESIDE_CHAT_WIDTH)
const UNDER_BAR = `calc(${tokens.headerHeight} + ${tokens.space.sm} + env(safe-area-inset-top, 0px))`

const slideIn = keyframes({
  from: { transform: "translateY(calc(100% + 16px))", opacity: 0 },
  to: { transform: "translateY(0)", opacity: 1 },
})
const slideDown = keyframes({
  from: { transform: "translateY(calc(-100% - 16px))", opacity: 0 },
  to: { transform: "translateY(0)", opacity: 1 },
})
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } })
const swipeOut = keyframes({
  from: { transform: "translateX(var(--radix-toast-swipe-end-x))" },
  to: { transform: "translateX(calc(100% + 120px))" },
})

export const viewport = style({
  position: "fixed",
  // Above the header (40) and the splash (60), below the skip link (100).
  zIndex: 80,
  right: tokens.space.lg,
  bottom: tokens.space.lg,
  width: `${TOAST_WIDTH}px`,
  maxWidth: `calc(100vw - 2 * ${tokens.space.lg})`,
  display: "flex",
  flexDirection: "column",
  gap: tokens.space.sm,
  outline: "none",
  selectors: {
    // F8 focuses the list; show where focus went, but not as a stray line when it is empty.
    "&:focus-visible:not(:empty)": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "4px", borderRadius: tokens.radius.md },
    // Under the header (40): its sheet and backdrop cover the toast until the menu closes.
    [MENU_OPEN]: { zIndex: 30 },
  },
  "@media": {
    [PHONE]: {
      insetInline: tokens.space.md,
      bottom: `calc(${tokens.space.md} + env(safe-area-inset-bottom, 0px))`,
      width: "auto",
      maxWidth: "none",
      selectors: {
        "&[data-edge='top']": { top: UNDER_BAR, bottom: "auto" },
      },
    },
    [FLOATS]: { right: FLOATING_CLEARANCE },
    [BESIDE_CHAT]: { selectors: { [CHAT_OPEN]: { right: `calc(${tokens.space.lg} + ${CHAT_WINDOW_WIDTH}px + ${tokens.space.md})` } } },
    [ABOVE_CHAT]: { selectors: { [CHAT_OPEN]: { top: UNDER_BAR, bottom: "auto" } } },
  },
})

export const toast = recipe({
  base: {
    display: "grid",
    gridTemplateColumns: "auto 1fr auto",
    alignItems: "start",
    gap: "12px",
    padding: "14px 12px 14px 16px",
    borderRadius: tokens.radius.md,
    border: `1px solid ${vars.color.border}`,
    borderInlineStartWidth: "5px",
    background: vars.color.surface,
    color: vars.color.text,
    boxShadow: vars.shadow.lg,
    selectors: {
      "&[data-state='open']": { animation: `${slideIn} 220ms cubic-bezier(0.16, 1, 0.3, 1)` },
      "&[data-state='closed']": { animation: `${fadeOut} 150ms ease-in forwards` },
      "&[data-swipe='move']": { transform: "translateX(var(--radix-toast-swipe-move-x))" },
      "&[data-swipe='cancel']": { transform: "translateX(0)", transition: "transform 200ms ease-out" },
      "&[data-swipe='end']": { animation: `${swipeOut} 150ms ease-out forwards` },
      "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
    },
    "@media": {
      [PHONE]: { selectors: { [`${viewport}[data-edge='top'] &[data-state='open']`]: { animation: `${slideDown} 220ms cubic-bezier(0.16, 1, 0.3, 1)` } } },
      // No slide or fade: the toast simply appears and disappears. Following a finger stays.
      [prefers.reducedMotion]: {
        selectors: {
          "&[data-state='open'], &[data-state='closed'], &[data-swipe='end']": { animation: "none" },
          "&[data-swipe='cancel']": { transition: "none" },
        },
      },
    },
  },
  variants: {
    variant: {
      default: { borderInlineStartColor: vars.color.primary },
      success: { borderInlineStartColor: vars.color.success },
      destructive: { borderInlineStartColor: vars.color.danger },
    },
  },
  defaultVariants: { variant: "default" },
})

export const icon = recipe({
  base: { marginTop: "1px", flexShrink: 0 },
  variants: {
    variant: {
      default: { color: vars.color.primary },
      success: { color: vars.color.success },
      destructive: { color: vars.color.danger },
    },
  },
})

export const text = style({ display: "grid", gap: "2px", minWidth: 0 })
export const title = style({ fontWeight: 700, fontSize: tokens.font.size[100], lineHeight: 1.35 })
export const description = style({
  color: vars.color.textMuted,
  fontSize: tokens.font.size[95],
  lineHeight: 1.45,
  // Several refusals are listed one per line; long file names must not widen the toast.
  whiteSpace: "pre-line",
  overflowWrap: "anywhere",
})

export const close = style({
  display: "grid",
  placeItems: "center",
  width: "36px",
  height: "36px",
  marginBlock: "-6px",
  borderRadius: tokens.radius.pill,
  border: "none",
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.surfaceMuted, color: vars.color.text } },
})

/** "Réessayer" and the like: a real button, 44 px high for touch, under the text. */
export const action = style({
  justifySelf: "start",
  marginTop: tokens.space.xs,
  minHeight: "44px",
  padding: "8px 16px",
  borderRadius: tokens.radius.sm,
  border: `1px solid ${vars.color.primary}`,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 700,
  cursor: "pointer",
  selectors: {
    "&:hover": { filter: "brightness(1.08)" },
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
})
