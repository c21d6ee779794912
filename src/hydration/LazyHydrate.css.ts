import { globalStyle, style } from "@vanilla-extract/css"
import { SECTIONS_RENDERED_ATTRIBUTE } from "../lib/render-all-sections"

/** The wrapper only marks where a section's server HTML starts: it takes no box of its own. */
export const wrapper = style({ display: "contents" })

/**
 * The same sections are below the fold, so the browser may skip their layout and paint until
 * they come near the viewport: on a slow phone that halves the layout work of the page's first
 * reveal (`npm run bench`, rendering). `auto` keeps the real height once a section has been
 * rendered; 900px is a rough first guess. Because of that guess an in-page link first lays out
 * every section (renderEverySection, src/lib/scroll-to-section), then scrolls.
 */
globalStyle(`${wrapper} > *`, { contentVisibility: "auto", containIntrinsicSize: "auto 900px" })
globalStyle(`html[${SECTIONS_RENDERED_ATTRIBUTE}] ${wrapper} > *, html:not(.js) ${wrapper} > *`, { contentVisibility: "visible" })
