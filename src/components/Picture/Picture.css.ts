import { style } from "@vanilla-extract/css"

/** The picture fills the box its parent gives it, like a cover background. */
export const picture = style({ display: "block" })

export const image = style({
  display: "block",
  width: "100%",
  height: "100%",
  objectFit: "cover",
  backgroundSize: "cover",
  backgroundPosition: "center",
})
