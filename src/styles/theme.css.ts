import { createGlobalTheme, createThemeContract } from "@vanilla-extract/css"

/**
 * One contract, two palettes. The dark palette is bound to `html.dark`, which the inline
 * script in gatsby-ssr sets before first paint, so there is no flash of the wrong theme.
 * Contrast of every text/background pair is AA or better in both themes.
 */
export const vars = createThemeContract({
  color: {
    bg: null,
    bgAlt: null,
    surface: null,
    surfaceMuted: null,
    text: null,
    textMuted: null,
    border: null,
    primary: null,
    primaryHover: null,
    onPrimary: null,
    primarySoft: null,
    accent: null,
    success: null,
    successSoft: null,
    danger: null,
    star: null,
    focus: null,
    overlay: null,
    heroFrom: null,
    heroTo: null,
    panelBg: null,
    panelText: null,
    panelMuted: null,
    panelAccent: null,
  },
  shadow: { sm: null, md: null, lg: null },
  // Applied to product photos: a photo shot on a white or beige backdrop glares in the dark
  // theme, so it is dimmed there (garment colours keep their order and contrast).
  photoFilter: null,
})

export const tokens = {
  font: {
    // "Inter Fallback" (gatsby-ssr) takes Inter's room until Inter is there.
    body: `"Inter Variable", "Inter Fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`,
  },
  radius: { sm: "8px", md: "14px", lg: "22px", pill: "999px" },
  space: { xs: "4px", sm: "8px", md: "16px", lg: "24px", xl: "40px", xxl: "72px" },
  maxWidth: "1200px",
  headerHeight: "64px",
} as const

createGlobalTheme("html:not(.dark)", vars, {
  color: {
    bg: "#ffffff",
    bgAlt: "#f5f5fb",
    surface: "#ffffff",
    surfaceMuted: "#eef0f8",
    text: "#141627",
    textMuted: "#4b5064",
    border: "#dadcea",
    primary: "#4338ca",
    primaryHover: "#3730a3",
    onPrimary: "#ffffff",
    primarySoft: "#e8e7fc",
    accent: "#7c3aed",
    success: "#166534",
    successSoft: "#dcfce7",
    danger: "#b91c1c",
    star: "#b45309",
    focus: "#4338ca",
    overlay: "rgba(15, 17, 35, 0.55)",
    heroFrom: "#eef0ff",
    heroTo: "#f7f0ff",
    panelBg: "#0f1230",
    panelText: "#f3f4ff",
    panelMuted: "#b9bde0",
    panelAccent: "#5eead4",
  },
  shadow: {
    sm: "0 1px 2px rgba(20, 22, 39, 0.06), 0 1px 3px rgba(20, 22, 39, 0.08)",
    md: "0 6px 18px rgba(20, 22, 39, 0.08)",
    lg: "0 18px 48px rgba(20, 22, 39, 0.16)",
  },
  photoFilter: "none",
})

createGlobalTheme("html.dark", vars, {
  color: {
    bg: "#0d0f1c",
    bgAlt: "#12152a",
    surface: "#171a31",
    surfaceMuted: "#20243f",
    text: "#eef0fb",
    textMuted: "#b4b8d2",
    border: "#2e3355",
    primary: "#a5b4fc",
    primaryHover: "#c7d2fe",
    onPrimary: "#111327",
    primarySoft: "#272c57",
    accent: "#c4b5fd",
    success: "#86efac",
    successSoft: "#14321f",
    danger: "#fca5a5",
    star: "#fbbf24",
    focus: "#a5b4fc",
    overlay: "rgba(0, 0, 0, 0.65)",
    heroFrom: "#141836",
    heroTo: "#1d1436",
    panelBg: "#080a1a",
    panelText: "#f3f4ff",
    panelMuted: "#b9bde0",
    panelAccent: "#5eead4",
  },
  shadow: {
    sm: "0 1px 2px rgba(0, 0, 0, 0.4)",
    md: "0 6px 18px rgba(0, 0, 0, 0.45)",
    lg: "0 18px 48px rgba(0, 0, 0, 0.6)",
  },
  photoFilter: "brightness(0.78) contrast(1.06)",
})
