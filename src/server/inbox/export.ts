/**
 * The requests as a CSV file for a spreadsheet: the inbox's « Exporter (CSV) » and
 * `npm run leads -- --csv`. Written for French Excel and LibreOffice (../spreadsheet.ts: `;`,
 * BOM, CRLF, formulas neutralised), dates in the shop's clock
 * (../shop-time.ts `sheetDate`: « 23/11/2026 22:15 », read as a date), columns named as the inbox names them:
 * « Statut » is the owner's status, the delivery to the team has columns of its own. « Articles »
 * counts an estimate's garments; « Marque », « Catégorie », « État » and « Description » are the
 * first garment's, « Photos » all of them. With the buy-back's summaries (the inbox hands them),
 * « Nom » is the seller's as given at acceptance when the request has none, and « Montant (€) » the
 * amount paid once paid, else the offer's, as the list shows them.
 *
 * What must stay true: no server path in it (a CSV travels: mailed, shared, opened on another
 * machine), a photo is its address in the inbox or its file name.
 */
import { leadGarments } from "../../contract/garments"
import { HANDLING_WORDS } from "../leads/handling"
import type { StoredLead } from "../leads/outbox"
import type { Lead } from "../leads/types"
import { sheetDate } from "../shop-time"
import { sheetEuros, spreadsheetCsv } from "../spreadsheet"
import type { BuybackSummary } from "../../contract/buyback-summary"
import { deliveryView, KIND_WORDS } from "./layout"

export const CSV_COLUMNS = [
  "N°",
  "Type",
  "Reçue le",
  "E-mail",
  "Nom",
  "Articles",
  "Montant (€)",
  "Marque",
  "Catégorie",
  "État",
  "Description",
  "Conversation",
  "Photos",
  "Statut",
  "Statut depuis le",
  "Note privée",
  "Envoi à l'équipe",
  "Détail de l'envoi",
] as const

export type CsvOptions = {
  /** How a photo is named: its address in the inbox when the inbox exports, else its file name (photo-1.jpg). */
  readonly photoAddress?: (id: string, file: string) => string
  /** Whether an e-mail or webhook delivery is configured (else a request reads « Non envoyée »). */
  readonly channelsConfigured: boolean
  /** Each estimate's buy-back as the list shows it (src/server/buyback/summary.ts); none: « Montant » stays empty. */
  readonly summaries?: ReadonlyMap<string, BuybackSummary>
}

export function leadsCsv(leads: readonly StoredLead[], { photoAddress = (_id, file) => file, channelsConfigured, summaries }: CsvOptions): string {
  const rows = leads.map(({ lead, state, handling }) => {
    const summary = summaries?.get(lead.id)
    const delivery = deliveryView(state, channelsConfigured)
    const conversation = (lead.conversation ?? []).map((line) => `${line.from === "user" ? "Visiteur" : "maxAi"} : ${line.text}`).join("\n")
    return [
      lead.id,
      KIND_WORDS[lead.kind],
      sheetDate(lead.created_at),
      lead.email,
      lead.name || summary?.seller_name,
      lead.kind === "estimate" ? String(leadGarments(lead).length) : "",
      summary?.amount_cents === undefined ? "" : sheetEuros(summary.amount_cents),
      lead.item?.brand,
      lead.item?.category,
      lead.item?.condition,
      lead.description,
      conversation,
      lead.photos.map((photo) => photoAddress(lead.id, photo.file)).join(" | "),
      HANDLING_WORDS[handling.status],
      sheetDate(handling.status_changed_at),
      handling.note,
      delivery.label,
      delivery.detail,
    ]
  })
  return spreadsheetCsv(CSV_COLUMNS, rows)
}

/**
 * Each estimate's buy-back as the list and the CSV show it, keyed by request number: the inbox's
 * page and `npm run leads` both (`summary`: the desk's, a record that cannot be read giving null,
 * left out as an empty « Montant »).
 */
export async function buybackSummaries(
  summary: (id: string, now: Date) => Promise<BuybackSummary | null>,
  leads: readonly { lead: Pick<Lead, "id" | "kind"> }[],
  now: Date,
): Promise<Map<string, BuybackSummary>> {
  const summaries = new Map<string, BuybackSummary>()
  for (const { lead } of leads) {
    if (lead.kind !== "estimate") continue
    const found = await summary(lead.id, now)
    if (found) summaries.set(lead.id, found)
  }
  return summaries
}
