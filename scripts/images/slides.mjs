/** The AI engine slides (1200x900). Part of scripts/generate-images.mjs. */
import { COLOURS, CYAN } from "./palette.mjs"
import { blurFilter, createDoc, linear, n, pattern, radial, shadowFilter } from "./svg.mjs"
import { garment } from "./items.mjs"

/**
 * Cyan detection box with a label tag, in slide coordinates. `place` puts the tag where it meets
 * no other: 'above' or 'below' the box, starting at its left edge, or 'above-end' / 'below-end',
 * ending at its right edge. LABEL_SIZE keeps the tags readable where the
 * slide is shown: the panel draws the 1200-wide slide about 600 px wide on a desktop, so 28 units
 * come out at 14 px (at least 12 px, the smallest text the page uses).
 */
export const LABEL_SIZE = 28
export const MONO_ADVANCE = 0.602 // DejaVu Sans Mono's advance width, in em
export function detectionBox(x, y, w, h, label, place = "above") {
  const c = 14
  const corners =
    `M${n(x)},${n(y + c)} V${n(y)} H${n(x + c)} M${n(x + w - c)},${n(y)} H${n(x + w)} V${n(y + c)} ` +
    `M${n(x + w)},${n(y + h - c)} V${n(y + h)} H${n(x + w - c)} M${n(x + c)},${n(y + h)} H${n(x)} V${n(y + h - c)}`
  const tagH = LABEL_SIZE + 12
  const tagW = label.length * LABEL_SIZE * MONO_ADVANCE + 20
  const tagY = place.startsWith("below") ? y + h + 4 : y - tagH - 4
  const tagX = place.endsWith("-end") ? x + w - tagW : x
  return (
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${CYAN}" fill-opacity="0.08" stroke="${CYAN}" stroke-width="1.6" stroke-opacity="0.85"/>` +
    `<path d="${corners}" fill="none" stroke="#a5f3fc" stroke-width="4"/>` +
    `<rect x="${n(tagX)}" y="${n(tagY)}" width="${n(tagW)}" height="${n(tagH)}" rx="4" fill="${CYAN}"/>` +
    `<text x="${n(tagX + 10)}" y="${n(tagY + tagH - 11)}" font-family="DejaVu Sans Mono, monospace" font-size="${LABEL_SIZE}" font-weight="bold" fill="#082f49">${label}</text>`
  )
}

/** Shared dark "vision" backdrop, scan beam and frame brackets. */
export function slideFrame(doc, content, { scanY, boxes, step }) {
  const bg = radial(
    doc,
    [
      [0, "#24307a"],
      [0.55, "#111845"],
      [1, "#070a22"],
    ],
    { cx: 600, cy: 420, r: 760, user: true },
  )
  const grid = pattern(doc, 40, 40, `<path d="M40,0 H0 V40" fill="none" stroke="#67e8f9" stroke-width="1" opacity="0.09"/>`)
  const beam = linear(doc, [
    [0, CYAN, 0],
    [1, CYAN, 0.28],
  ])
  const glow = blurFilter(doc, 6)
  const L = 56
  const m = 36
  const brackets =
    `M${m},${m + L} V${m} H${m + L} M${1200 - m - L},${m} H${1200 - m} V${m + L} ` +
    `M${1200 - m},${900 - m - L} V${900 - m} H${1200 - m - L} M${m + L},${900 - m} H${m} V${900 - m - L}`
  const progress = 0.2 * step
  return doc.render(
    `<rect width="1200" height="900" fill="${bg}"/>` +
      `<rect width="1200" height="900" fill="${grid}"/>` +
      content +
      `<rect x="0" y="${scanY - 150}" width="1200" height="150" fill="${beam}"/>` +
      `<path d="M0,${scanY} H1200" stroke="${CYAN}" stroke-width="8" opacity="0.6" filter="${glow}"/>` +
      `<path d="M0,${scanY} H1200" stroke="#cffafe" stroke-width="2.5"/>` +
      boxes.map((b) => detectionBox(...b)).join("") +
      `<path d="${brackets}" fill="none" stroke="#67e8f9" stroke-width="4" stroke-linecap="square"/>` +
      // Small HUD: live dot, engine name, progress bar; dark pills keep it
      // legible when a close-up garment fills the frame.
      `<rect x="${m + 8}" y="${m + 70}" width="360" height="44" rx="22" fill="#070a22" opacity="0.55"/>` +
      `<rect x="${1200 - m - 296}" y="${900 - m - 47}" width="252" height="32" rx="16" fill="#070a22" opacity="0.55"/>` +
      `<circle cx="${m + 22}" cy="${m + 92}" r="8" fill="#34d399"/>` +
      `<text x="${m + 36}" y="${m + 101}" font-family="DejaVu Sans Mono, monospace" font-size="${LABEL_SIZE - 2}" fill="#a5f3fc">maxAi vision · ${step}/5</text>` +
      `<rect x="${1200 - m - 280}" y="${900 - m - 34}" width="220" height="6" rx="3" fill="#334155"/>` +
      `<rect x="${1200 - m - 280}" y="${900 - m - 34}" width="${n(220 * progress)}" height="6" rx="3" fill="${CYAN}"/>`,
  )
}

