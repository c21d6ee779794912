import { globalStyle, style } from "@vanilla-extract/css"

/** The wrapper only marks where a section's server HTML starts: it takes no box of its own. */
export const wrapper = style({ display: "contents" })

/**
 * The same sections are below the fold, so the browser may skip their layout and paint until
 * they come near the viewport: on a slow phone that halves the layout work of the first load.
 * `auto` keeps the real height once a section has been rendered; 900px is a rough first guess
 * (only the scrollbar uses it, and anchors still land on their section).
 */
globalStyle(`${wrapper} > *`, { contentVisibility: "auto", containIntrinsicSize: "auto 900px" })
