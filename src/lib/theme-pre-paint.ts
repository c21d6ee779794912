import { darkPalette, lightPalette } from "../styles/tokens/palette"
import { prefers } from "../styles/tokens/breakpoints"

export type Theme = "light" | "dark"

/** Where the visitor's choice is kept (spec: a product-specific key). */
export const THEME_STORAGE_KEY = "maxai-theme"

/** Browser UI colour per theme: the page's background. */
export const THEME_COLORS: Record<Theme, string> = { light: lightPalette.bg, dark: darkPalette.bg }

/** The theme a page opens in: the visitor's stored choice, else the system's. */
export function pickTheme(stored: string | null, systemDark: boolean): Theme {
  return stored === "dark" || stored === "light" ? stored : systemDark ? "dark" : "light"
}

/** Applies a theme to the document: the `dark` class the styles key on, color-scheme and theme-color. */
export function applyTheme(theme: Theme, colors: Record<Theme, string>): void {
  const root = document.documentElement
  root.classList.toggle("dark", theme === "dark")
  root.style.colorScheme = theme
  const meta = document.querySelector('meta[name="theme-color"]')
  if (meta) meta.setAttribute("content", colors[theme])
}

/**
 * Before the first paint: marks <html> with `js` (the styles tell a scripted page from a
 * static one by it) and applies the opening theme, so the page never flashes the wrong one.
 * It runs as an inline script, serialised with the two functions above: it may use only its
 * arguments, and they only theirs. Storage may refuse (private browsing, blocked cookies): the
 * system's theme then.
 */
function prepareDocument(storageKey: string, colors: Record<Theme, string>, darkQuery: string, pick: typeof pickTheme, apply: typeof applyTheme): void {
  let stored: string | null = null
  try {
    stored = window.localStorage.getItem(storageKey)
  } catch {
    stored = null
  }
  document.documentElement.classList.add("js")
  apply(pick(stored, window.matchMedia(darkQuery).matches), colors)
}

/** The inline script gatsby-ssr puts in <head>: the same code as above, not a copy of it. */
export const themeInitScript = `(${prepareDocument})(${JSON.stringify(THEME_STORAGE_KEY)},${JSON.stringify(THEME_COLORS)},${JSON.stringify(prefers.dark)},${pickTheme},${applyTheme})`