/**
 * Places an 800x1000 garment in the slide with scale s so that design point
 * (fx, fy) lands on slide point (sx, sy); returns a mapper for detection boxes.
 */
export function placeGarment(doc, spec, { s, fx, fy, sx = 600, sy = 450 }) {
  const tx = sx - fx * s
  const ty = sy - fy * s
  const rim = doc.id("rim")
  doc.def(
    `<filter id="${rim}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="10"/>` +
      `<feFlood flood-color="${CYAN}" flood-opacity="0.35"/><feComposite in2="SourceAlpha" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
  )
  const markup = `<g transform="translate(${n(tx)} ${n(ty)}) scale(${s})" filter="url(#${rim})">${garment(doc, spec)}</g>`
  // Box in design coordinates -> slide coordinates.
  const box = (x, y, w, h, label, place) => [tx + x * s, ty + y * s, w * s, h * s, label, place]
  return { markup, box }
}

/** Slide 5: close-up of a composition label sewn inside a wool sweater. */
export function compositionLabel(doc) {
  const pal = COLOURS.laine
  const knit = pattern(
    doc,
    24,
    28,
    `<rect width="24" height="28" fill="${pal.base}"/>` +
      `<path d="M3,4 L12,24 L21,4" fill="none" stroke="${pal.light}" stroke-width="5" stroke-linecap="round"/>` +
      `<path d="M3,4 L12,24 L21,4" fill="none" stroke="${pal.shade}" stroke-width="1.5" opacity="0.6"/>`,
  )
  const satin = linear(
    doc,
    [
      [0, "#ffffff"],
      [0.5, "#f1efe9"],
      [1, "#e2ded4"],
    ],
    { x2: 1, y2: 1 },
  )
  const shadow = shadowFilter(doc, { blur: 12, dy: 14, opacity: 0.45, color: "#000" })
  const careIcons =
    // Wash tub 30°, no bleach, iron one dot, dry-clean circle, no tumble dry.
    `<path d="M0,0 L6,26 H38 L44,0 M0,6 C8,0 14,10 22,4 C30,-2 36,10 44,4" fill="none" stroke="#3b3f4c" stroke-width="3"/>` +
    `<path d="M66,26 L84,-4 L102,26 Z M68,-2 L100,26 M100,-2 L68,26" fill="none" stroke="#3b3f4c" stroke-width="3"/>` +
    `<path d="M124,26 H166 C166,8 156,0 140,0 H132 L128,12 Z" fill="none" stroke="#3b3f4c" stroke-width="3"/><circle cx="146" cy="16" r="3" fill="#3b3f4c"/>` +
    `<circle cx="204" cy="12" r="15" fill="none" stroke="#3b3f4c" stroke-width="3"/>`
  const text = (y, size, str, weight = "normal") =>
    `<text x="190" y="${y}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="${weight}" fill="#2d3140">${str}</text>`
  return {
    markup:
      `<rect width="1200" height="900" fill="${knit}"/>` +
      // Side seam with overlock stitching, where labels are sewn.
      `<path d="M0,238 C400,226 800,250 1200,236" fill="none" stroke="${pal.deep}" stroke-width="30"/>` +
      `<path d="M0,238 C400,226 800,250 1200,236" fill="none" stroke="${pal.stitch}" stroke-width="14" stroke-dasharray="3 4" opacity="0.8"/>` +
      `<g transform="translate(410 230) rotate(-4)" filter="${shadow}">` +
      `<rect x="0" y="0" width="380" height="520" rx="6" fill="${satin}"/>` +
      `<path d="M0,22 H380" stroke="#c9c4b6" stroke-width="2" stroke-dasharray="6 4"/>` +
      text(120, 46, "100 % laine", "bold") +
      text(164, 26, "mérinos extra-fine") +
      `<path d="M60,204 H320" stroke="#c9c4b6" stroke-width="2"/>` +
      text(250, 22, "wool · lana · wolle") +
      `<rect x="80" y="282" width="220" height="10" rx="5" fill="#d5d1c7"/>` +
      `<rect x="110" y="306" width="160" height="10" rx="5" fill="#d5d1c7"/>` +
      `<g transform="translate(82 380)">${careIcons}</g>` +
      `</g>`,
  }
}

/**
 * Slides 1-4 reuse the item illustrations. Boxes are given in the 800x1000
 * design space of the garment: [x, y, w, h, label, tag place (see detectionBox)?].
 */
export const SLIDE_SPECS = [
  {
    spec: { shape: "polo", pal: COLOURS.blanc, brand: "Lacoste", texture: "pique" },
    place: { s: 0.82, fx: 400, fy: 520 },
    scanY: 430,
    boxes: [
      [322, 216, 156, 100, "col · piqué"],
      [432, 350, 72, 34, "logo 98 %"],
      [596, 380, 124, 110, "bord-côte 97 %", "below"],
      [250, 742, 170, 62, "coutures 99 %", "below"],
    ],
  },
  {
    spec: { shape: "shirt", pal: COLOURS.ciel, brand: "Ralph Lauren", texture: "oxford" },
    place: { s: 0.8, fx: 400, fy: 520 },
    scanY: 520,
    boxes: [
      [312, 210, 176, 124, "col boutonné"],
      [428, 318, 94, 156, "logo · poche", "below"],
      [378, 560, 44, 170, "boutons 97 %", "above-end"],
      [590, 600, 110, 100, "tissage oxford", "below"],
    ],
  },
  {
    spec: { shape: "sweater", pal: COLOURS.creme, brand: "Ralph Lauren", texture: "knit", neck: "crew", cable: true },
    place: { s: 1.9, fx: 400, fy: 400 },
    scanY: 600,
    boxes: [
      [318, 202, 164, 80, "côtes du col", "below"],
      [256, 300, 64, 220, "torsade 96 %", "below"],
      [440, 326, 60, 66, "logo"],
    ],
  },
  {
    spec: { shape: "bucket", pal: COLOURS.camel, brand: "Lancaster" },
    place: { s: 0.9, fx: 400, fy: 520 },
    scanY: 560,
    boxes: [
      [494, 430, 48, 54, "ferrure"],
      [296, 462, 208, 42, "œillets", "below"],
      [348, 654, 104, 72, "plaque L 99 %"],
      [470, 748, 110, 70, "coutures"],
    ],
  },
]

export function slideSvg(index) {
  const doc = createDoc(1200, 900)
  if (index < SLIDE_SPECS.length) {
    const s = SLIDE_SPECS[index]
    const placed = placeGarment(doc, s.spec, s.place)
    return slideFrame(doc, placed.markup, {
      scanY: s.scanY,
      step: index + 1,
      boxes: s.boxes.map((b) => placed.box(...b)),
    })
  }
  return slideFrame(doc, compositionLabel(doc).markup, {
    scanY: 470,
    step: 5,
    boxes: [
      [440, 276, 320, 130, "composition 100 %"],
      [500, 566, 260, 86, "entretien"],
      [60, 200, 300, 76, "couture overlock", "below"],
    ],
  })
}
