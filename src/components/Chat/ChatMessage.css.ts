import { keyframes, style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"

/* One message of the conversation (ChatMessageView), the buttons under an answer (ChatActions)
   and the quick replies under the greeting. */

/** The small pill the chat uses for « Mes infos » and for an answer's links. */
export const pill = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "32px",
  paddingInline: "10px",
  borderRadius: tokens.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.primary,
  fontSize: tokens.font.size[85],
  fontWeight: 700,
  selectors: { "&:hover": { background: vars.color.primarySoft } },
})

export const message = style({
  display: "grid",
  gap: "2px",
  maxWidth: "85%",
  justifyItems: "start",
  selectors: {
    "&[data-from='user']": { alignSelf: "flex-end", justifyItems: "end" },
  },
})

export const bubble = style({
  padding: "8px 12px",
  borderRadius: tokens.radius.md,
  borderBottomLeftRadius: "4px",
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontSize: tokens.font.size[95],
  lineHeight: 1.45,
  // Visitors' line breaks are kept; long words or links never overflow the window.
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  selectors: {
    [`${message}[data-from='user'] &`]: {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      borderBottomLeftRadius: tokens.radius.md,
      borderBottomRightRadius: "4px",
    },
  },
})

/** Links under an answer: real links, large enough to tap (WCAG 2.5.8), wrapping as needed. */
export const links = style({
  display: "flex",
  flexWrap: "wrap",
  gap: tokens.space.xs,
  margin: "2px 0 0",
})

export const link = style([pill, { textDecoration: "underline", textUnderlineOffset: "2px" }])

export const time = style({ fontSize: tokens.font.size[75], color: vars.color.textMuted, paddingInline: "4px" })

const bounce = keyframes({
  "0%, 80%, 100%": { transform: "translateY(0)", opacity: 0.4 },
  "40%": { transform: "translateY(-4px)", opacity: 1 },
})

export const typing = style({ display: "flex", gap: "4px", alignItems: "center", minHeight: "38px" })

export const dot = style({
  width: "7px",
  height: "7px",
  borderRadius: "50%",
  background: vars.color.textMuted,
  animation: `${bounce} 1.2s infinite ease-in-out`,
  selectors: {
    "&:nth-child(3)": { animationDelay: "0.15s" },
    "&:nth-child(4)": { animationDelay: "0.3s" },
  },
})

export const actions = style({ display: "flex", flexWrap: "wrap", gap: tokens.space.xs, marginTop: tokens.space.xs })

export const actionButton = style([
  pill,
  {
    flex: "none",
    gap: tokens.space.xs,
    cursor: "pointer",
    minHeight: "40px",
    paddingInline: "14px",
    background: vars.color.primary,
    borderColor: vars.color.primary,
    color: vars.color.onPrimary,
    selectors: { "&:hover": { filter: "brightness(1.08)", background: vars.color.primary } },
  },
])

/** Quick replies under the greeting: right-aligned like the visitor's own messages. */
export const suggestions = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-end",
  gap: tokens.space.xs,
})
export const suggestion = style([
  pill,
  {
    minHeight: "44px",
    paddingInline: "14px",
    textAlign: "start",
    background: vars.color.surface,
    borderColor: vars.color.primary,
    color: vars.color.primary,
    fontWeight: 600,
    cursor: "pointer",
    selectors: { "&:hover:not(:disabled)": { background: vars.color.primarySoft }, "&:disabled": { opacity: 0.6, cursor: "progress" } },
  },
])
