#!/usr/bin/env node
/**
 * Generates every raster image the site ships with, from SVG built in code.
 *
 *   node scripts/generate-images.mjs      (or: npm run images)
 *
 * Why generated instead of photographed: the catalogue is a demo, we own no
 * product photos, and we must not copy brand trademarks. Flat illustrations
 * drawn from the content files keep the images consistent with the JSON
 * (title colour, category, brand) and let anyone regenerate them.
 *
 * Outputs (paths come from the content JSON, so renaming there is enough):
 *   content/<sold-items[].image>   800x1000 JPEG  one illustration per item
 *   content/<engine.slides[].image> 1200x900 JPEG "AI scan" slides
 *   content/<shops[].avatar>        256x256 PNG   shop avatars
 *   content/images/icon.png         512x512 PNG   manifest icon
 *   static/og-image.png             1200x630 PNG  social share image
 *
 * It never overwrites a file: an existing path may be a real photo an editor
 * put there. Only missing images are created. `--regenerate` redraws the
 * existing ones too, and lists each file it replaces before writing it:
 *
 *   npm run images -- --regenerate
 *
 * The drawing is deterministic (no randomness at all): with the same sharp
 * version, a regenerated placeholder is byte-identical to the previous one.
 */
import { access, mkdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import sharp from "sharp"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const CONTENT = path.join(ROOT, "content")

/* ------------------------------------------------------------------------ */
/* Colour tables                                                             */
/* ------------------------------------------------------------------------ */

/**
 * Fabric / leather palettes, keyed by the colour words used in item titles.
 * base = flat fill, light = highlights, shade = outlines and folds,
 * deep = inside of collars/bags, stitch = visible top-stitching.
 */
const COLOURS = {
  blanc: { base: "#f7f6f1", light: "#ffffff", shade: "#d6d1c6", deep: "#bdb6a8", stitch: "#cbc5b8" },
  marine: { base: "#243259", light: "#34477b", shade: "#18213f", deep: "#0e152b", stitch: "#4a5d93" },
  rouge: { base: "#c62a33", light: "#de4a50", shade: "#9c1d25", deep: "#721219", stitch: "#e6767a" },
  vert: { base: "#1f5b40", light: "#2c7753", shade: "#15412d", deep: "#0d2b1e", stitch: "#4a9a72" },
  ciel: { base: "#abcdea", light: "#cfe4f6", shade: "#86acd0", deep: "#6790b8", stitch: "#8fb5d8" },
  creme: { base: "#efe5cf", light: "#fbf6ea", shade: "#d3c3a0", deep: "#b5a37c", stitch: "#d9cba9" },
  camel: { base: "#c28b4f", light: "#dcaa70", shade: "#986638", deep: "#5e3a1e", stitch: "#f1d7ad" },
  noir: { base: "#2b2b31", light: "#505059", shade: "#18181c", deep: "#0b0b0d", stitch: "#6a6a74" },
  bordeaux: { base: "#701c2f", light: "#912f46", shade: "#4f1120", deep: "#330a14", stitch: "#a9506a" },
  cognac: { base: "#8f5c2d", light: "#b57e45", shade: "#66401e", deep: "#442912", stitch: "#d9ab74" },
  laine: { base: "#5d6478", light: "#737b92", shade: "#474d5e", deep: "#33384a", stitch: "#8a91a6" },
}

/** Metal hardware (buckles, rings, eyelets, monogram plates). */
const GOLD = { light: "#f6e2a4", base: "#d6ad57", shade: "#9d7428", deep: "#6e4f15" }

/** Title words -> palette key. Order matters: "bleu ciel" before "marine". */
const COLOUR_WORDS = [
  [/carreaux/i, "carreaux"],
  [/bleu ciel/i, "ciel"],
  [/marine/i, "marine"],
  [/vert/i, "vert"],
  [/rouge/i, "rouge"],
  [/blanc/i, "blanc"],
  [/crème|creme/i, "creme"],
  [/camel/i, "camel"],
  [/noir/i, "noir"],
  [/bordeaux/i, "bordeaux"],
]

/** Garment shape from title words, falling back on the category. */
const SHAPE_WORDS = [
  [/polo/i, "polo"],
  [/chemise/i, "shirt"],
  [/pull/i, "sweater"],
  [/sac/i, "bucket"],
  [/pochette/i, "clutch"],
  [/casquette/i, "cap"],
  [/ceinture/i, "belt"],
  [/écharpe|echarpe/i, "scarf"],
]
const CATEGORY_SHAPES = { Polo: "polo", Chemise: "shirt", Pull: "sweater", Maroquinerie: "clutch", Accessoires: "cap" }

/** Colour used when the title names none (e.g. "Casquette logo crocodile"). */
const DEFAULT_COLOUR = { cap: "marine", belt: "cognac", bucket: "camel", clutch: "noir" }

/**
 * Where the soft contact shadow sits under each shape ([y, half-width]):
 * small accessories end higher on the canvas than a full top.
 */
const GROUND = {
  polo: [818, 240],
  shirt: [836, 240],
  sweater: [822, 250],
  bucket: [838, 200],
  clutch: [712, 250],
  cap: [748, 260],
  belt: [760, 250],
  scarf: [884, 180],
}

/** Studio backdrop per brand: a faint tint so a grid of items feels varied. */
const BRAND_BACKDROPS = {
  Lacoste: ["#eef3ec", "#d3dfd1"],
  "Ralph Lauren": ["#f4efe6", "#ddd1bd"],
  "Tommy Hilfiger": ["#eef1f7", "#d0d8e6"],
  Lancaster: ["#f6eeea", "#e3cfc5"],
}

/** Site brand colours (indigo -> violet) reused by icon, avatar and OG image. */
const INDIGO = "#4338ca"
const VIOLET = "#7c3aed"
const CYAN = "#22d3ee"

/* ------------------------------------------------------------------------ */
/* Small SVG helpers                                                         */
/* ------------------------------------------------------------------------ */

/** Rounds coordinates so the SVG stays short and stable between runs. */
const n = (v) => String(Math.round(v * 10) / 10)

/**
 * One SVG document: collects <defs> and hands out unique ids so shape
 * functions can declare their own gradients/patterns without clashes.
 */
function createDoc(width, height) {
  const defs = []
  let counter = 0
  return {
    width,
    height,
    id(prefix) {
      counter += 1
      return `${prefix}${counter}`
    },
    def(markup) {
      defs.push(markup)
    },
    render(body) {
      return (
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
        `viewBox="0 0 ${width} ${height}"><defs>${defs.join("")}</defs>${body}</svg>`
      )
    },
  }
}

/** stops: [[offset, colour, opacity?], ...]; returns "url(#id)". */
function linear(doc, stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false } = {}) {
  const id = doc.id("lg")
  const units = user ? ' gradientUnits="userSpaceOnUse"' : ""
  doc.def(
    `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${units}>` +
      stops.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join("") +
      `</linearGradient>`,
  )
  return `url(#${id})`
}

