import React, { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState } from "react"
import { readStorage, writeStorage } from "./storage"
import { applyTheme, THEME_STORAGE_KEY, type Theme } from "./theme-constants"

type ThemeContextValue = {
  /** null until hydrated: the server cannot know the visitor's theme. */
  theme: Theme | null
  setTheme: (theme: Theme) => void
  toggleTheme: () => void
}

const ThemeContext = createContext<ThemeContextValue | null>(null)

function currentDocumentTheme(): Theme {
  const stored = readStorage(THEME_STORAGE_KEY)
  if (stored === "light" || stored === "dark") return stored
  if (document.documentElement.classList.contains("dark")) return "dark"
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light"
}

export function ThemeProvider({ children }: { children: React.ReactNode }) {
  const [theme, setThemeState] = useState<Theme | null>(null)

  // A transition: the page's sections may still be hydrating, and an urgent context change would
  // make React hydrate them all at once in one long task (or re-render them from scratch).
  useEffect(() => {
    startTransition(() => setThemeState(currentDocumentTheme()))
  }, [])

  const setTheme = useCallback((next: Theme) => {
    setThemeState(next)
    applyTheme(next)
    writeStorage(THEME_STORAGE_KEY, next)
  }, [])

  const toggleTheme = useCallback(() => {
    setTheme((theme ?? currentDocumentTheme()) === "dark" ? "light" : "dark")
  }, [theme, setTheme])

  const value = useMemo(() => ({ theme, setTheme, toggleTheme }), [theme, setTheme, toggleTheme])
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext)
  if (!context) throw new Error("useTheme doit être utilisé à l'intérieur de <ThemeProvider>.")
  return context
}
