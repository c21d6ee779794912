import React, { createContext, useContext, useState, useSyncExternalStore } from "react"
import { readStorage, writeStorage } from "./storage"
import { applyTheme, pickTheme, THEME_COLORS, THEME_STORAGE_KEY, type Theme } from "./theme-pre-paint"
import { prefers } from "../styles/tokens/breakpoints"

type ThemeValue = {
  /** null in the server render and during hydration: the server cannot know the visitor's theme. */
  theme: Theme | null
  setTheme: (theme: Theme) => void
  toggleTheme: () => void
}

/**
 * The theme lives in a small store, not in a context value. A context change walks the whole
 * tree and forces React to hydrate every section still waiting for hydration (LazyHydrate), or
 * to throw its server HTML away; a store only re-renders the components that read it.
 */
type ThemeStore = {
  subscribe: (listener: () => void) => () => void
  get: () => Theme
  set: (theme: Theme) => void
}

/** The theme the page opened in (gatsby-ssr's inline script chose it with the same rule). */
function currentDocumentTheme(): Theme {
  if (document.documentElement.classList.contains("dark")) return "dark"
  return pickTheme(readStorage(THEME_STORAGE_KEY), window.matchMedia?.(prefers.dark).matches ?? false)
}

function createThemeStore(): ThemeStore {
  let theme: Theme | null = null
  const listeners = new Set<() => void>()
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    get() {
      theme ??= currentDocumentTheme()
      return theme
    },
    set(next) {
      theme = next
      applyTheme(next, THEME_COLORS)
      writeStorage(THEME_STORAGE_KEY, next)
      listeners.forEach((listener) => listener())
    },
  }
}

const ThemeContext = createContext<ThemeStore | null>(null)

export function ThemeProvider({ children }: { children: React.ReactNode }) {
  // One store per provider, never replaced: the context value does not change after mount.
  const [store] = useState(createThemeStore)
  return <ThemeContext.Provider value={store}>{children}</ThemeContext.Provider>
}

const serverTheme = () => null

export function useTheme(): ThemeValue {
  const store = useContext(ThemeContext)
  if (!store) throw new Error("useTheme doit être utilisé à l'intérieur de <ThemeProvider>.")
  const theme = useSyncExternalStore(store.subscribe, store.get, serverTheme)
  return {
    theme,
    setTheme: store.set,
    toggleTheme: () => store.set(store.get() === "dark" ? "light" : "dark"),
  }
}
