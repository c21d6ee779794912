/** Tops: polo, shirt, sweater (800x1000 canvas, centre line x = 400). Part of scripts/generate-images.mjs. */
import { CX, clip, fabricFill, linear, mirror, n, stitchAttrs, textureFill } from "./svg.mjs"
import { CHEST_MARK_SCALE, brandMark } from "./brand-marks.mjs"
import { cableColumn, button, folds, poloCollar, shirtCollar, knitNeck } from "./top-details.mjs"

/**
 * Sleeves are drawn in a local frame (pointing down +y from the shoulder),
 * then rotated into place. That keeps hems, cuffs and cables trivially
 * perpendicular to the sleeve, and the right sleeve is just a mirror.
 *
 * `reach` is how far the sleeve's outer top corner sits beyond the body's
 * shoulder point, measured along the shoulder slope: putting the corner on
 * that line makes shoulder and sleeve read as one continuous seam.
 */
export const SLEEVES = {
  short: { reach: 64, angle: 38, len: 180, top: 66, end: 56 },
  long: { reach: 62, angle: 16, len: 440, top: 62, end: 44 },
}

/** Body shoulder point and neck point (see bodyOutline). */
export const SHOULDER = [258, 262]
export const NECK = [336, 232]

/** Local frame origin (anchor) of a sleeve, derived from the shoulder line. */
export function sleeveAnchor({ reach, angle, top }) {
  const len = Math.hypot(SHOULDER[0] - NECK[0], SHOULDER[1] - NECK[1])
  const ux = (SHOULDER[0] - NECK[0]) / len
  const uy = (SHOULDER[1] - NECK[1]) / len
  const a = (angle * Math.PI) / 180
  const corner = [SHOULDER[0] + ux * reach, SHOULDER[1] + uy * reach]
  return [corner[0] + top * Math.cos(a), corner[1] + top * Math.sin(a)]
}

/**
 * Sleeve outline in its local frame: a straight shoulder edge from the outer
 * corner to the body's shoulder point, then a cap hidden behind the body.
 */
export function sleeveOutline(geo) {
  const { angle, len, top, end } = geo
  const [ax, ay] = sleeveAnchor(geo)
  const a = (angle * Math.PI) / 180
  const dx = SHOULDER[0] - ax
  const dy = SHOULDER[1] - ay
  const sx = dx * Math.cos(a) + dy * Math.sin(a)
  const sy = -dx * Math.sin(a) + dy * Math.cos(a)
  return (
    `M${-top},0 L${n(sx)},${n(sy)} C${n(sx + 30)},${n(sy)} ${top},${n(sy * 0.5)} ${top},0 ` +
    `Q${(top + end) / 2 + 6},${len / 2} ${end},${len} ` +
    `Q0,${len + 6} ${-end},${len} Q${-(top + end) / 2 - 6},${len / 2} ${-top},0 Z`
  )
}

export function drawSleeve(doc, spec, geo, side) {
  const { pal } = spec
  const { angle, len, end } = geo
  const [ax, ay] = sleeveAnchor(geo)
  const outline = sleeveOutline(geo)
  const transform = `${side === "right" ? mirror(CX) + " " : ""}translate(${n(ax)} ${n(ay)}) rotate(${angle})`
  const shade = linear(
    doc,
    [
      [0, "#ffffff", 0.18],
      [0.5, "#ffffff", 0],
      [1, "#000000", 0.14],
    ],
    { x2: 1, y2: 0 },
  )
  let extra = ""

  if (spec.shape === "polo") {
    // Ribbed sleeve band, the classic polo tell.
    extra +=
      `<path d="M${-end - 1},${len - 28} L${end + 1},${len - 28} L${end},${len} Q0,${len + 6} ${-end},${len} Z" ` +
      `fill="${textureFill(doc, "rib", pal)}" stroke="${pal.shade}" stroke-width="2"/>`
  } else if (spec.shape === "shirt") {
    // Buttoned cuff + placket slit.
    const w = end * 0.96
    extra +=
      `<rect x="${n(-w)}" y="${len - 4}" width="${n(2 * w)}" height="56" rx="5" fill="${fabricFill(doc, pal)}" stroke="${pal.shade}" stroke-width="2.5"/>` +
      `<rect x="${n(-w + 6)}" y="${len + 2}" width="${n(2 * w - 12)}" height="44" rx="3" ${stitchAttrs(pal.stitch, 1.6)}/>` +
      `<path d="M${n(w * 0.35)},${len - 70} V${len - 4}" stroke="${pal.shade}" stroke-width="2" fill="none"/>` +
      button(w * 0.5, len + 24, 6, pal)
  } else {
    // Knitted cuff: narrower than the sleeve, as a real rib gathers it.
    const w = end * 0.84
    extra += `<path d="M${n(-w)},${len - 8} L${n(w)},${len - 8} L${n(w - 2)},${len + 42} L${n(-w + 2)},${len + 42} Z" fill="${textureFill(doc, "rib", pal)}" stroke="${pal.shade}" stroke-width="2"/>`
    if (spec.cable) {
      const id = clip(doc, `<path d="${outline}"/>`)
      extra = `<g clip-path="${id}">${cableColumn(0, -10, len - 8, pal, 30, 46)}</g>` + extra
    }
  }

  const tex = spec.texture ? `<path d="${outline}" fill="${textureFill(doc, spec.texture, pal)}"/>` : ""
  return (
    `<g transform="${transform}">` +
    `<path d="${outline}" fill="${fabricFill(doc, pal)}" stroke="${pal.shade}" stroke-width="2.5"/>` +
    tex +
    `<path d="${outline}" fill="${shade}"/>` +
    extra +
    `</g>`
  )
}

