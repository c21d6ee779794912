/** Accessories: cap, belt, scarf. Part of scripts/generate-images.mjs. */
import { GOLD } from "./palette.mjs"
import { linear, n, pattern, radial, stitchAttrs, textureFill } from "./svg.mjs"
import { brandMark } from "./brand-marks.mjs"

/**
 * Baseball cap in three-quarter view: dome on the left, front panel facing
 * right, visor sticking out towards the viewer's right. A straight-on front
 * view reads as a helmet, so the visor must break the silhouette.
 */
export function drawCap(doc, spec) {
  const { pal } = spec
  const crown = "M170,612 C156,440 262,318 410,312 C548,308 634,404 646,560 C560,598 330,630 170,612 Z"
  // The visor's back edge follows the crown's front base, so it reads as
  // attached; its front edge bulges towards the viewer's lower right.
  const visor = "M404,614 C490,608 580,588 644,558 C706,544 776,562 774,604 C770,654 668,694 560,694 C494,694 440,664 404,614 Z"
  const visorEdge = "M404,614 C440,664 494,694 560,694 C668,694 770,654 774,604 L772,618 C762,668 664,708 558,708 C490,708 436,676 402,626 Z"
  const visorTop = linear(
    doc,
    [
      [0, pal.light],
      [1, pal.shade],
    ],
    { x2: 1, y2: 1 },
  )
  const dome = radial(
    doc,
    [
      [0, pal.light],
      [0.65, pal.base],
      [1, pal.shade],
    ],
    { cx: 0.42, cy: 0.28, r: 0.85 },
  )
  // Drawn a little right of centre because of the visor; shift back.
  return (
    `<g transform="translate(-40 40)">` +
    `<path d="${crown}" fill="${dome}" stroke="${pal.shade}" stroke-width="3"/>` +
    // Panel seams radiating from the top button, each with a stitch line.
    `<path d="M412,314 C330,360 270,470 262,618 M412,314 C450,380 470,480 468,612 M412,314 C500,340 590,420 626,566" fill="none" stroke="${pal.deep}" stroke-width="3"/>` +
    `<path d="M402,322 C324,370 262,470 252,616 M422,324 C460,390 482,480 480,610" ${stitchAttrs(pal.stitch, 1.4)}/>` +
    `<circle cx="330" cy="404" r="6" fill="${pal.deep}"/><circle cx="452" cy="386" r="6" fill="${pal.deep}"/>` +
    `<ellipse cx="412" cy="314" rx="18" ry="9" fill="${pal.base}" stroke="${pal.deep}" stroke-width="2"/>` +
    // Sweatband edge, then the visor's shadow on the crown and the visor.
    `<path d="M172,606 C330,624 560,594 644,556" fill="none" stroke="${pal.deep}" stroke-width="6"/>` +
    `<path d="${visorEdge}" fill="${pal.deep}"/>` +
    `<path d="${visor}" fill="${visorTop}" stroke="${pal.deep}" stroke-width="3"/>` +
    `<path d="M430,636 C470,672 520,680 562,680 C660,680 752,646 758,604 C760,580 730,566 690,566" ${stitchAttrs(pal.stitch, 1.5)}/>` +
    `<path d="M452,650 C490,668 530,668 562,668 C650,668 732,638 742,606" ${stitchAttrs(pal.stitch, 1.5)}/>` +
    brandMark(doc, spec.brand, pal, 548, 480, 1.05) +
    `</g>`
  )
}

/** Interlaced leather strands; fixed orientation reads fine on a curved strap. */
export function braidFill(doc, pal) {
  return pattern(
    doc,
    18,
    18,
    `<rect width="18" height="18" fill="${pal.shade}"/>` +
      `<ellipse cx="4.5" cy="4.5" rx="7" ry="3.4" transform="rotate(45 4.5 4.5)" fill="${pal.light}" stroke="${pal.deep}" stroke-width="1"/>` +
      `<ellipse cx="13.5" cy="13.5" rx="7" ry="3.4" transform="rotate(45 13.5 13.5)" fill="${pal.light}" stroke="${pal.deep}" stroke-width="1"/>` +
      `<ellipse cx="13.5" cy="4.5" rx="7" ry="3.4" transform="rotate(-45 13.5 4.5)" fill="${pal.base}" stroke="${pal.deep}" stroke-width="1"/>` +
      `<ellipse cx="4.5" cy="13.5" rx="7" ry="3.4" transform="rotate(-45 4.5 13.5)" fill="${pal.base}" stroke="${pal.deep}" stroke-width="1"/>`,
  )
}

