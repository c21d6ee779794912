import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"
import { CHAT_Z_INDEX } from "./ChatLauncher.css"
import { pill } from "./ChatMessage.css"
import { below } from "../../styles/tokens/breakpoints"

/** The window's sizes: 384 × 500 open, 320 × 64 minimised; the whole screen on phones. */
const SMALL_SCREEN = below("xs")
/** Its width beside the page's edge (the toasts sit left of it where there is room). */
export const CHAT_WINDOW_WIDTH = 384

export const window = style({
  position: "fixed",
  right: tokens.space.lg,
  bottom: tokens.space.lg,
  zIndex: CHAT_Z_INDEX,
  width: `${CHAT_WINDOW_WIDTH}px`,
  height: "500px",
  maxHeight: `calc(100dvh - 2 * ${tokens.space.lg})`,
  display: "flex",
  flexDirection: "column",
  overflow: "hidden",
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  boxShadow: vars.shadow.lg,
  selectors: {
    "&[hidden]": { display: "none" },
    "&[data-minimised='true']": { width: "320px", height: "64px" },
  },
  "@media": {
    [SMALL_SCREEN]: {
      inset: 0,
      width: "100%",
      height: "100dvh",
      maxHeight: "none",
      borderRadius: 0,
      border: "none",
      selectors: {
        "&[data-minimised='true']": {
          inset: "auto",
          right: tokens.space.md,
          bottom: tokens.space.md,
          width: `min(320px, calc(100% - 2 * ${tokens.space.md}))`,
          height: "64px",
          borderRadius: tokens.radius.lg,
          border: `1px solid ${vars.color.border}`,
        },
      },
    },
  },
})

export const header = style({
  flex: "none",
  display: "flex",
  alignItems: "center",
  gap: tokens.space.sm,
  height: "64px",
  paddingInline: `${tokens.space.md} ${tokens.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.bgAlt,
})

export const avatar = style({
  flex: "none",
  display: "grid",
  placeItems: "center",
  width: "38px",
  height: "38px",
  borderRadius: tokens.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
})

export const title = style({ flex: 1, fontSize: tokens.font.size[110], fontWeight: 800 })

export const headerActions = style({ display: "flex", gap: tokens.space.xs })

export const body = style({
  flex: 1,
  minHeight: 0,
  display: "flex",
  flexDirection: "column",
  selectors: { "&[hidden]": { display: "none" } },
})

export const disclaimer = style({ alignSelf: "center", textAlign: "center", fontSize: tokens.font.size[80], color: vars.color.textMuted, lineHeight: 1.4 })

export const infoButton = style([pill, { flex: "none", gap: tokens.space.xs, cursor: "pointer" }])

export const log = style({
  flex: 1,
  minHeight: 0,
  overflowY: "auto",
  overscrollBehavior: "contain",
  display: "flex",
  flexDirection: "column",
  gap: tokens.space.sm,
  padding: tokens.space.md,
})

export const composer = style({
  flex: "none",
  display: "flex",
  alignItems: "flex-end",
  gap: tokens.space.sm,
  padding: tokens.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
})

/** 16 px at least: smaller text makes iOS Safari zoom the page on focus. */
const inputBase = {
  fontSize: tokens.font.size[100],
  lineHeight: 1.4,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.sm,
  background: vars.color.bg,
  color: vars.color.text,
} as const

export const input = style({
  ...inputBase,
  flex: 1,
  minWidth: 0,
  resize: "none",
  padding: "9px 12px",
  maxHeight: "120px",
  selectors: { "&:disabled": { opacity: 0.6, cursor: "not-allowed" } },
})

export const send = style({ flex: "none", width: "48px", paddingInline: 0 })

export const infoForm = style({
  flex: "none",
  display: "grid",
  gap: tokens.space.sm,
  padding: tokens.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.bgAlt,
})

export const infoTitle = style({ fontSize: tokens.font.size[100], fontWeight: 800 })
export const infoIntro = style({ fontSize: tokens.font.size[85], color: vars.color.textMuted })
export const field = style({ display: "grid", gap: "2px" })
export const label = style({ fontSize: tokens.font.size[85], fontWeight: 700 })
export const textInput = style({ ...inputBase, padding: "8px 12px", width: "100%" })
export const error = style({ fontSize: tokens.font.size[85], color: vars.color.danger, fontWeight: 600 })
export const infoActions = style({ display: "flex", justifyContent: "flex-end", gap: tokens.space.sm })
