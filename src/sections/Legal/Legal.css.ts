import { style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"

/** A reading column: legal text is read line by line, not scanned like the home page's cards. */
export const article = style({ display: "grid", gap: tokens.space.lg, maxWidth: "72ch" })
export const part = style({ display: "grid", gap: tokens.space.sm })
export const partTitle = style({ fontSize: tokens.font.size[130], fontWeight: 700 })
export const facts = style({ display: "grid", gap: tokens.space.sm, margin: 0 })
export const fact = style({ display: "grid", gap: "2px" })
export const factLabel = style({ color: vars.color.textMuted, fontSize: tokens.font.size[90] })
export const factValue = style({ margin: 0, overflowWrap: "anywhere" })
export const legalLinkClass = style({ color: vars.color.primary, textDecoration: "underline", textUnderlineOffset: "3px" })
