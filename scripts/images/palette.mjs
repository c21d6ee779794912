/** Colour tables: garment palettes, the words that pick them, backdrops. Part of scripts/generate-images.mjs. */

/**
 * Fabric / leather palettes, keyed by the colour words used in item titles.
 * base = flat fill, light = highlights, shade = outlines and folds,
 * deep = inside of collars/bags, stitch = visible top-stitching.
 */
export const COLOURS = {
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
export const GOLD = { light: "#f6e2a4", base: "#d6ad57", shade: "#9d7428", deep: "#6e4f15" }

/** Title words -> palette key. Order matters: "bleu ciel" before "marine". */
export const COLOUR_WORDS = [
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
export const SHAPE_WORDS = [
  [/polo/i, "polo"],
  [/chemise/i, "shirt"],
  [/pull/i, "sweater"],
  [/sac/i, "bucket"],
  [/pochette/i, "clutch"],
  [/casquette/i, "cap"],
  [/ceinture/i, "belt"],
  [/écharpe|echarpe/i, "scarf"],
]
export const CATEGORY_SHAPES = { Polo: "polo", Chemise: "shirt", Pull: "sweater", Maroquinerie: "clutch", Accessoires: "cap" }

/** Colour used when the title names none (e.g. "Casquette logo crocodile"). */
export const DEFAULT_COLOUR = { cap: "marine", belt: "cognac", bucket: "camel", clutch: "noir" }

/**
 * Where the soft contact shadow sits under each shape ([y, half-width]):
 * small accessories end higher on the canvas than a full top.
 */
export const GROUND = {
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
export const BRAND_BACKDROPS = {
  Lacoste: ["#eef3ec", "#d3dfd1"],
  "Ralph Lauren": ["#f4efe6", "#ddd1bd"],
  "Tommy Hilfiger": ["#eef1f7", "#d0d8e6"],
  Lancaster: ["#f6eeea", "#e3cfc5"],
}

/** Site brand colours (indigo -> violet) reused by icon, avatar and OG image. */
export const INDIGO = "#4338ca"
export const VIOLET = "#7c3aed"
export const CYAN = "#22d3ee"
