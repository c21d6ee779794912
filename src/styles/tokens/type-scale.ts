/**
 * The type scale: every font size the site uses, and no other. A step is named by its size in
 * percent of the body text (1rem = 16 px unless the visitor changes it), so `fontSize[95]` reads
 * "a touch smaller than body text" and a size not in the scale does not type-check. The steps
 * are those the design uses today; merging close steps is a design change, made here.
 */
export const fontSize = {
  75: "0.75rem",
  80: "0.8rem",
  85: "0.85rem",
  87.5: "0.875rem",
  90: "0.9rem",
  95: "0.95rem",
  97.5: "0.975rem",
  100: "1rem",
  105: "1.05rem",
  107.5: "1.075rem",
  110: "1.1rem",
  112.5: "1.125rem",
  115: "1.15rem",
  120: "1.2rem",
  125: "1.25rem",
  130: "1.3rem",
  135: "1.35rem",
  150: "1.5rem",
  190: "1.9rem",
  300: "3rem",
} as const

/** Titles that grow with the window between a phone's size and a desktop's (min, fluid, max). */
export const fluidFontSize = {
  /** The page's <h1> in the hero. */
  heroTitle: "clamp(2rem, 1.3rem + 3.2vw, 3.5rem)",
  /** Every section's <h2>. */
  sectionTitle: "clamp(1.6rem, 1.2rem + 1.6vw, 2.4rem)",
  /** The not-found page's title. */
  notFoundTitle: "clamp(1.75rem, 1.3rem + 2vw, 2.6rem)",
  /** The splash's title. */
  splashTitle: "clamp(1.6rem, 1.2rem + 1.8vw, 2.3rem)",
  /** The call-to-action band's title. */
  ctaTitle: "clamp(1.5rem, 1.1rem + 1.6vw, 2.25rem)",
  /** The hero's key figures. */
  heroFigure: "clamp(1.4rem, 1.1rem + 1.2vw, 2rem)",
} as const
