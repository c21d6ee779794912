/**
 * The window widths at which the layout changes, in CSS pixels, and the media queries built from
 * them; no style writes a width query by hand. `above(name)` holds from that width up,
 * `below(name)` up to just under it (0.02 px less, so the two never both hold on a fractional
 * width), so `above("md")` and `below("md")` split every window in two.
 */
export const breakpoints = {
  /** Small phones end: tighter card padding below it. */
  xs: 480,
  /** Large phones end: two-column brand grid, roomier splash; the toast docks to the bottom below it. */
  sm: 640,
  /** Tablets: most grids gain columns, the page gains side room. */
  md: 768,
  /** Three news cards in a row. */
  lg: 900,
  /** Two-column hero, buyback and engine panel. */
  xl: 960,
  /** The header's navigation fits the bar; below it, it opens as a sheet. */
  xxl: 1024,
  /** Four gallery cards in a row. */
  xxxl: 1100,
} as const

export type Breakpoint = keyof typeof breakpoints

/** From this width (px) up. For a width computed from other sizes; prefer `above`. */
export const minWidth = (px: number) => `(min-width: ${px}px)`

/** Up to just under this width (px). For a width computed from other sizes; prefer `below`. */
export const maxWidth = (px: number) => `(max-width: ${px - 0.02}px)`

/** From the breakpoint up. */
export const above = (name: Breakpoint) => minWidth(breakpoints[name])

/** Up to just under the breakpoint. */
export const below = (name: Breakpoint) => maxWidth(breakpoints[name])

/** The visitor's system settings the styles and scripts follow. */
export const prefers = {
  reducedMotion: "(prefers-reduced-motion: reduce)",
  dark: "(prefers-color-scheme: dark)",
  /** A touch screen (no hover, a finger): nothing to drag or hover. */
  touch: "(hover: none) and (pointer: coarse)",
} as const
