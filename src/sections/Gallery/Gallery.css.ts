import { globalStyle, style } from "@vanilla-extract/css"
import { tokens, vars } from "../../styles/tokens/vars.css"
import { above, below } from "../../styles/tokens/breakpoints"

export const stats = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: tokens.space.sm,
  margin: `0 0 ${tokens.space.lg}`,
  "@media": { [above("md")]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))", gap: tokens.space.md } },
})

export const stat = style({
  display: "flex",
  flexDirection: "column-reverse",
  gap: "2px",
  padding: tokens.space.md,
})

export const statValue = style({ margin: 0, fontSize: tokens.font.size[150], fontWeight: 800, color: vars.color.primary, fontVariantNumeric: "tabular-nums" })
export const statLabel = style({ color: vars.color.textMuted, fontSize: tokens.font.size[90] })

/**
 * On a phone the chips stay on one row that scrolls sideways, edge to edge; the row fades out
 * on the right to show there is more (the end padding lets the last chip clear the fade). Each
 * chip is a button: Tab scrolls it into view.
 */
export const chips = style({
  display: "flex",
  flexWrap: "wrap",
  gap: tokens.space.sm,
  marginBottom: tokens.space.lg,
  "@media": {
    [below("md")]: {
      flexWrap: "nowrap",
      overflowX: "auto",
      overscrollBehaviorX: "contain",
      scrollbarWidth: "none",
      marginInline: `calc(-1 * ${tokens.space.md})`,
      paddingInline: `${tokens.space.md} ${tokens.space.xl}`,
      scrollPaddingInline: `${tokens.space.md} ${tokens.space.xl}`,
      paddingBlock: "2px",
      maskImage: `linear-gradient(to right, #000 calc(100% - ${tokens.space.xl}), transparent)`,
    },
  },
})

export const chip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: tokens.space.sm,
  minHeight: "44px",
  padding: "6px 16px",
  borderRadius: tokens.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  cursor: "pointer",
  flex: "none",
  whiteSpace: "nowrap",
  selectors: {
    "&:hover": { borderColor: vars.color.primary },
    "&[aria-pressed='true']": { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.onPrimary },
  },
})

export const chipCount = style({
  minWidth: "24px",
  padding: "0 6px",
  borderRadius: tokens.radius.pill,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontSize: tokens.font.size[80],
  textAlign: "center",
  selectors: { [`${chip}[aria-pressed='true'] &`]: { background: vars.color.onPrimary, color: vars.color.primary } },
})

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: tokens.space.md,
  "@media": {
    [above("md")]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
    [above("xxxl")]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))", gap: tokens.space.lg },
  },
})

export const itemCard = style({ position: "relative", overflow: "hidden", display: "flex", flexDirection: "column", height: "100%" })
export const media = style({ position: "relative", aspectRatio: "4 / 5", background: vars.color.surfaceMuted })
export const image = style({ width: "100%", height: "100%", filter: vars.photoFilter })

export const placeholder = style({
  position: "absolute",
  inset: 0,
  display: "grid",
  placeItems: "center",
  alignContent: "center",
  gap: tokens.space.xs,
  background: `linear-gradient(135deg, ${vars.color.primarySoft}, ${vars.color.surfaceMuted})`,
  color: vars.color.primary,
  textAlign: "center",
})
export const placeholderLetter = style({ fontSize: tokens.font.size[300], fontWeight: 800, lineHeight: 1 })
export const placeholderCategory = style({ color: vars.color.textMuted, fontWeight: 600 })

export const sold = style({
  position: "absolute",
  top: tokens.space.sm,
  left: tokens.space.sm,
  padding: "2px 10px",
  borderRadius: tokens.radius.pill,
  background: "#b91c1c",
  color: "#ffffff",
  fontWeight: 800,
  fontSize: tokens.font.size[75],
  letterSpacing: "0.06em",
})

export const body = style({
  display: "grid",
  gap: "4px",
  padding: tokens.space.md,
  flex: 1,
  minWidth: 0,
  alignContent: "start",
  "@media": { [below("xs")]: { padding: "12px 10px" } },
})
export const brand = style({ color: vars.color.primary, fontWeight: 700, fontSize: tokens.font.size[80], textTransform: "uppercase", letterSpacing: "0.05em" })
export const title = style({ fontSize: tokens.font.size[100], fontWeight: 600, lineHeight: 1.35 })
/** Size and condition, when the content gives them. */
export const details = style({ color: vars.color.textMuted, fontSize: tokens.font.size[85] })
/** The title's link covers the whole card (its ::after), so the card opens the listing. */
export const cardLink = style({
  color: "inherit",
  textDecoration: "none",
  selectors: {
    "&::after": { content: '""', position: "absolute", inset: 0, zIndex: 1, borderRadius: "inherit" },
    "&:hover": { textDecoration: "underline" },
  },
})
export const price = style({ fontSize: tokens.font.size[115], fontWeight: 800 })
/** Views and favourites on one line, even in a phone's two-column grid. */
export const meta = style({
  display: "flex",
  flexWrap: "nowrap",
  columnGap: tokens.space.sm,
  color: vars.color.textMuted,
  fontSize: tokens.font.size[80],
  whiteSpace: "nowrap",
  "@media": { [below("xs")]: { columnGap: "6px", fontSize: tokens.font.size[75] } },
})
export const metaItem = style({ display: "inline-flex", alignItems: "center", gap: "2px" })
globalStyle(`${metaItem} > svg`, { width: "14px", height: "14px", flex: "none" })

export const more = style({ display: "flex", justifyContent: "center", marginTop: tokens.space.lg })
