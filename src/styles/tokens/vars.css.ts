import { createGlobalTheme, createThemeContract } from "@vanilla-extract/css"
import { darkPalette, lightPalette } from "./palette"
import { fluidFontSize, fontSize } from "./type-scale"

/**
 * The CSS variables every style reads (`vars`: one contract, the two palettes of ./palette.ts
 * bound to it) and the fixed design tokens (`tokens`: type scale, radii, spacing, widths). The dark
 * palette is bound to `html.dark`, which the pre-paint script (lib/theme-pre-paint.ts) sets, so
 * there is no flash of the wrong theme.
 */
export const vars = createThemeContract({
  color: Object.fromEntries(Object.keys(lightPalette).map((role) => [role, null])) as Record<keyof typeof lightPalette, null>,
  shadow: { sm: null, md: null, lg: null },
  // Applied to product photos: a photo shot on a white or beige backdrop glares in the dark
  // theme, so it is dimmed there (garment colours keep their order and contrast).
  photoFilter: null,
})

/** The content column's width in px (the chat button floats only where the margin beside it holds it). */
export const CONTENT_WIDTH_PX = 1200

export const tokens = {
  font: {
    // "Inter Fallback" (gatsby-ssr) takes Inter's room until Inter is there.
    body: `"Inter Variable", "Inter Fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`,
    size: fontSize,
    fluidSize: fluidFontSize,
  },
  radius: { sm: "8px", md: "14px", lg: "22px", pill: "999px" },
  space: { xs: "4px", sm: "8px", md: "16px", lg: "24px", xl: "40px", xxl: "72px" },
  maxWidth: `${CONTENT_WIDTH_PX}px`,
  headerHeight: "64px",
} as const

createGlobalTheme("html:not(.dark)", vars, {
  color: lightPalette,
  shadow: {
    sm: "0 1px 2px rgba(20, 22, 39, 0.06), 0 1px 3px rgba(20, 22, 39, 0.08)",
    md: "0 6px 18px rgba(20, 22, 39, 0.08)",
    lg: "0 18px 48px rgba(20, 22, 39, 0.16)",
  },
  photoFilter: "none",
})

createGlobalTheme("html.dark", vars, {
  color: darkPalette,
  shadow: {
    sm: "0 1px 2px rgba(0, 0, 0, 0.4)",
    md: "0 6px 18px rgba(0, 0, 0, 0.45)",
    lg: "0 18px 48px rgba(0, 0, 0, 0.6)",
  },
  photoFilter: "brightness(0.78) contrast(1.06)",
})
