/**
 * The requests as a CSV file for a spreadsheet: the inbox's « Exporter (CSV) » and
 * `npm run leads -- --csv`. Written for French Excel and LibreOffice as they open a file by a
 * double click: `;` between cells (the French list separator; `,` is the decimal comma), a UTF-8
 * BOM (else the accents are read as Windows-1252), CRLF lines, dates in the shop's clock
 * (Europe/Paris, « 23/11/2026 22:15 », read as a date), columns named as the inbox names them:
 * « Statut » is the owner's status, the delivery to the team has columns of its own.
 *
 * What must stay true: no server path in it (a CSV travels: mailed, shared, opened on another
 * machine), a photo is its address in the inbox or its file name; a value a spreadsheet would run
 * as a formula is neutralised (the visitor wrote it).
 */
import { HANDLING_WORDS } from "../leads/handling"
import type { StoredLead } from "../leads/outbox"
import { deliveryView, KIND_WORDS, SHOP_TIME_ZONE } from "./layout"

export const CSV_SEPARATOR = ";"

export const CSV_COLUMNS = [
  "N°",
  "Type",
  "Reçue le",
  "E-mail",
  "Nom",
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

/** « 23/11/2026 22:15 » in Paris: what French spreadsheets read as a date and time. */
const SHEET_DATE = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "short", timeZone: SHOP_TIME_ZONE })

export function sheetDate(iso: string | undefined): string {
  const time = iso ? Date.parse(iso) : NaN
  return Number.isNaN(time) ? "" : SHEET_DATE.format(time)
}

/**
 * Quoted when needed; a value a spreadsheet would run as a formula (=, +, -, @ first) gets a
 * leading apostrophe, since the visitor wrote it.
 */
export function csvCell(value: string | number | undefined): string {
  let text = value === undefined ? "" : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",;\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export type CsvOptions = {
  /** How a photo is named: its address in the inbox when the inbox exports, else its file name (photo-1.jpg). */
  readonly photoAddress?: (id: string, file: string) => string
  /** Whether an e-mail or webhook delivery is configured (else a request reads « Non envoyée »). */
  readonly channelsConfigured: boolean
}

export function leadsCsv(leads: readonly StoredLead[], { photoAddress = (_id, file) => file, channelsConfigured }: CsvOptions): string {
  const rows = leads.map(({ lead, state, handling }) => {
    const delivery = deliveryView(state, channelsConfigured)
    const conversation = (lead.conversation ?? []).map((line) => `${line.from === "user" ? "Visiteur" : "maxAi"} : ${line.text}`).join("\n")
    return [
      lead.id,
      KIND_WORDS[lead.kind],
      sheetDate(lead.created_at),
      lead.email,
      lead.name,
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
      .map(csvCell)
      .join(CSV_SEPARATOR)
  })
  return `\uFEFF${[CSV_COLUMNS.map(csvCell).join(CSV_SEPARATOR), ...rows].join("\r\n")}\r\n`
}
