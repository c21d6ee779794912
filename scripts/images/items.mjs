/** Item illustrations: which drawing and palette an item of sold-items.json gets. Part of scripts/generate-images.mjs. */
import { BRAND_BACKDROPS, CATEGORY_SHAPES, COLOURS, COLOUR_WORDS, DEFAULT_COLOUR, GROUND, SHAPE_WORDS } from "./palette.mjs"
import { blurFilter, createDoc, linear, radial, shadowFilter } from "./svg.mjs"
import { drawTop } from "./tops.mjs"
import { drawBucketBag, drawClutch } from "./leather-goods.mjs"
import { drawBelt, drawCap, drawScarf } from "./accessories.mjs"

export function specFromItem(item) {
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

export const DRAWERS = {
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
export function garment(doc, spec) {
  return DRAWERS[spec.shape](doc, spec)
}

export function itemSvg(item) {
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
