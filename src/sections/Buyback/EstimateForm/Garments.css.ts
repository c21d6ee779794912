import { globalStyle, style } from "@vanilla-extract/css"
import { recipe } from "@vanilla-extract/recipes"
import { tokens, vars } from "../../../styles/tokens/vars.css"

export const list = style({ display: "grid", gap: tokens.space.md, minWidth: 0 })

/** Alone, a block is the one-garment form as it always looked; among several, each is a framed card. */
export const garment = recipe({
  base: { display: "grid", gap: tokens.space.md, minWidth: 0 },
  variants: {
    alone: {
      true: {},
      false: {
        padding: tokens.space.md,
        borderRadius: tokens.radius.md,
        border: `1px solid ${vars.color.border}`,
      },
    },
  },
})

export const garmentHead = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: tokens.space.sm,
})

export const legend = style({ fontSize: tokens.font.size[110], fontWeight: 700 })

/** At least 44 px high (the site's small button is 40): a thumb's target. */
export const removeGarment = style({ minHeight: "44px", color: vars.color.danger })

export const total = style({ borderColor: vars.color.primary })

export const add = style({ display: "grid", gap: tokens.space.xs })
export const full = style({ color: vars.color.textMuted, fontSize: tokens.font.size[90], textAlign: "center" })

/** Without JavaScript the form cannot send (photos, proof of work): said where the button is, gone once scripts run. */
export const noScript = style({ color: vars.color.text, fontSize: tokens.font.size[95], fontWeight: 600, textAlign: "center" })
globalStyle(`html.js ${noScript}`, { display: "none" })
