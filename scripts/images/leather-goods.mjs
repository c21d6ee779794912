/** Leather goods: bucket bag, clutch. Part of scripts/generate-images.mjs. */
import { GOLD } from "./palette.mjs"
import { CX, linear, n, stitchAttrs } from "./svg.mjs"
import { plateMark } from "./brand-marks.mjs"

/** Cylindrical shading: dark edges, soft highlight left of centre. */
export function cylinderShade(doc, x1, x2) {
  return linear(
    doc,
    [
      [0, "#000000", 0.28],
      [0.3, "#ffffff", 0.16],
      [0.45, "#ffffff", 0.05],
      [0.8, "#000000", 0.1],
      [1, "#000000", 0.3],
    ],
    { x1, y1: 0, x2, y2: 0, user: true },
  )
}

export function drawBucketBag(doc, spec) {
  const { pal } = spec
  const body = "M252,430 C240,560 230,700 238,792 C300,836 500,836 562,792 C570,700 560,560 548,430 Z"
  const leather = linear(doc, [
    [0, pal.light],
    [1, pal.base],
  ])
  // Eyelets along the cinched drawstring line.
  const eyelets = [-0.85, -0.55, -0.25, 0.25, 0.55, 0.85]
    .map((t) => {
      const x = CX + t * 146
      const y = 468 + (1 - t * t) * 24
      return `<circle cx="${n(x)}" cy="${n(y)}" r="7" fill="${GOLD.base}" stroke="${GOLD.deep}" stroke-width="1.5"/><circle cx="${n(x)}" cy="${n(y)}" r="3" fill="${pal.deep}"/>`
    })
    .join("")
  const strap = "M282,452 C270,330 320,200 400,196 C480,200 530,330 518,452"
  return (
    // Strap behind the body, with its own stitch line.
    `<path d="${strap}" fill="none" stroke="${pal.shade}" stroke-width="30" stroke-linecap="round"/>` +
    `<path d="${strap}" fill="none" stroke="${pal.base}" stroke-width="23" stroke-linecap="round"/>` +
    `<path d="${strap}" ${stitchAttrs(pal.stitch, 1.6)}/>` +
    `<path d="${body}" fill="${leather}" stroke="${pal.shade}" stroke-width="3"/>` +
    `<path d="${body}" fill="${cylinderShade(doc, 236, 564)}"/>` +
    // Opening: dark inside, rolled rim.
    `<ellipse cx="400" cy="432" rx="148" ry="30" fill="${pal.deep}"/>` +
    `<ellipse cx="400" cy="432" rx="148" ry="30" fill="none" stroke="${pal.shade}" stroke-width="6"/>` +
    `<path d="M256,440 C300,500 500,500 544,440" ${stitchAttrs(pal.stitch, 1.6)}/>` +
    // Drawstring with hanging ends.
    `<path d="M262,468 C300,510 500,510 538,468" fill="none" stroke="${pal.deep}" stroke-width="7" stroke-linecap="round"/>` +
    eyelets +
    `<path d="M396,492 C388,530 380,560 376,598 M404,492 C412,530 420,560 424,598" fill="none" stroke="${pal.deep}" stroke-width="7" stroke-linecap="round"/>` +
    `<rect x="368" y="596" width="16" height="26" rx="4" fill="${GOLD.base}" stroke="${GOLD.deep}" stroke-width="1.5"/>` +
    `<rect x="416" y="596" width="16" height="26" rx="4" fill="${GOLD.base}" stroke="${GOLD.deep}" stroke-width="1.5"/>` +
    // Base seam and side panel seams.
    `<path d="M244,760 C300,800 500,800 556,760" ${stitchAttrs(pal.stitch, 1.8)}/>` +
    `<path d="M244,760 C300,800 500,800 556,760" fill="none" stroke="${pal.shade}" stroke-width="2" transform="translate(0 8)"/>` +
    // D-rings where the strap meets the body.
    `<rect x="268" y="440" width="28" height="34" rx="8" fill="none" stroke="${GOLD.base}" stroke-width="7"/>` +
    `<rect x="504" y="440" width="28" height="34" rx="8" fill="none" stroke="${GOLD.base}" stroke-width="7"/>` +
    `<rect x="268" y="440" width="28" height="34" rx="8" fill="none" stroke="${GOLD.light}" stroke-width="2"/>` +
    `<rect x="504" y="440" width="28" height="34" rx="8" fill="none" stroke="${GOLD.light}" stroke-width="2"/>` +
    plateMark(doc, CX, 690, 1.6)
  )
}

export function drawClutch(doc, spec) {
  const { pal } = spec
  const leather = linear(
    doc,
    [
      [0, pal.light],
      [0.6, pal.base],
      [1, pal.shade],
    ],
    { x2: 0.4, y2: 1 },
  )
  const flapFill = linear(
    doc,
    [
      [0, pal.light],
      [1, pal.base],
    ],
    { x2: 0.3, y2: 1 },
  )
  const flap = "M170,420 Q170,392 198,392 L602,392 Q630,392 630,420 L630,478 C560,540 470,574 400,580 C330,574 240,540 170,478 Z"
  const sheen = linear(
    doc,
    [
      [0, "#ffffff", 0.22],
      [0.4, "#ffffff", 0],
    ],
    { x2: 0.6, y2: 1 },
  )
  return (
    // Wrist strap loop on the left, behind the body.
    `<path d="M182,470 C96,490 86,640 150,700 C186,732 214,690 196,640" fill="none" stroke="${pal.shade}" stroke-width="18" stroke-linecap="round"/>` +
    `<path d="M182,470 C96,490 86,640 150,700 C186,732 214,690 196,640" fill="none" stroke="${pal.light}" stroke-width="4" opacity="0.5"/>` +
    `<rect x="170" y="392" width="460" height="300" rx="26" fill="${leather}" stroke="${pal.deep}" stroke-width="3"/>` +
    `<rect x="182" y="404" width="436" height="276" rx="18" ${stitchAttrs(pal.stitch, 1.6)}/>` +
    `<path d="${flap}" fill="${flapFill}" stroke="${pal.deep}" stroke-width="3"/>` +
    `<path d="${flap}" fill="${sheen}"/>` +
    `<path d="M184,474 C250,528 334,562 400,566 C466,562 550,528 616,474" ${stitchAttrs(pal.stitch, 1.6)}/>` +
    `<circle cx="176" cy="470" r="12" fill="none" stroke="${GOLD.base}" stroke-width="5"/>` +
    plateMark(doc, CX, 548, 1.35)
  )
}
