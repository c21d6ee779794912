/** Details of the tops: cable knit, buttons, folds, collars, necklines. Part of scripts/generate-images.mjs. */
import { CX, blurFilter, fabricFill, isDark, mirror, n, stitchAttrs, textureFill } from "./svg.mjs"

export function cableColumn(cx, y0, y1, pal, w = 34, seg = 48) {
  let under = ""
  let over = ""
  for (let y = y0; y < y1; y += seg) {
    under += `M${n(cx + w / 2)},${y} C${n(cx + w / 2)},${y + seg / 2} ${n(cx - w / 2)},${y + seg / 2} ${n(cx - w / 2)},${y + seg} `
    over += `M${n(cx - w / 2)},${y} C${n(cx - w / 2)},${y + seg / 2} ${n(cx + w / 2)},${y + seg / 2} ${n(cx + w / 2)},${y + seg} `
  }
  const rope = (d) =>
    `<path d="${d}" fill="none" stroke="${pal.deep}" stroke-width="17" opacity="0.55"/>` +
    `<path d="${d}" fill="none" stroke="${pal.light}" stroke-width="11"/>` +
    `<path d="${d}" fill="none" stroke="${pal.shade}" stroke-width="2" stroke-dasharray="3 5" opacity="0.8"/>`
  const channels = `<path d="M${n(cx - w / 2 - 16)},${y0} V${y1} M${n(cx + w / 2 + 16)},${y0} V${y1}" stroke="${pal.deep}" stroke-width="4" opacity="0.35"/>`
  return channels + rope(under) + rope(over)
}

export function button(x, y, r, pal) {
  const fill = isDark(pal.base) ? "#e9e6df" : "#fbfaf6"
  return (
    `<circle cx="${n(x)}" cy="${n(y)}" r="${r}" fill="${fill}" stroke="${pal.deep}" stroke-width="1.5"/>` +
    `<circle cx="${n(x - r * 0.3)}" cy="${n(y)}" r="${n(r * 0.18)}" fill="${pal.deep}"/>` +
    `<circle cx="${n(x + r * 0.3)}" cy="${n(y)}" r="${n(r * 0.18)}" fill="${pal.deep}"/>`
  )
}

/** Relaxed fabric folds: blurred strokes clipped to the body. */
export function folds(doc, pal, lines) {
  const f = blurFilter(doc, 5)
  return lines
    .map(
      (d, i) =>
        `<path d="${d}" fill="none" stroke="${i % 2 ? pal.light : pal.shade}" stroke-width="${i % 2 ? 5 : 8}" ` +
        `stroke-linecap="round" opacity="${i % 2 ? 0.5 : 0.55}" filter="${f}"/>`,
    )
    .join("")
}

export function poloCollar(doc, pal) {
  const fill = fabricFill(doc, pal)
  const flap = "M400,262 C384,252 360,240 337,229 C326,236 317,246 311,258 C320,290 333,318 347,338 C364,310 384,284 400,262 Z"
  const flapStitch = "M322,258 C330,286 340,308 349,322"
  return (
    `<path d="M336,232 C356,212 444,212 464,232 L452,248 C432,236 368,236 348,248 Z" fill="${pal.deep}"/>` +
    `<rect x="383" y="246" width="34" height="128" rx="3" fill="${fill}" stroke="${pal.shade}" stroke-width="2"/>` +
    `<rect x="388" y="252" width="24" height="116" rx="2" ${stitchAttrs(pal.stitch, 1.4)}/>` +
    button(400, 300, 6.5, pal) +
    button(400, 346, 6.5, pal) +
    `<g><path d="${flap}" fill="${fill}" stroke="${pal.shade}" stroke-width="2.5"/><path d="${flapStitch}" ${stitchAttrs(pal.stitch, 1.5)}/></g>` +
    `<g transform="${mirror(CX)}"><path d="${flap}" fill="${fill}" stroke="${pal.shade}" stroke-width="2.5"/><path d="${flapStitch}" ${stitchAttrs(pal.stitch, 1.5)}/></g>`
  )
}

export function shirtCollar(doc, pal) {
  const fill = fabricFill(doc, pal)
  const flap = "M400,266 L337,226 C327,233 319,243 313,254 L350,330 Z"
  const flapStitch = "M324,254 L352,312"
  const buttons = [292, 372, 452, 532, 612, 692, 772].map((y) => button(CX, y, 7, pal)).join("")
  return (
    `<path d="M334,232 C356,206 444,206 466,232 L456,250 C434,236 366,236 344,250 Z" fill="${pal.deep}"/>` +
    `<path d="M386,250 H414 V816 C406,818 394,818 386,816 Z" fill="${fill}" stroke="${pal.shade}" stroke-width="2"/>` +
    `<path d="M391,256 V810 M409,256 V810" ${stitchAttrs(pal.stitch, 1.4)}/>` +
    buttons +
    // Chest pocket on the wearer's left (viewer's right).
    `<path d="M436,372 H514 V452 L475,468 L436,452 Z" fill="${fill}" stroke="${pal.shade}" stroke-width="2"/>` +
    `<path d="M442,386 H508 M442,378 V450 M508,378 V450" ${stitchAttrs(pal.stitch, 1.4)}/>` +
    `<path d="${flap}" fill="${fill}" stroke="${pal.shade}" stroke-width="2.5"/><path d="${flapStitch}" ${stitchAttrs(pal.stitch, 1.5)}/>` +
    `<g transform="${mirror(CX)}"><path d="${flap}" fill="${fill}" stroke="${pal.shade}" stroke-width="2.5"/><path d="${flapStitch}" ${stitchAttrs(pal.stitch, 1.5)}/></g>` +
    button(CX, 262, 5.5, pal)
  )
}

/** Ribbed neckband: crew (round) or V; the hole shows the inside back. */
export function knitNeck(doc, pal, neck) {
  const rib = textureFill(doc, "rib", pal)
  if (neck === "v") {
    return (
      `<path d="M336,232 C356,214 444,214 464,232 L400,372 Z" fill="${pal.deep}"/>` +
      `<path fill-rule="evenodd" d="M324,230 C340,206 460,206 476,230 L400,392 Z M346,232 C362,222 438,222 454,232 L400,350 Z" ` +
      `fill="${rib}" stroke="${pal.shade}" stroke-width="2"/>`
    )
  }
  return (
    `<path d="M336,232 C356,214 444,214 464,232 C444,258 356,258 336,232 Z" fill="${pal.deep}"/>` +
    `<path fill-rule="evenodd" d="M322,230 C338,204 462,204 478,230 C456,284 344,284 322,230 Z M344,232 C360,220 440,220 456,232 C440,260 360,260 344,232 Z" ` +
    `fill="${rib}" stroke="${pal.shade}" stroke-width="2"/>`
  )
}