export function drawBelt(doc, spec) {
  const { pal } = spec
  // A buckled belt seen from above at an angle: an ellipse of strap.
  const ring = "M150,540 A250,150 0 1 1 650,540 A250,150 0 1 1 150,540 Z"
  const tip = "M420,690 L600,662 C618,660 630,668 634,676 C630,688 618,694 600,694 L420,716 Z"
  return (
    `<path d="${ring}" fill="none" stroke="${pal.deep}" stroke-width="64"/>` +
    `<path d="${ring}" fill="none" stroke="${braidFill(doc, pal)}" stroke-width="56"/>` +
    // Inner edge darker: the strap's thickness.
    `<path d="M178,544 A222,122 0 1 1 622,544" fill="none" stroke="${pal.deep}" stroke-width="7" opacity="0.55"/>` +
    // Plain leather tip passing through the buckle, with the keeper loop.
    `<path d="${tip}" fill="${pal.base}" stroke="${pal.deep}" stroke-width="2.5"/>` +
    `<path d="M430,697 L598,676" ${stitchAttrs(pal.stitch, 1.4)}/>` +
    `<circle cx="520" cy="688" r="4" fill="${pal.deep}"/><circle cx="560" cy="683" r="4" fill="${pal.deep}"/>` +
    brandMark(doc, spec.brand, pal, 592, 678, 0.42) +
    `<rect x="454" y="676" width="22" height="54" rx="4" fill="${pal.base}" stroke="${pal.deep}" stroke-width="2.5"/>` +
    // Buckle frame and prong.
    `<rect x="342" y="652" width="92" height="96" rx="16" fill="none" stroke="${GOLD.shade}" stroke-width="14"/>` +
    `<rect x="342" y="652" width="92" height="96" rx="16" fill="none" stroke="${GOLD.base}" stroke-width="9"/>` +
    `<rect x="342" y="652" width="92" height="96" rx="16" fill="none" stroke="${GOLD.light}" stroke-width="2"/>` +
    `<path d="M344,700 H432" stroke="${GOLD.shade}" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M344,700 H430" stroke="${GOLD.light}" stroke-width="2.5" stroke-linecap="round"/>`
  )
}

export function drawScarf(doc, spec) {
  const { pal } = spec
  const rib = textureFill(doc, "rib", pal)
  const knit = textureFill(doc, "knit", pal)
  // Scarf folded in two and hung from its middle: a rounded fold on top and
  // two slightly splayed panels ending in fringes.
  const back = "M408,236 C470,236 520,262 528,320 L546,812 L424,822 L404,330 Z"
  const front = "M398,214 C330,214 284,250 276,310 L262,820 L392,830 L404,320 C404,280 420,250 452,240 C436,226 418,214 398,214 Z"
  const fringe = (x0, x1, y0, y1) => {
    let d = ""
    for (let i = 0; i <= 18; i += 1) {
      const t = i / 18
      const x = x0 + (x1 - x0) * t
      const y = y0 + (y1 - y0) * t
      d += `M${n(x)},${n(y)} l${n((t - 0.5) * 6)},${46 + (i % 3) * 5} `
    }
    return (
      `<path d="${d}" fill="none" stroke="${pal.base}" stroke-width="5" stroke-linecap="round"/>` +
      `<path d="${d}" fill="none" stroke="${pal.shade}" stroke-width="1.4" stroke-linecap="round" opacity="0.7"/>`
    )
  }
  const stripes = (d) => `<path d="${d}" fill="none" stroke="${pal.light}" stroke-width="6" opacity="0.7"/>`
  const shadeBack = linear(
    doc,
    [
      [0, "#000", 0.25],
      [1, "#000", 0.05],
    ],
    { x2: 1, y2: 0 },
  )
  const shadeFront = linear(
    doc,
    [
      [0, "#fff", 0.18],
      [0.6, "#fff", 0],
      [1, "#000", 0.18],
    ],
    { x2: 1, y2: 0 },
  )
  return (
    fringe(424, 546, 822, 812) +
    `<path d="${back}" fill="${pal.base}" stroke="${pal.shade}" stroke-width="2.5"/>` +
    `<path d="${back}" fill="${rib}" opacity="0.55"/><path d="${back}" fill="${shadeBack}"/>` +
    stripes("M423,760 L545,752 M424,776 L545,768") +
    fringe(262, 392, 820, 830) +
    `<path d="${front}" fill="${pal.base}" stroke="${pal.shade}" stroke-width="2.5"/>` +
    `<path d="${front}" fill="${knit}"/><path d="${front}" fill="${rib}" opacity="0.4"/><path d="${front}" fill="${shadeFront}"/>` +
    stripes("M264,768 L393,776 M264,784 L393,792") +
    brandMark(doc, spec.brand, pal, 352, 712, 0.62)
  )
}
