/**
 * The register as CSV for French spreadsheets (« Exporter (CSV) » on /admin/registre/, ../spreadsheet.ts):
 * one row per entry given (the page's filter decides which), every field the law asks for; the
 * moment of the entry in the shop's clock (../shop-time.ts, « 27/11/2026 09:03 », read as a date,
 * as the page shows it and as the inbox's export writes it), the days (identity document, payment)
 * as « 14/03/2019 », read as dates too. Multi-line fields keep their \n inside the quoted cell (a
 * spreadsheet shows them as lines).
 *
 * The two fingerprints are not the same thing, and their columns say so: an entry's own is computed
 * on its content without that field, the next entry's « précédente » on the previous entry's whole
 * file (./chain.ts); `npm run registre -- verify` checks the chain.
 */
import { eurosField } from "../../contract/euros"
import { sheetDate, sheetDay } from "../shop-time"
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
  "nature",
  "marque",
  "taille",
  "couleur",
  "signes distinctifs (étiquettes, marques)",
  "état",
  "description",
  "provenance",
  "prix (€)",
  "mode de paiement",
  "date du paiement",
  "empreinte du n° précédent (sur son fichier entier)",
  "empreinte de cette entrée (sur son contenu hors ce champ ; HMAC-SHA256, ou SHA-256 avant la clé)",
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
    sheetDay(entry.seller.id_date),
    entry.seller.id_authority,
    entry.item.nature,
    entry.item.brand,
    entry.item.size,
    entry.item.colour,
    entry.item.marks,
    entry.item.condition,
    entry.item.description,
    entry.provenance,
    eurosField(entry.price_cents),
    entry.payment_method,
    sheetDay(entry.payment_date),
    entry.previous_sha256,
    entry.sha256,
  ])
  return spreadsheetCsv(REGISTER_COLUMNS, rows)
}
