/**
 * The garments of an estimate request on its page in the inbox (issue 46): a request of several
 * garments lists each under « Article N » (its choices, indicative range, description and its own
 * photos) with the total of the ranges; a request of one garment keeps the page's « L'article » and
 * « Photos » sections (./request-page.ts). « Article N » is the form's block N, as the seller saw it.
 */
import { buybackRange, rangeText, type BuybackGrid } from "../../contract/buyback-range"
import { leadGarments } from "../../contract/garments"
import type { StoredLead } from "../leads/outbox"
import type { LeadPhoto } from "../leads/types"
import { escapeHtml, formatSize } from "./layout"

const row = (term: string, value: string) => (value ? `<div><dt>${term}</dt><dd>${value}</dd></div>` : "")

/** One photo as the request's page shows it: its preview, linked to the original. `number`: its place among the request's photos. */
export function photoFigure(base: string, id: string, photo: LeadPhoto, number: number): string {
  const file = encodeURIComponent(photo.file)
  return `<li><figure>
<a href="${base}/${id}/photos/${file}"><img src="${base}/${id}/apercus/${file}" alt="Photo ${number} : ${escapeHtml(photo.name)}" loading="lazy" decoding="async"></a>
<figcaption>Photo ${number} · ${escapeHtml(photo.name)} · ${formatSize(photo.size)} · <a href="${base}/${id}/photos/${file}">voir l'original</a></figcaption>
</figure></li>`
}

/** The section listing every garment, or "" when the request holds one (the page then shows it as before). */
export function garmentsSection({ base, stored, grid }: { base: string; stored: StoredLead; grid: BuybackGrid }): string {
  const { lead } = stored
  const garments = leadGarments(lead)
  if (lead.kind !== "estimate" || garments.length < 2) return ""
  const total = { low: 0, high: 0, counted: 0 }
  const articles = garments.map((garment, index) => {
    const range = buybackRange(grid, garment)
    if (range) Object.assign(total, { low: total.low + range.low, high: total.high + range.high, counted: total.counted + 1 })
    const facts = [
      row("Marque", escapeHtml(garment.brand ?? "")),
      row("Catégorie", escapeHtml(garment.category ?? "")),
      row("État", escapeHtml(garment.condition ?? "")),
      row("Fourchette indicative", range ? rangeText(range) : ""),
      garment.description ? `<div class="wide"><dt>Description</dt><dd class="prose">${escapeHtml(garment.description)}</dd></div>` : "",
    ].join("")
    const figures = garment.photos.map((file) => {
      const number = lead.photos.findIndex((photo) => photo.file === file) + 1
      const photo = lead.photos[number - 1]
      return photo ? photoFigure(base, lead.id, photo, number) : ""
    })
    return `<li><h3 id="article-${index + 1}">Article ${index + 1}</h3>${facts ? `<dl class="facts">${facts}</dl>` : ""}<ul class="photos" aria-label="Photos de l'article ${index + 1} (${garment.photos.length})">${figures.join("")}</ul></li>`
  })
  const sum =
    total.counted > 0
      ? `<p>Total indicatif : ${rangeText(total)} <small>(${total.counted} article${total.counted > 1 ? "s" : ""} sur ${garments.length}, grille actuelle du site)</small></p>`
      : ""
  return `<section aria-labelledby="articles"><h2 id="articles">Les articles (${garments.length})</h2>${sum}<ol class="garments">${articles.join("")}</ol></section>`
}
