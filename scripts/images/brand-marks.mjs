/** Brand marks: evocative, never the real trademark. Part of scripts/generate-images.mjs. */
import { COLOURS, GOLD } from "./palette.mjs"
import { isDark, linear, n } from "./svg.mjs"

/** Small crocodile-ish reptile, facing right with an open jaw (Lacoste-like). */
export function crocMark(x, y, s, colour = "#2f8f46") {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${s})">` +
    `<path d="M22,-5 L40,-14 L40,-2 Z" fill="#d8343f"/>` +
    `<path d="M-46,-1 C-38,-6 -28,-9 -18,-9 L12,-10 C20,-11 27,-15 40,-18 L41,-14 C33,-11 27,-8 24,-5 ` +
    `L40,-3 L40,1 L22,2 C14,7 -14,8 -22,5 C-31,3 -39,2 -46,-1 Z" fill="${colour}"/>` +
    `<path d="M-28,-8 l3,-4 l3,4 M-18,-9 l3,-4 l3,4 M-8,-10 l3,-4 l3,4 M2,-10 l3,-4 l3,4" fill="${colour}"/>` +
    `<path d="M-14,5 l-5,7 h5 l3,-6 M8,4 l-3,8 h5 l2,-8" fill="${colour}"/>` +
    `<circle cx="16" cy="-11" r="1.8" fill="#fff"/></g>`
  )
}

/** Tiny galloping horse with rider and raised mallet (Ralph Lauren-like). */
export function ponyMark(x, y, s, colour = "#1c2a55") {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${s})" fill="${colour}" stroke="${colour}" stroke-linecap="round">` +
    `<ellipse cx="0" cy="4" rx="15" ry="7" stroke="none"/>` +
    `<path d="M10,0 L19,-10 L27,-7 L25,-3 L19,-4 L14,6 Z" stroke="none"/>` +
    `<path d="M-10,8 L-20,15 M-6,9 L-8,20 M8,9 L16,18 M11,7 L22,10 M-15,2 L-24,9" fill="none" stroke-width="3"/>` +
    `<path d="M-1,-1 L2,-13" fill="none" stroke-width="5"/>` +
    `<circle cx="3" cy="-17" r="3.6" stroke="none"/>` +
    `<path d="M3,-11 L-12,-26" fill="none" stroke-width="2"/>` +
    `<rect x="-17" y="-30" width="9" height="4" rx="1.5" transform="rotate(-45 -12 -28)" stroke="none"/></g>`
  )
}

/** Navy-framed red / white flag rectangle (Tommy Hilfiger-like). */
export function flagMark(x, y, s) {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${s})">` +
    `<rect x="-22" y="-12" width="44" height="24" rx="1.5" fill="#1c2a55"/>` +
    `<rect x="-19" y="-9" width="19" height="18" fill="#ffffff"/>` +
    `<rect x="0" y="-9" width="19" height="18" fill="#cc2231"/></g>`
  )
}

/** Gold plate with an engraved "L" monogram (Lancaster-like hardware). */
export function plateMark(doc, x, y, s) {
  const g = linear(
    doc,
    [
      [0, GOLD.light],
      [0.55, GOLD.base],
      [1, GOLD.shade],
    ],
    { x2: 1, y2: 1 },
  )
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${s})">` +
    `<rect x="-26" y="-17" width="52" height="34" rx="7" fill="${g}" stroke="${GOLD.deep}" stroke-width="1.5"/>` +
    `<rect x="-21" y="-12" width="42" height="24" rx="4" fill="none" stroke="${GOLD.shade}" stroke-width="1.2"/>` +
    `<path d="M-6,-8 V7 H9" fill="none" stroke="${GOLD.deep}" stroke-width="3.6" stroke-linecap="square"/>` +
    `<circle cx="-20" cy="0" r="1.6" fill="${GOLD.deep}"/><circle cx="20" cy="0" r="1.6" fill="${GOLD.deep}"/></g>`
  )
}

/** Chest logos are small on real garments; the croc is wider than the rest. */
export const CHEST_MARK_SCALE = { Lacoste: 0.6, "Ralph Lauren": 0.75, "Tommy Hilfiger": 0.7 }

/** Picks the mark for a brand, in a colour that contrasts with the fabric. */
export function brandMark(doc, brand, pal, x, y, s = 1) {
  switch (brand) {
    case "Lacoste":
      return crocMark(x, y, s, pal === COLOURS.vert ? "#5cbf6a" : "#2f8f46")
    case "Ralph Lauren":
      return ponyMark(x, y, s, isDark(pal.base) && pal.pattern !== "check" ? "#efe2c2" : "#1c2a55")
    case "Tommy Hilfiger":
      return flagMark(x, y, s)
    case "Lancaster":
      return plateMark(doc, x, y, s)
    default:
      return ""
  }
}