function radial(doc, stops, { cx = 0.5, cy = 0.5, r = 0.5, user = false } = {}) {
  const id = doc.id("rg")
  const units = user ? ' gradientUnits="userSpaceOnUse"' : ""
  doc.def(
    `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${units}>` +
      stops.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join("") +
      `</radialGradient>`,
  )
  return `url(#${id})`
}

/** Soft drop shadow, the main cue that sells the "studio photo" look. */
function shadowFilter(doc, { blur = 16, dy = 18, opacity = 0.3, color = "#1d1b33" } = {}) {
  const id = doc.id("sh")
  doc.def(
    `<filter id="${id}" x="-25%" y="-25%" width="150%" height="150%">` +
      `<feGaussianBlur in="SourceAlpha" stdDeviation="${blur}"/>` +
      `<feOffset dx="0" dy="${dy}" result="b"/>` +
      `<feFlood flood-color="${color}" flood-opacity="${opacity}"/>` +
      `<feComposite in2="b" operator="in"/>` +
      `<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
  )
  return `url(#${id})`
}

function blurFilter(doc, std) {
  const id = doc.id("bl")
  doc.def(`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${std}"/></filter>`)
  return `url(#${id})`
}

function clip(doc, markup) {
  const id = doc.id("cp")
  doc.def(`<clipPath id="${id}">${markup}</clipPath>`)
  return `url(#${id})`
}

function pattern(doc, w, h, content, transform = "") {
  const id = doc.id("pt")
  const t = transform ? ` patternTransform="${transform}"` : ""
  doc.def(`<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${t}>${content}</pattern>`)
  return `url(#${id})`
}

/** Mirror around the vertical axis x = cx (garments are symmetric). */
const mirror = (cx) => `matrix(-1 0 0 1 ${2 * cx} 0)`

const stitchAttrs = (colour, width = 2) => `fill="none" stroke="${colour}" stroke-width="${width}" stroke-dasharray="7 5" stroke-linecap="round"`

function isDark(hex) {
  const v = parseInt(hex.slice(1), 16)
  const lum = (0.299 * (v >> 16) + 0.587 * ((v >> 8) & 255) + 0.114 * (v & 255)) / 255
  return lum < 0.45
}

/* ------------------------------------------------------------------------ */
/* Fabric fills and textures                                                 */
/* ------------------------------------------------------------------------ */

/** Red and navy tartan-like check ("chemise à carreaux rouge et marine"). */
function checkFill(doc) {
  const navy = COLOURS.marine.base
  return pattern(
    doc,
    72,
    72,
    `<rect width="72" height="72" fill="${COLOURS.rouge.base}"/>` +
      `<rect y="24" width="72" height="24" fill="${navy}" opacity="0.72"/>` +
      `<rect x="24" width="24" height="72" fill="${navy}" opacity="0.72"/>` +
      `<rect y="59" width="72" height="2" fill="#fff" opacity="0.55"/>` +
      `<rect x="59" width="2" height="72" fill="#fff" opacity="0.55"/>` +
      `<rect y="8" width="72" height="3" fill="${navy}" opacity="0.5"/>` +
      `<rect x="8" width="3" height="72" fill="${navy}" opacity="0.5"/>`,
  )
}

function fabricFill(doc, pal) {
  return pal.pattern === "check" ? checkFill(doc) : pal.base
}

/**
 * Fine weave textures, drawn at low opacity on top of the flat fill. They are
 * what makes a flat shape read as piqué, Oxford cloth or knit.
 */
function textureFill(doc, kind, pal) {
  switch (kind) {
    case "pique":
      return pattern(doc, 7, 7, `<circle cx="3.5" cy="3.5" r="1.3" fill="${pal.shade}" opacity="0.45"/>`)
    case "oxford":
      return pattern(
        doc,
        6,
        6,
        `<rect width="3" height="3" fill="${pal.light}" opacity="0.45"/><rect x="3" y="3" width="3" height="3" fill="${pal.light}" opacity="0.45"/>`,
      )
    case "knit":
      return pattern(doc, 12, 14, `<path d="M1.5,2 L6,12 L10.5,2" fill="none" stroke="${pal.shade}" stroke-width="1.6" opacity="0.5"/>`)
    case "rib":
      return pattern(doc, 8, 8, `<rect width="8" height="8" fill="${pal.base}"/><rect x="5" width="3" height="8" fill="${pal.shade}" opacity="0.75"/>`)
    default:
      return "none"
  }
}

/* ------------------------------------------------------------------------ */
/* Brand marks: evocative, never the real trademark                          */
/* ------------------------------------------------------------------------ */

/** Small crocodile-ish reptile, facing right with an open jaw (Lacoste-like). */
function crocMark(x, y, s, colour = "#2f8f46") {
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
function ponyMark(x, y, s, colour = "#1c2a55") {
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
function flagMark(x, y, s) {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${s})">` +
    `<rect x="-22" y="-12" width="44" height="24" rx="1.5" fill="#1c2a55"/>` +
    `<rect x="-19" y="-9" width="19" height="18" fill="#ffffff"/>` +
    `<rect x="0" y="-9" width="19" height="18" fill="#cc2231"/></g>`
  )
}

/** Gold plate with an engraved "L" monogram (Lancaster-like hardware). */
function plateMark(doc, x, y, s) {
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
const CHEST_MARK_SCALE = { Lacoste: 0.6, "Ralph Lauren": 0.75, "Tommy Hilfiger": 0.7 }

/** Picks the mark for a brand, in a colour that contrasts with the fabric. */
function brandMark(doc, brand, pal, x, y, s = 1) {
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

/* ------------------------------------------------------------------------ */
/* Tops: polo, shirt, sweater (800x1000 canvas, centre line x = 400)         */
/* ------------------------------------------------------------------------ */

const CX = 400

/**
 * Sleeves are drawn in a local frame (pointing down +y from the shoulder),
 * then rotated into place. That keeps hems, cuffs and cables trivially
 * perpendicular to the sleeve, and the right sleeve is just a mirror.
 *
 * `reach` is how far the sleeve's outer top corner sits beyond the body's
 * shoulder point, measured along the shoulder slope: putting the corner on
 * that line makes shoulder and sleeve read as one continuous seam.
 */
const SLEEVES = {
  short: { reach: 64, angle: 38, len: 180, top: 66, end: 56 },
  long: { reach: 62, angle: 16, len: 440, top: 62, end: 44 },
}

/** Body shoulder point and neck point (see bodyOutline). */
const SHOULDER = [258, 262]
const NECK = [336, 232]

/** Local frame origin (anchor) of a sleeve, derived from the shoulder line. */
function sleeveAnchor({ reach, angle, top }) {
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
function sleeveOutline(geo) {
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

function drawSleeve(doc, spec, geo, side) {
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
function bodyOutline(shape) {
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
function cableColumn(cx, y0, y1, pal, w = 34, seg = 48) {
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

function button(x, y, r, pal) {
  const fill = isDark(pal.base) ? "#e9e6df" : "#fbfaf6"
  return (
    `<circle cx="${n(x)}" cy="${n(y)}" r="${r}" fill="${fill}" stroke="${pal.deep}" stroke-width="1.5"/>` +
    `<circle cx="${n(x - r * 0.3)}" cy="${n(y)}" r="${n(r * 0.18)}" fill="${pal.deep}"/>` +
    `<circle cx="${n(x + r * 0.3)}" cy="${n(y)}" r="${n(r * 0.18)}" fill="${pal.deep}"/>`
  )
}

/** Relaxed fabric folds: blurred strokes clipped to the body. */
function folds(doc, pal, lines) {
  const f = blurFilter(doc, 5)
  return lines
    .map(
      (d, i) =>
        `<path d="${d}" fill="none" stroke="${i % 2 ? pal.light : pal.shade}" stroke-width="${i % 2 ? 5 : 8}" ` +
        `stroke-linecap="round" opacity="${i % 2 ? 0.5 : 0.55}" filter="${f}"/>`,
    )
    .join("")
}

function poloCollar(doc, pal) {
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

function shirtCollar(doc, pal) {
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
function knitNeck(doc, pal, neck) {
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

function drawTop(doc, spec) {
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

/* ------------------------------------------------------------------------ */
/* Leather goods                                                             */
/* ------------------------------------------------------------------------ */

/** Cylindrical shading: dark edges, soft highlight left of centre. */
function cylinderShade(doc, x1, x2) {
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

function drawBucketBag(doc, spec) {
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

function drawClutch(doc, spec) {
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

/* ------------------------------------------------------------------------ */
/* Accessories                                                               */
/* ------------------------------------------------------------------------ */

/**
 * Baseball cap in three-quarter view: dome on the left, front panel facing
 * right, visor sticking out towards the viewer's right. A straight-on front
 * view reads as a helmet, so the visor must break the silhouette.
 */
function drawCap(doc, spec) {
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
function braidFill(doc, pal) {
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

function drawBelt(doc, spec) {
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

function drawScarf(doc, spec) {
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

/* ------------------------------------------------------------------------ */
/* Item illustrations                                                        */
/* ------------------------------------------------------------------------ */

function specFromItem(item) {
  const shape = SHAPE_WORDS.find(([re]) => re.test(item.title))?.[1] ?? CATEGORY_SHAPES[item.category] ?? "polo"
  const colourKey = COLOUR_WORDS.find(([re]) => re.test(item.title))?.[1] ?? DEFAULT_COLOUR[shape] ?? "blanc"
  const pal = colourKey === "carreaux" ? { ...COLOURS.rouge, pattern: "check" } : COLOURS[colourKey]
  const title = item.title.toLowerCase()
  return {
    shape,
    pal,
    brand: item.brand,
    neck: /col v/.test(title) ? "v" : "crew",
    cable: /torsad/.test(title),
    // Polos are piqué, Oxford shirts have a basket weave, pulls are knitted.
    texture: shape === "polo" || /piqué|pique/.test(title) ? "pique" : /oxford/.test(title) ? "oxford" : shape === "sweater" ? "knit" : null,
  }
}

const DRAWERS = {
  polo: drawTop,
  shirt: drawTop,
  sweater: drawTop,
  bucket: drawBucketBag,
  clutch: drawClutch,
  cap: drawCap,
  belt: drawBelt,
  scarf: drawScarf,
}

/** The garment alone, in the 800x1000 design space. */
function garment(doc, spec) {
  return DRAWERS[spec.shape](doc, spec)
}

function itemSvg(item) {
  const doc = createDoc(800, 1000)
  const spec = specFromItem(item)
  const [top, bottom] = BRAND_BACKDROPS[item.brand] ?? ["#f1f1f4", "#d9d9e2"]
  const backdrop = linear(doc, [
    [0, top],
    [1, bottom],
  ])
  const glow = radial(
    doc,
    [
      [0, "#ffffff", 0.75],
      [1, "#ffffff", 0],
    ],
    { cx: 400, cy: 470, r: 430, user: true },
  )
  const vignette = radial(
    doc,
    [
      [0.55, "#000", 0],
      [1, "#000", 0.14],
    ],
    { cx: 400, cy: 500, r: 640, user: true },
  )
  const contact = blurFilter(doc, 18)
  const [groundY, groundW] = GROUND[spec.shape]
  return doc.render(
    `<rect width="800" height="1000" fill="${backdrop}"/>` +
      `<rect width="800" height="1000" fill="${glow}"/>` +
      // Contact shadow grounding the piece on the "table".
      `<ellipse cx="400" cy="${groundY}" rx="${groundW}" ry="24" fill="#1d1b33" opacity="0.16" filter="${contact}"/>` +
      `<g filter="${shadowFilter(doc)}">${garment(doc, spec)}</g>` +
      `<rect width="800" height="1000" fill="${vignette}"/>`,
  )
}

/* ------------------------------------------------------------------------ */
/* AI engine slides (1200x900)                                               */
/* ------------------------------------------------------------------------ */

/**
 * Cyan detection box with a label tag, in slide coordinates. `place` puts the tag where it meets
 * no other: 'above' or 'below' the box, starting at its left edge, or 'above-end' / 'below-end',
 * ending at its right edge. LABEL_SIZE keeps the tags readable where the
 * slide is shown: the panel draws the 1200-wide slide about 600 px wide on a desktop, so 28 units
 * come out at 14 px (at least 12 px, the smallest text the page uses).
 */
const LABEL_SIZE = 28
const MONO_ADVANCE = 0.602 // DejaVu Sans Mono's advance width, in em
function detectionBox(x, y, w, h, label, place = "above") {
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
function slideFrame(doc, content, { scanY, boxes, step }) {
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
function placeGarment(doc, spec, { s, fx, fy, sx = 600, sy = 450 }) {
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
function compositionLabel(doc) {
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
const SLIDE_SPECS = [
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

function slideSvg(index) {
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

/* ------------------------------------------------------------------------ */
/* Brand assets: icon, shop avatars, OG image                                */
/* ------------------------------------------------------------------------ */

/** Stylised lower-case "m" in a 100x100 box, drawn as a rounded stroke. */
const M_PATH = "M24,76 V48 C24,37 30,31 38,31 C46,31 51,37 51,46 V76 M51,46 C51,37 56,31 64,31 C72,31 77,37 77,48 V76"

/** Four-point sparkle centred on (0,0) with radius 1. */
const SPARKLE = "M0,-1 C0.12,-0.22 0.22,-0.12 1,0 C0.22,0.12 0.12,0.22 0,1 C-0.12,0.22 -0.22,0.12 -1,0 C-0.22,-0.12 -0.12,-0.22 0,-1 Z"

function sparkle(x, y, r, fill = "#ffffff", opacity = 1) {
  return `<path d="${SPARKLE}" transform="translate(${n(x)} ${n(y)}) scale(${r})" fill="${fill}" opacity="${opacity}"/>`
}

/** "m" monogram sized to `size`, top-left at (x, y); stroke width in box units. */
function monogram(x, y, size, stroke = 13, colour = "#ffffff") {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n(size / 100)})">` +
    `<path d="${M_PATH}" fill="none" stroke="${colour}" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round"/></g>`
  )
}

function iconSvg() {
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

const AVATAR_STYLES = {
  // Officiel: the site's indigo -> violet, single sparkle.
  officiel: { from: "#4f46e5", to: "#7c3aed", accent: "#c7d2fe" },
  // Premium: warm amber -> rose, inset ring and a cluster of sparkles.
  premium: { from: "#f59e0b", to: "#e11d48", accent: "#fde68a" },
}

function avatarSvg(shop) {
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

function ogSvg() {
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

/* ------------------------------------------------------------------------ */
/* Output                                                                    */
/* ------------------------------------------------------------------------ */

const REGENERATE = process.argv.includes("--regenerate")
const counts = { created: 0, replaced: 0, kept: 0 }

async function exists(file) {
  return access(file).then(
    () => true,
    () => false,
  )
}

async function write(relPath, svg, format) {
  const file = path.join(ROOT, relPath)
  const present = await exists(file)
  if (present && !REGENERATE) {
    counts.kept += 1
    return
  }
  await mkdir(path.dirname(file), { recursive: true })
  const img = sharp(Buffer.from(svg))
  const buf =
    format === "jpeg"
      ? await img.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true }).toBuffer()
      : await img.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer()
  await writeFile(file, buf)
  counts[present ? "replaced" : "created"] += 1
  console.log(`${present ? "remplacé" : "créé"} : ${relPath} (${(buf.length / 1024).toFixed(1)} Ko)`)
}

async function readJson(name) {
  return JSON.parse(await readFile(path.join(CONTENT, name), "utf8"))
}

async function main() {
  const [{ items }, engine, { items: shops }] = await Promise.all([readJson("sold-items.json"), readJson("engine.json"), readJson("shops.json")])

  for (const item of items) {
    await write(path.join("content", item.image), itemSvg(item), "jpeg")
  }
  for (const [i, slide] of engine.slides.entries()) {
    await write(path.join("content", slide.image), slideSvg(i), "jpeg")
  }
  for (const shop of shops) {
    await write(path.join("content", shop.avatar), avatarSvg(shop), "png")
  }
  await write("content/images/icon.png", iconSvg(), "png")
  await write("static/og-image.png", ogSvg(), "png")
  console.log(
    `${counts.created} image(s) créée(s), ${counts.replaced} remplacée(s), ${counts.kept} existante(s) laissée(s) intactes` +
      (counts.kept > 0 && !REGENERATE ? " (npm run images -- --regenerate pour les redessiner)" : ""),
  )
}

main().catch((err) => {
  console.error(err)
  process.exitCode = 1
})
