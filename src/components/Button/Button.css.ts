import { recipe, type RecipeVariants } from "@vanilla-extract/recipes"
import { tokens, vars } from "../../styles/tokens/vars.css"

/** The one button look of the site, for <button> and <a> alike. */
export const button = recipe({
  base: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    gap: tokens.space.sm,
    minHeight: "48px",
    paddingInline: "22px",
    borderRadius: tokens.radius.pill,
    border: "2px solid transparent",
    fontWeight: 700,
    fontSize: tokens.font.size[100],
    textDecoration: "none",
    cursor: "pointer",
    transition: "background-color 150ms ease, color 150ms ease, transform 150ms ease",
    selectors: {
      "&:disabled, &[aria-disabled='true']": { opacity: 0.6, cursor: "not-allowed" },
      "&:active:not(:disabled)": { transform: "translateY(1px)" },
    },
  },
  variants: {
    tone: {
      primary: {
        background: vars.color.primary,
        color: vars.color.onPrimary,
        selectors: { "&:hover:not(:disabled)": { background: vars.color.primaryHover } },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.primary,
        borderColor: vars.color.primary,
        selectors: { "&:hover:not(:disabled)": { background: vars.color.primarySoft } },
      },
      ghost: {
        background: "transparent",
        color: vars.color.text,
        selectors: { "&:hover:not(:disabled)": { background: vars.color.surfaceMuted } },
      },
      // On the dark call-to-action band: a matched pair, solid white and white outline, same
      // 2 px border so both are the same size.
      inverse: {
        background: "#ffffff",
        color: "#312e81",
        borderColor: "#ffffff",
        selectors: { "&:hover:not(:disabled)": { background: "#e0e7ff", borderColor: "#e0e7ff" } },
      },
      inverseOutline: {
        background: "transparent",
        color: "#ffffff",
        borderColor: "#ffffff",
        selectors: { "&:hover:not(:disabled)": { background: "rgba(255, 255, 255, 0.14)" } },
      },
    },
    size: {
      md: {},
      sm: { minHeight: "40px", paddingInline: "16px", fontSize: tokens.font.size[95] },
    },
    block: { true: { width: "100%" } },
  },
  defaultVariants: { tone: "primary", size: "md" },
})

export type ButtonVariants = RecipeVariants<typeof button>

/** Square icon-only button (theme toggle, menu, chat controls). */
export const iconButton = recipe({
  base: {
    display: "inline-grid",
    placeItems: "center",
    width: "44px",
    height: "44px",
    borderRadius: tokens.radius.pill,
    border: `1px solid ${vars.color.border}`,
    background: vars.color.surface,
    color: vars.color.text,
    cursor: "pointer",
    selectors: { "&:hover": { background: vars.color.surfaceMuted } },
  },
  variants: {
    bare: { true: { border: "none", background: "transparent" } },
  },
})
