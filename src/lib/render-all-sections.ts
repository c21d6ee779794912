/**
 * Set on <html> once the visitor follows an in-page link: from then on every section below the
 * fold is laid out (content-visibility: visible), so the page's height and each section's place
 * are real and a scroll aims at where its section really is, not at a size estimate. Without
 * JavaScript the sections are always laid out (there is nothing to correct a native anchor jump).
 */
export const SECTIONS_RENDERED_ATTRIBUTE = "data-sections-rendered"

/** Lays out every deferred section from now on (one layout of the whole page, then as usual). */
export function renderEverySection(): void {
  document.documentElement.setAttribute(SECTIONS_RENDERED_ATTRIBUTE, "")
}
