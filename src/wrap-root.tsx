import React from "react"
import "@fontsource-variable/inter/wght.css"
import "./styles/global.css"
import { ThemeProvider } from "./lib/theme"

/** Providers shared by the server render and the browser (gatsby-ssr / gatsby-browser). */
export function wrapRootElement({ element }: { element: React.ReactNode }) {
  return <ThemeProvider>{element}</ThemeProvider>
}
