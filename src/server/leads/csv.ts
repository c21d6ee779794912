/**
 * The outbox as CSV for a spreadsheet (npm run leads -- --csv, the inbox's « Exporter (CSV) »):
 * one row per request. What must stay true: no server path in it (a CSV travels: mailed, shared,
 * opened on another machine); a photo is named by its file in the request's folder, or by its
 * address in the inbox when the inbox exports it.
 */
import { HANDLING_WORDS } from "./handling"
import type { StoredLead } from "./outbox"

const STATUS_WORDS = { pending: "en attente", sent: "envoyée", failed: "échec" } as const

export const CSV_COLUMNS = [
  "id",
  "type",
  "reçue le",
  "email",
  "nom",
  "description",
  "article",
  "photos",
  "statut",
  "envoyée le",
  "essais",
  "dernière erreur",
  "suivi",
  "note",
] as const

/**
 * Quoted when needed; a value a spreadsheet would run as a formula (=, +, -, @ first) gets a
 * leading apostrophe, since the visitor wrote it.
 */
export function csvCell(value: string | number | undefined): string {
  let text = value === undefined ? "" : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",;\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** How a photo is named in its column: its file name (photo-1.jpg) unless the exporter gives its address. */
export type PhotoAddress = (id: string, file: string) => string

export function leadsCsv(leads: readonly StoredLead[], photoAddress: PhotoAddress = (_id, file) => file): string {
  const rows = leads.map(({ lead, state, handling }) =>
    [
      lead.id,
      lead.kind === "estimate" ? "estimation" : "chat",
      lead.created_at,
      lead.email,
      lead.name,
      lead.description ?? (lead.conversation ?? []).map((line) => `${line.from === "user" ? "Visiteur" : "maxAi"} : ${line.text}`).join("\n"),
      [lead.item?.brand, lead.item?.category, lead.item?.condition].filter(Boolean).join(" · "),
      lead.photos.map((photo) => photoAddress(lead.id, photo.file)).join(" | "),
      STATUS_WORDS[state.status],
      state.sent_at,
      state.attempts,
      state.last_error,
      HANDLING_WORDS[handling.status],
      handling.note,
    ]
      .map(csvCell)
      .join(","),
  )
  // The BOM makes Excel read the accents as UTF-8.
  return `\uFEFF${[CSV_COLUMNS.join(","), ...rows].join("\r\n")}\r\n`
}
