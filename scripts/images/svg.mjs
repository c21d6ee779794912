/** SVG building blocks: a document with its <defs>, gradients, filters, patterns, fabric fills. Part of scripts/generate-images.mjs. */
import { COLOURS } from "./palette.mjs"

/** Rounds coordinates so the SVG stays short and stable between runs. */
export const n = (v) => String(Math.round(v * 10) / 10)

/** The centre line of the 800x1000 garment canvas. */
export const CX = 400

/**
 * One SVG document: collects <defs> and hands out unique ids so shape
 * functions can declare their own gradients/patterns without clashes.
 */
export function createDoc(width, height) {
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
export function linear(doc, stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false } = {}) {
  const id = doc.id("lg")
  const units = user ? ' gradientUnits="userSpaceOnUse"' : ""
  doc.def(
    `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${units}>` +
      stops.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join("") +
      `</linearGradient>`,
  )
  return `url(#${id})`
}

export function radial(doc, stops, { cx = 0.5, cy = 0.5, r = 0.5, user = false } = {}) {
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
export function shadowFilter(doc, { blur = 16, dy = 18, opacity = 0.3, color = "#1d1b33" } = {}) {
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

export function blurFilter(doc, std) {
  const id = doc.id("bl")
  doc.def(`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${std}"/></filter>`)
  return `url(#${id})`
}

export function clip(doc, markup) {
  const id = doc.id("cp")
  doc.def(`<clipPath id="${id}">${markup}</clipPath>`)
  return `url(#${id})`
}

export function pattern(doc, w, h, content, transform = "") {
  const id = doc.id("pt")
  const t = transform ? ` patternTransform="${transform}"` : ""
  doc.def(`<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${t}>${content}</pattern>`)
  return `url(#${id})`
}

/** Mirror around the vertical axis x = cx (garments are symmetric). */
export const mirror = (cx) => `matrix(-1 0 0 1 ${2 * cx} 0)`

export const stitchAttrs = (colour, width = 2) => `fill="none" stroke="${colour}" stroke-width="${width}" stroke-dasharray="7 5" stroke-linecap="round"`

export function isDark(hex) {
  const v = parseInt(hex.slice(1), 16)
  const lum = (0.299 * (v >> 16) + 0.587 * ((v >> 8) & 255) + 0.114 * (v & 255)) / 255
  return lum < 0.45
}

/** Red and navy tartan-like check ("chemise à carreaux rouge et marine"). */
export function checkFill(doc) {
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

export function fabricFill(doc, pal) {
  return pal.pattern === "check" ? checkFill(doc) : pal.base
}

/**
 * Fine weave textures, drawn at low opacity on top of the flat fill. They are
 * what makes a flat shape read as piqué, Oxford cloth or knit.
 */
export function textureFill(doc, kind, pal) {
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
