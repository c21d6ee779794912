import { keyframes, style } from "@vanilla-extract/css"
import { recipe } from "@vanilla-extract/recipes"
import { tokens, vars } from "../../../styles/tokens/vars.css"
import { prefers } from "../../../styles/tokens/breakpoints"

export const form = style({ display: "grid", gap: tokens.space.md })
export const title = style({ fontSize: tokens.font.size[120], fontWeight: 700 })

export const fields = style({
  display: "grid",
  gap: tokens.space.md,
  margin: 0,
  padding: 0,
  border: "none",
  minWidth: 0,
  transition: "opacity 150ms ease",
  selectors: { "&:disabled": { opacity: 0.7 } },
})

export const field = style({ display: "grid", gap: "6px", minWidth: 0 })
export const label = style({ fontWeight: 600 })

export const input = style({
  width: "100%",
  minHeight: "48px",
  padding: "10px 14px",
  // 16 px or more: iOS Safari zooms into smaller fields.
  fontSize: tokens.font.size[100],
  borderRadius: tokens.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: {
    "&::placeholder": { color: vars.color.textMuted, opacity: 1 },
    "&:hover:not(:disabled)": { borderColor: vars.color.textMuted },
    // A 2 px red edge drawn inside the field, and the focus ring 4 px outside it: with both on
    // (the visitor fixing the field), a band of background keeps them apart in either theme.
    "&[aria-invalid='true']": { borderColor: vars.color.danger, boxShadow: `inset 0 0 0 1px ${vars.color.danger}` },
    "&[aria-invalid='true']:focus-visible": { outlineOffset: "4px" },
  },
})

export const textarea = style({ resize: "vertical", minHeight: "112px", lineHeight: 1.5 })

export const error = style({
  color: vars.color.danger,
  fontSize: tokens.font.size[95],
  fontWeight: 600,
  selectors: { "&:empty": { display: "none" } },
})

export const dropzone = recipe({
  base: {
    position: "relative",
    borderRadius: tokens.radius.md,
    border: `2px dashed ${vars.color.border}`,
    background: vars.color.bgAlt,
    transition: "border-color 150ms ease, background-color 150ms ease",
  },
  variants: {
    dragging: {
      true: { borderColor: vars.color.primary, background: vars.color.primarySoft },
      false: {},
    },
    disabled: {
      true: { borderStyle: "solid", opacity: 0.75 },
      false: { selectors: { "&:hover": { borderColor: vars.color.primary } } },
    },
  },
})

/** Hidden but focusable: Tab reaches it, Enter/Space open the picker, the label shows the focus. */
export const fileInput = style({})

export const dropLabel = style({
  display: "grid",
  justifyItems: "center",
  gap: tokens.space.xs,
  padding: `${tokens.space.lg} ${tokens.space.md}`,
  textAlign: "center",
  cursor: "pointer",
  borderRadius: tokens.radius.md,
  selectors: {
    [`${fileInput}:focus-visible + &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: "4px" },
    [`${fileInput}:disabled + &`]: { cursor: "not-allowed" },
  },
})

export const dropIcon = style({ color: vars.color.primary })
export const dropTitle = style({ fontWeight: 700 })
export const hint = style({ color: vars.color.textMuted, fontSize: tokens.font.size[95], maxWidth: "46ch" })
/** On a touch screen there is nothing to drag, so the words are about taking or choosing photos. */
const TOUCH = prefers.touch
export const hintPointer = style({ "@media": { [TOUCH]: { display: "none" } } })
export const hintTouch = style({ display: "none", "@media": { [TOUCH]: { display: "inline" } } })
export const count = style({ color: vars.color.textMuted, fontSize: tokens.font.size[90] })
/** Why photos were refused: stays until the next addition (the toast goes after five seconds). */
export const photoProblem = style({
  display: "grid",
  gap: tokens.space.xs,
  padding: tokens.space.sm,
  borderInlineStart: `4px solid ${vars.color.danger}`,
  background: vars.color.surfaceMuted,
  borderRadius: tokens.radius.sm,
  fontSize: tokens.font.size[95],
  overflowWrap: "anywhere",
})

export const previews = style({
  display: "grid",
  gridTemplateColumns: "repeat(4, minmax(0, 1fr))",
  gap: tokens.space.sm,
})

export const preview = style({
  position: "relative",
  aspectRatio: "1",
  borderRadius: tokens.radius.sm,
  overflow: "hidden",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
})

export const previewImage = style({ width: "100%", height: "100%", objectFit: "cover" })

/**
 * « Retirer la photo »: a 44 × 44 px target (the touch minimum) in the thumbnail's corner, its
 * visible circle 32 px (removeDot) so that a phone's small thumbnail still shows its photo.
 */
export const remove = style({
  position: "absolute",
  top: 0,
  right: 0,
  display: "grid",
  placeItems: "center",
  width: "44px",
  height: "44px",
  padding: 0,
  border: 0,
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
  selectors: { "&:disabled": { cursor: "not-allowed" } },
})

export const removeDot = style({
  display: "grid",
  placeItems: "center",
  width: "32px",
  height: "32px",
  borderRadius: tokens.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  selectors: { [`${remove}:hover:not(:disabled) &`]: { background: vars.color.surfaceMuted } },
})

const spin = keyframes({ to: { transform: "rotate(360deg)" } })
export const spinner = style({ animation: `${spin} 900ms linear infinite` })

/** Far off-screen rather than display:none, which some bots detect and skip. */
export const honeypot = style({ position: "absolute", left: "-10000px", width: "1px", height: "1px", overflow: "hidden" })

export const progress = style({ display: "grid", gap: tokens.space.xs })
export const progressTrack = style({
  height: "10px",
  borderRadius: tokens.radius.pill,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  overflow: "hidden",
})
export const progressBar = style({ height: "100%", background: vars.color.primary, transition: "width 150ms linear" })

/** What the greyed-out button is waiting for, right under it. */
/** Close under the button; empty (nothing wrong), it takes no room, not even the grid's gap. */
export const status = style({
  marginTop: `calc(-1 * ${tokens.space.xs})`,
  textAlign: "center",
  color: vars.color.textMuted,
  fontSize: tokens.font.size[90],
  selectors: { "&:empty": { marginTop: `calc(-1 * ${tokens.space.md})` } },
})

/** The confirmation that replaces the form once the request is stored (./EstimateSent.tsx). */
export const sent = style({ display: "grid", gap: tokens.space.md, minWidth: 0, lineHeight: 1.5 })
export const sentTitle = style({
  display: "flex",
  alignItems: "center",
  gap: tokens.space.sm,
  fontSize: tokens.font.size[120],
  fontWeight: 700,
  lineHeight: 1.3,
  // Focused by script so a screen reader starts here; a title is not a control: no ring.
  selectors: { "&:focus": { outline: "none" } },
})
export const sentIcon = style({ flexShrink: 0, color: vars.color.success })
export const sentNumber = style({
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.sm,
  background: vars.color.successSoft,
  color: vars.color.text,
  fontWeight: 700,
  overflowWrap: "anywhere",
})
export const sentPage = style({ display: "grid", gap: tokens.space.sm, minWidth: 0 })
/** The page's address in full, to copy: a long word that must wrap on a phone. */
export const sentAddress = style({ fontSize: tokens.font.size[90], color: vars.color.textMuted, overflowWrap: "anywhere" })
