/**
 * The team's mail of a new request (the courier's e-mail channel, ./channels.ts), written for the
 * owner reading it on a phone: the number, the date in French on the shop's clock (Paris), who
 * wrote, each garment with the grid's indicative range and the request's total range, the
 * description, the photos, the chat conversation, and the link to the request's page in the inbox.
 *
 * What must stay true: no internal word (outbox, lead, JSON) reaches the owner; a request of one
 * garment (written before several existed) reads as one (src/contract/garments.ts leadGarments);
 * the range is the grid's of content/buyback.json, as the form and the inbox show it.
 */
import { buybackRange, rangeText, type BuybackGrid } from "../../contract/buyback-range"
import { leadGarments } from "../../contract/garments"
import { withoutInvisibles } from "../../contract/text"
import { shopFormat } from "../shop-time"
import type { Lead } from "./types"

const RECEIVED = shopFormat({ dateStyle: "full", timeStyle: "short" })
const TIME = shopFormat({ timeStyle: "short" })

export function mailSubject(lead: Lead): string {
  const email = withoutInvisibles(lead.email)
  return lead.kind === "estimate" ? `Demande d'estimation ${lead.id} — ${email}` : `Contact chat ${lead.id} — ${email}`
}

/** « Articles (2) », each with its range, then the total range when every garment has one. */
function garmentLines(lead: Lead, grid: BuybackGrid | null): string[] {
  const garments = leadGarments(lead)
  const lines = ["", garments.length > 1 ? `Articles (${garments.length}) :` : "Article :"]
  let low = 0
  let high = 0
  let everyRange = grid !== null
  garments.forEach((garment, index) => {
    const words = [garment.brand, garment.category, garment.condition].filter(Boolean).join(" · ") || "marque et catégorie non précisées"
    const range = grid ? buybackRange(grid, garment) : null
    if (range) {
      low += range.low
      high += range.high
    } else everyRange = false
    const photos = garment.photos.length > 0 ? ` — ${garment.photos.length} photo${garment.photos.length > 1 ? "s" : ""}` : ""
    lines.push(`${garments.length > 1 ? `${index + 1}. ` : ""}${words}${range ? ` — estimation indicative ${rangeText(range)}` : ""}${photos}`)
    // Every line of a multi-line description stays under its garment.
    if (garment.description) lines.push(...garment.description.split("\n").map((line) => `   ${line}`))
  })
  if (!garments.some((garment) => garment.description)) lines.push("Description : (aucune)")
  if (garments.length > 1 && everyRange) lines.push(`Fourchette pour l'ensemble : ${rangeText({ low, high })}`)
  return lines
}

/**
 * `notes`: photos the mail could not carry (./mail-photos.ts); `grid`: the indicative grid;
 * `inbox`: the request's page in the inbox (https://…/admin/demandes/<n°>), when the site's
 * address is known (content/site.json › seo.url, the links' one base: ../site-link.ts).
 */
export function mailText(lead: Lead, notes: readonly string[] = [], grid: BuybackGrid | null = null, inbox: string | null = null): string {
  const lines = [
    `Demande n° ${lead.id}`,
    `Reçue le ${RECEIVED.format(new Date(lead.created_at))} (heure de Paris)`,
    `E-mail : ${withoutInvisibles(lead.email)}`,
  ]
  if (lead.name) lines.push(`Nom : ${withoutInvisibles(lead.name)}`)
  if (lead.kind === "estimate") {
    lines.push(...garmentLines(lead, grid))
    const carried = lead.photos.length - notes.length
    lines.push("", `Photos jointes : ${carried}${carried > 0 ? " (réduites pour l'e-mail ; les originales sont sur la page de la demande)" : ""}`)
    lines.push(...notes)
  }
  if (lead.conversation?.length) {
    lines.push("", "Conversation :")
    for (const line of lead.conversation) lines.push(`[${TIME.format(new Date(line.at))}] ${line.from === "user" ? "Visiteur" : "maxAi"} : ${line.text}`)
  }
  lines.push("", inbox ? `La demande dans « Demandes » : ${inbox}` : "La demande est aussi dans « Demandes », au studio.")
  lines.push("Répondez à ce message pour écrire au visiteur.")
  return lines.join("\n")
}
