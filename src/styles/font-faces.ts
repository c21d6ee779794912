/**
 * Inter, self-hosted (@fontsource-variable/inter files), declared here instead of through
 * fontsource's stylesheet. `font-display: swap`: the page paints at once in the metric-matched
 * fallback below, then draws Inter as soon as its file arrives, so a first-time visitor sees the
 * brand font while the splash is still up, and the swap moves nothing because the fallback takes
 * Inter's room. `optional` would keep Arial for a whole first visit. Not preloaded: on a slow
 * phone network the preload shares the bandwidth with the HTML and delays the first paint more
 * than it brings Inter forward. scripts/bench/fonts.mjs holds both to account. Unicode ranges
 * are fontsource's.
 */
const interFaces = (latinUrl: string, latinExtUrl: string) =>
  [
    {
      url: latinUrl,
      range:
        "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
    },
    {
      url: latinExtUrl,
      range:
        "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
    },
  ].map(
    ({ url, range }) =>
      `@font-face{font-family:"Inter Variable";font-style:normal;font-display:swap;font-weight:100 900;src:url(${url}) format("woff2-variations");unicode-range:${range}}`,
  )

/**
 * "Inter Fallback": Arial (or its metric twins Liberation Sans and Arimo) scaled to Inter's
 * widths and vertical metrics, per weight range, so that text drawn before Inter arrives takes
 * the same room and nothing moves when Inter replaces it. Widths measured on the site's own French
 * copy; Inter's ascent and descent are 0.969 em and 0.241 em.
 */
const fallbackFaces = [
  { weight: "100 550", bold: false, sizeAdjust: 1.064 },
  { weight: "551 650", bold: true, sizeAdjust: 1.018 },
  { weight: "651 750", bold: true, sizeAdjust: 1.029 },
  { weight: "751 900", bold: true, sizeAdjust: 1.041 },
].map(({ weight, bold, sizeAdjust }) => {
  const local = bold
    ? `local("Arial Bold"),local("Arial-BoldMT"),local("Liberation Sans Bold"),local("Arimo Bold")`
    : `local("Arial"),local("ArialMT"),local("Liberation Sans"),local("Arimo")`
  const percent = (value: number) => `${((value / sizeAdjust) * 100).toFixed(2)}%`
  return `@font-face{font-family:"Inter Fallback";font-weight:${weight};src:${local};size-adjust:${(sizeAdjust * 100).toFixed(1)}%;ascent-override:${percent(0.969)};descent-override:${percent(0.241)};line-gap-override:0%}`
})

/** The site's @font-face rules, given the URLs of Inter's two woff2 files (the site's, or the studio preview's copies). */
export function fontFaceCss(latinUrl: string, latinExtUrl: string): string {
  return [...interFaces(latinUrl, latinExtUrl), ...fallbackFaces].join("")
}
