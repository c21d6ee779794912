import React from "react"
import "./stylesheet-order"
import { ThemeProvider } from "./lib/theme-choice"
import { ToastProvider } from "./components/Toast"

/** Providers shared by the server render and the browser (gatsby-ssr / gatsby-browser). */
export function wrapRootElement({ element }: { element: React.ReactNode }) {
  return (
    <ThemeProvider>
      <ToastProvider>{element}</ToastProvider>
    </ThemeProvider>
  )
}
