import React from "react"
import type { GatsbySSR } from "gatsby"
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2"
import { THEME_COLORS, themeInitScript } from "./src/lib/theme-pre-paint"
import { fontFaceCss } from "./src/styles/font-faces"

export { wrapRootElement } from "./src/wrap-root"

const fontFaces = fontFaceCss(interLatin, interLatinExt)

/**
 * The theme-color meta comes first so the inline theme script, which runs before first paint,
 * can set it along with the `dark` and `js` classes on <html>. Its id lets the bench's
 * "without scripts" reference keep it (scripts/bench/references.mjs): it paints nothing itself
 * and fetches nothing, but decides what the first frame shows (the splash needs `js`).
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents, setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "fr" })
  setHeadComponents([
    <meta key="theme-color" name="theme-color" content={THEME_COLORS.light} />,
    <script key="theme-init" id="theme-init" dangerouslySetInnerHTML={{ __html: themeInitScript }} />,
    <style key="font-faces" dangerouslySetInnerHTML={{ __html: fontFaces }} />,
  ])
}
