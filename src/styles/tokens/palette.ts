/**
 * Every colour of the two themes, in one place. Read by the CSS variables (styles/theme-vars.css.ts),
 * by the script that picks the theme before first paint (lib/theme-pre-paint.ts: the browser bar's
 * colour) and by gatsby-config (the installed app's colours), so a colour changed here changes
 * everywhere. Plain TypeScript, not a .css.ts file: gatsby-config and the inline script read it too.
 * Contrast of every text/background pair is AA or better in both themes.
 */

/** The brand's indigo and violet: the logo's and the splash's gradient in both themes. */
export const brand = { indigo: "#4338ca", violet: "#7c3aed" } as const

/** The brand's mark: indigo into violet. */
export const brandGradient = `linear-gradient(135deg, ${brand.indigo}, ${brand.violet})`

export const lightPalette = {
  bg: "#ffffff",
  bgAlt: "#f5f5fb",
  surface: "#ffffff",
  surfaceMuted: "#eef0f8",
  text: "#141627",
  textMuted: "#4b5064",
  border: "#dadcea",
  primary: brand.indigo,
  primaryHover: "#3730a3",
  onPrimary: "#ffffff",
  primarySoft: "#e8e7fc",
  accent: brand.violet,
  success: "#166534",
  successSoft: "#dcfce7",
  danger: "#b91c1c",
  star: "#b45309",
  focus: brand.indigo,
  overlay: "rgba(15, 17, 35, 0.55)",
  heroFrom: "#eef0ff",
  heroTo: "#f7f0ff",
  panelBg: "#0f1230",
  panelText: "#f3f4ff",
  panelMuted: "#b9bde0",
  panelAccent: "#5eead4",
} as const

/** The same roles as the light palette (the theme contract takes its keys from it). */
export const darkPalette: Record<keyof typeof lightPalette, string> = {
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
}
