export type Theme = "light" | "dark"

/** Where the visitor's choice is kept (spec: a product-specific key). */
export const THEME_STORAGE_KEY = "maxai-theme"

/** Browser UI colour per theme; must match `bg` in src/styles/theme.css.ts. */
export const THEME_COLORS: Record<Theme, string> = { light: "#ffffff", dark: "#0d0f1c" }

/** Applies a theme to the document: the `dark` class the styles key on, color-scheme and theme-color. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement
  root.classList.toggle("dark", theme === "dark")
  root.style.colorScheme = theme
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", THEME_COLORS[theme])
}

/**
 * Runs inline in <head> before first paint (see gatsby-ssr) so the page never flashes the
 * wrong theme. It repeats `applyTheme` because it must run before any bundle loads. It also
 * marks <html> with `js`, which the styles use to tell a scripted page from a static one.
 */
export const themeInitScript = `(function(){var d;try{var s=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)});d=s?s==="dark":null}catch(e){d=null}if(d===null){d=window.matchMedia("(prefers-color-scheme: dark)").matches}var r=document.documentElement;r.classList.add("js");r.classList.toggle("dark",d);r.style.colorScheme=d?"dark":"light";var m=document.querySelector('meta[name="theme-color"]');if(m){m.setAttribute("content",d?${JSON.stringify(
  THEME_COLORS.dark,
)}:${JSON.stringify(THEME_COLORS.light)})}})()`
