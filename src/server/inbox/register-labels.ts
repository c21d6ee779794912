/**
 * « Imprimer les étiquettes » (/admin/registre/etiquettes?numeros=12-14&format=a4|rouleau): one
 * label per register entry, to fix on the garment (R321-4: the order number visible on the
 * object), with the order number in large type and as a Code 128 barcode drawn on the server by
 * bwip-js (an inline SVG: the pages' policy loads no image from elsewhere and runs no script), the
 * day of entry and the brand. Two layouts, chosen on the page: an A4 sheet of labels (3 × 8 of
 * 70 × 37 mm) or a 62 mm roll (one label per printed page), set by the stylesheet's @page rules.
 */
import bwipjs from "bwip-js/node"
import type { RegisterEntry } from "../../contract/buyback"
import { shopDay, dayText } from "../shop-time"
import { escapeHtml } from "./layout"
import { numberRanges } from "./register-filter"

export const LABEL_FORMATS = { a4: "Planche A4 (70 × 37 mm)", rouleau: "Rouleau 62 mm" } as const
export type LabelFormat = keyof typeof LABEL_FORMATS

export const readFormat = (value: unknown): LabelFormat => (value === "rouleau" ? "rouleau" : "a4")

/** The order number as a Code 128 barcode, an SVG that scales to its box. */
export function barcode(number: number): string {
  const svg = bwipjs.toSVG({ bcid: "code128", text: String(number), scale: 2, height: 10, includetext: false, paddingwidth: 4 })
  return svg.replace("<svg ", `<svg class="barcode" role="img" aria-label="Code-barres du n° ${number}" preserveAspectRatio="none" `)
}

function label(entry: RegisterEntry): string {
  const details = [entry.item.brand, entry.item.nature, entry.item.size ? `T. ${entry.item.size}` : ""].filter(Boolean).map(escapeHtml).join(" · ")
  return `<li class="label">
<span class="label-number">N° ${entry.number}</span>
${barcode(entry.number)}
<span class="label-line">${dayText(shopDay(new Date(entry.recorded_at)))}</span>
<span class="label-line">${details}</span>
</li>`
}

export function labelsBody(room: string, numbers: readonly number[], entries: readonly RegisterEntry[], format: LabelFormat): string {
  const byNumber = new Map(entries.map((entry) => [entry.number, entry]))
  const found = numbers.map((number) => byNumber.get(number)).filter((entry): entry is RegisterEntry => entry !== undefined)
  const missing = numbers.filter((number) => !byNumber.has(number))
  const asked = numberRanges(numbers, "-").replace(/ /g, "")
  const choice = (value: LabelFormat) =>
    `<label class="choice"><input type="radio" name="format" value="${value}"${value === format ? " checked" : ""}> ${LABEL_FORMATS[value]}</label>`
  return `<div class="page-head no-print"><h1>Étiquettes du registre</h1><a class="button" href="${room}/">Retour au registre</a></div>
<form class="no-print label-format" method="get" action="${room}/etiquettes">
<input type="hidden" name="numeros" value="${asked}">
<fieldset><legend>Format</legend><div class="choices">${choice("a4")}${choice("rouleau")}</div></fieldset>
<button class="button" type="submit">Afficher ce format</button>
</form>
<p class="meta no-print">${
    found.length === 0
      ? "Aucune étiquette : aucun de ces numéros n'est dans le registre."
      : `${found.length} étiquette${found.length > 1 ? "s" : ""} (n° ${numberRanges(found.map((entry) => entry.number))}). Pour les imprimer : la commande Imprimer du navigateur, à l'échelle 100 %, sans marges ajoutées.`
  }</p>
${missing.length > 0 ? `<p class="problem no-print" role="alert">Pas dans le registre : n° ${numberRanges(missing)}.</p>` : ""}
<ul class="labels labels-${format}">${found.map(label).join("")}</ul>`
}
