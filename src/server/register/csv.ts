/**
 * The register as CSV for French spreadsheets (« Exporter (CSV) » on /admin/registre/, ../spreadsheet.ts):
 * one row per entry, every field the law asks for; the moment of the entry in the shop's clock
 * (../shop-time.ts, « 27/11/2026 09:03 », read as a date, as the page shows it and as the inbox's export writes it).
 */
import { eurosField } from "../../contract/euros"
import { sheetDate } from "../shop-time"
import { spreadsheetCsv } from "../spreadsheet"
import type { RegisterEntry } from "./register"

export const REGISTER_COLUMNS = [
  "n° d'ordre",
  "date d'inscription",
  "rectifie le n°",
  "correction",
  "demande",
  "qualité du vendeur",
  "nom",
  "prénoms",
  "adresse",
  "pièce d'identité",
  "numéro de la pièce",
  "délivrée le",
  "délivrée par",
  "description de l'objet",
  "marque",
  "catégorie",
  "état",
  "prix (€)",
  "mode de paiement",
  "date du paiement",
  "empreinte précédente (SHA-256)",
  "empreinte (SHA-256)",
] as const

export function registerCsv(entries: readonly RegisterEntry[]): string {
  const rows = entries.map((entry) => [
    entry.number,
    sheetDate(entry.recorded_at),
    entry.rectifies,
    entry.correction,
    entry.request,
    entry.seller.status,
    entry.seller.surname,
    entry.seller.first_names,
    entry.seller.address,
    entry.seller.id_type,
    entry.seller.id_number,
    entry.seller.id_date,
    entry.seller.id_authority,
    entry.item.description,
    entry.item.brand,
    entry.item.nature,
    entry.item.condition,
    eurosField(entry.price_cents),
    entry.payment_method,
    entry.payment_date,
    entry.previous_sha256,
    entry.sha256,
  ])
  return spreadsheetCsv(REGISTER_COLUMNS, rows)
}
