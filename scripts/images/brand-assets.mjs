/** Brand assets: icon, shop avatars, OG image. Part of scripts/generate-images.mjs. */
import { COLOURS, INDIGO, VIOLET } from "./palette.mjs"
import { clip, createDoc, linear, n, radial, shadowFilter } from "./svg.mjs"
import { garment } from "./items.mjs"

/** Stylised lower-case "m" in a 100x100 box, drawn as a rounded stroke. */
export const M_PATH = "M24,76 V48 C24,37 30,31 38,31 C46,31 51,37 51,46 V76 M51,46 C51,37 56,31 64,31 C72,31 77,37 77,48 V76"

/** Four-point sparkle centred on (0,0) with radius 1. */
export const SPARKLE = "M0,-1 C0.12,-0.22 0.22,-0.12 1,0 C0.22,0.12 0.12,0.22 0,1 C-0.12,0.22 -0.22,0.12 -1,0 C-0.22,-0.12 -0.12,-0.22 0,-1 Z"

export function sparkle(x, y, r, fill = "#ffffff", opacity = 1) {
  return `<path d="${SPARKLE}" transform="translate(${n(x)} ${n(y)}) scale(${r})" fill="${fill}" opacity="${opacity}"/>`
}

/** "m" monogram sized to `size`, top-left at (x, y); stroke width in box units. */
export function monogram(x, y, size, stroke = 13, colour = "#ffffff") {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n(size / 100)})">` +
    `<path d="${M_PATH}" fill="none" stroke="${colour}" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round"/></g>`
  )
}

export function iconSvg() {
  const doc = createDoc(512, 512)
  const bg = linear(
    doc,
    [
      [0, INDIGO],
      [1, VIOLET],
    ],
    { x2: 1, y2: 1 },
  )
  const shine = linear(doc, [
    [0, "#ffffff", 0.22],
    [0.5, "#ffffff", 0],
  ])
  const drop = shadowFilter(doc, { blur: 8, dy: 8, opacity: 0.3, color: "#1e1b4b" })
  return doc.render(
    `<rect width="512" height="512" rx="112" fill="${bg}"/>` +
      `<rect width="512" height="512" rx="112" fill="${shine}"/>` +
      `<g filter="${drop}">${monogram(76, 96, 360, 13)}${sparkle(392, 132, 46)}</g>` +
      sparkle(346, 84, 16, "#ffffff", 0.8),
  )
}

export const AVATAR_STYLES = {
  // Officiel: the site's indigo -> violet, single sparkle.
  officiel: { from: "#4f46e5", to: "#7c3aed", accent: "#c7d2fe" },
  // Premium: warm amber -> rose, inset ring and a cluster of sparkles.
  premium: { from: "#f59e0b", to: "#e11d48", accent: "#fde68a" },
}

export function avatarSvg(shop) {
  const premium = /premium/i.test(shop.id)
  const st = premium ? AVATAR_STYLES.premium : AVATAR_STYLES.officiel
  const doc = createDoc(256, 256)
  const bg = linear(
    doc,
    [
      [0, st.from],
      [1, st.to],
    ],
    { x2: 1, y2: 1 },
  )
  const glow = radial(
    doc,
    [
      [0, "#ffffff", 0.28],
      [1, "#ffffff", 0],
    ],
    { cx: 0.3, cy: 0.25, r: 0.7 },
  )
  const drop = shadowFilter(doc, { blur: 4, dy: 4, opacity: 0.28, color: "#1e1b4b" })
  // Inset ring stays inside the circle a round crop would keep.
  const ring = premium ? `<circle cx="128" cy="128" r="104" fill="none" stroke="${st.accent}" stroke-width="4" opacity="0.85"/>` : ""
  const sparkles = premium ? sparkle(178, 74, 17) + sparkle(200, 104, 8, st.accent) + sparkle(160, 56, 6, st.accent) : sparkle(180, 76, 18)
  return doc.render(
    `<rect width="256" height="256" fill="${bg}"/>` +
      `<rect width="256" height="256" fill="${glow}"/>` +
      ring +
      `<g filter="${drop}">${monogram(50, 58, 156, premium ? 12 : 14)}${sparkles}</g>`,
  )
}

export function ogSvg() {
  const doc = createDoc(1200, 630)
  const bg = linear(
    doc,
    [
      [0, INDIGO],
      [1, VIOLET],
    ],
    { x2: 1, y2: 1 },
  )
  const glow = radial(
    doc,
    [
      [0, "#ffffff", 0.2],
      [1, "#ffffff", 0],
    ],
    { cx: 900, cy: 300, r: 420, user: true },
  )
  const card = shadowFilter(doc, { blur: 14, dy: 14, opacity: 0.35, color: "#1e1b4b" })
  /**
   * Product card: a real item illustration, scaled so the garment's bounding
   * area (~700x700 design units around (400, 520)) fits, clipped to the card.
   */
  const tile = (x, y, w, h, rot, spec, bgBottom) => {
    const s = Math.min(w, h) / 720
    const tileBg = linear(doc, [
      [0, "#ffffff"],
      [1, bgBottom],
    ])
    const cp = clip(doc, `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="22"/>`)
    return (
      `<g transform="translate(${x} ${y}) rotate(${rot})">` +
      `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="22" fill="${tileBg}" filter="${card}"/>` +
      `<g clip-path="${cp}"><g transform="translate(${n(-400 * s)} ${n(-530 * s)}) scale(${n(s * 1000) / 1000})">${garment(doc, spec)}</g></g></g>`
    )
  }
  return doc.render(
    `<rect width="1200" height="630" fill="${bg}"/>` +
      `<rect width="1200" height="630" fill="${glow}"/>` +
      tile(1060, 350, 220, 280, 8, { shape: "bucket", pal: COLOURS.camel, brand: "Lancaster" }, "#f3e6df") +
      tile(790, 360, 220, 280, -7, { shape: "shirt", pal: COLOURS.ciel, brand: "Ralph Lauren", texture: "oxford" }, "#efe6d6") +
      tile(925, 300, 250, 310, 0, { shape: "polo", pal: COLOURS.rouge, brand: "Tommy Hilfiger", texture: "pique" }, "#e3e8f2") +
      sparkle(700, 110, 22) +
      sparkle(1140, 96, 14, "#ffffff", 0.8) +
      // Mini app icon next to the wordmark.
      `<rect x="80" y="92" width="96" height="96" rx="24" fill="#ffffff"/>` +
      monogram(84, 96, 88, 13, INDIGO) +
      `<text x="200" y="172" font-family="DejaVu Sans, sans-serif" font-size="84" font-weight="bold" fill="#ffffff" letter-spacing="-2">maxAi</text>` +
      `<text font-family="DejaVu Sans, sans-serif" font-size="40" font-weight="bold" fill="#ffffff">` +
      `<tspan x="80" y="300">Vêtements de marque</tspan><tspan x="80" y="352">de seconde main</tspan>` +
      `<tspan x="80" y="404">authentifiés par IA</tspan></text>` +
      `<text x="80" y="490" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#e0e7ff">Lacoste · Ralph Lauren · Tommy Hilfiger · Lancaster</text>`,
  )
}