/** Front body outline; shirts get a curved shirttail hem. */
export function bodyOutline(shape) {
  const top = "M336,232 C306,242 278,252 258,262 C242,271 236,292 237,326"
  const neck = "C444,254 356,254 336,232 Z"
  const right = "L563,326 C564,292 558,271 542,262 C522,252 494,242 464,232"
  if (shape === "shirt") {
    return `${top} L244,770 C290,796 340,812 400,818 C460,812 510,796 556,770 ${right} ${neck}`
  }
  const hem = shape === "sweater" ? 756 : 796
  return `${top} L244,${hem} C330,${hem + 8} 470,${hem + 8} 556,${hem} ${right} ${neck}`
}

/**
 * Two-strand cable: each repeat is an "under" S-curve then an "over" S-curve,
 * outlined in the shade colour so the twist reads as a raised rope of yarn.
 */
export function drawTop(doc, spec) {
  const { pal, shape } = spec
  const geo = shape === "polo" ? SLEEVES.short : SLEEVES.long
  const body = bodyOutline(shape)
  const bodyClip = clip(doc, `<path d="${body}"/>`)
  const light = linear(
    doc,
    [
      [0, "#ffffff", 0.2],
      [0.45, "#ffffff", 0],
      [1, "#000000", 0.12],
    ],
    { x1: 236, y1: 0, x2: 564, y2: 0, user: true },
  )

  let inner = `<path d="${body}" fill="${fabricFill(doc, pal)}"/>`
  if (spec.texture) inner += `<path d="${body}" fill="${textureFill(doc, spec.texture, pal)}"/>`
  if (spec.cable) {
    inner += [CX - 112, CX, CX + 112].map((x) => cableColumn(x, 250, 760, pal)).join("")
  }
  inner += folds(doc, pal, [
    "M300,520 C320,600 310,680 290,760",
    "M312,520 C330,600 322,680 302,760",
    "M500,470 C480,560 500,650 520,740",
    "M268,380 C300,400 320,430 330,470",
  ])
  inner += `<path d="${body}" fill="${light}"/>`

  let details = ""
  if (shape === "sweater") {
    details +=
      `<path d="M245,750 L555,750 L551,802 C470,810 330,810 249,802 Z" fill="${textureFill(doc, "rib", pal)}" stroke="${pal.shade}" stroke-width="2"/>` +
      knitNeck(doc, pal, spec.neck)
  } else if (shape === "polo") {
    details +=
      `<path d="M248,776 C330,784 470,784 552,776" ${stitchAttrs(pal.stitch, 1.6)}/>` +
      `<path d="M246,796 L248,760 M554,796 L552,760" stroke="${pal.shade}" stroke-width="2.5"/>` +
      poloCollar(doc, pal)
  } else {
    details += shirtCollar(doc, pal)
  }

  // Brand mark on the wearer's left chest (viewer's right).
  const markAt = shape === "shirt" ? [475, 350] : [468, 368]
  details += brandMark(doc, spec.brand, pal, markAt[0], markAt[1], CHEST_MARK_SCALE[spec.brand] ?? 0.7)

  return (
    drawSleeve(doc, spec, geo, "left") +
    drawSleeve(doc, spec, geo, "right") +
    `<path d="${body}" fill="${pal.base}"/>` +
    `<g clip-path="${bodyClip}">${inner}</g>` +
    `<path d="${body}" fill="none" stroke="${pal.shade}" stroke-width="2.5"/>` +
    details
  )
}
