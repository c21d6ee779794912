import React from "react"
import type { GatsbySSR } from "gatsby"
import { THEME_COLORS, themeInitScript } from "./src/lib/theme-constants"

export { wrapRootElement } from "./src/wrap-root"

/**
 * The theme-color meta comes first so the inline theme script, which runs before first paint,
 * can set it along with the `dark` class on <html>.
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents, setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "fr" })
  setHeadComponents([
    <meta key="theme-color" name="theme-color" content={THEME_COLORS.light} />,
    <script key="theme-init" dangerouslySetInnerHTML={{ __html: themeInitScript }} />,
  ])
}
