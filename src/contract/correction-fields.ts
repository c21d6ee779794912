/**
 * Which field of the register's correction form (CORRECTION_LIMITS below) holds
 * which value of an entry's seller and garment: read one way to fill the form with the corrected
 * entry (correctionValues), the other way to write the correcting entry from what the owner typed
 * (src/server/register/correction.ts). One table, so a field can never land in another's place.
 */
import { BUYBACK_LIMITS, GARMENT_FIELD_LIMITS, type RegisterEntry } from "./buyback"
import { eurosField } from "./euros"
export const CORRECTED_SELLER = {
  nom: "surname",
  prenoms: "first_names",
  adresse: "address",
  piece: "id_type",
  piece_numero: "id_number",
  piece_date: "id_date",
  piece_autorite: "id_authority",
} as const

export const CORRECTED_GARMENT = {
  nature: "nature",
  marque: "brand",
  taille: "size",
  couleur: "colour",
  signes: "marks",
  etat: "condition",
  objet: "description",
} as const

type FieldTable = Readonly<Record<string, string>>

/** The form's fields filled from an entry's part (its seller or its garment). */
export function formFieldsOf<T extends FieldTable>(table: T, part: Record<T[keyof T], string>): Record<keyof T, string> {
  return Object.fromEntries(Object.entries(table).map(([field, key]) => [field, part[key as T[keyof T]]])) as Record<keyof T, string>
}

/** An entry's part from the form's fields typed (a field left out is empty). */
export function entryPartOf<T extends FieldTable>(table: T, typed: Partial<Record<keyof T, string>>): { [K in keyof T as T[K]]: string } {
  return Object.fromEntries(Object.entries(table).map(([field, key]) => [key, typed[field as keyof T] ?? ""])) as { [K in keyof T as T[K]]: string }
}

/**
 * The register's correction form (/admin/registre/, src/server/register/correction.ts): each field
 * of an entry the owner may correct, with its longest value; `motif` says what is corrected.
 */
export const CORRECTION_LIMITS = {
  nom: BUYBACK_LIMITS.surname,
  prenoms: BUYBACK_LIMITS.firstNames,
  adresse: BUYBACK_LIMITS.address,
  piece: 40,
  piece_numero: BUYBACK_LIMITS.idNumber,
  piece_date: BUYBACK_LIMITS.date,
  piece_autorite: BUYBACK_LIMITS.idAuthority,
  ...GARMENT_FIELD_LIMITS,
  objet: BUYBACK_LIMITS.description,
  provenance: 300,
  prix: BUYBACK_LIMITS.amount,
  paiement: 40,
  paiement_date: BUYBACK_LIMITS.date,
  motif: 500,
} as const
export type CorrectionField = keyof typeof CORRECTION_LIMITS

/** An entry's values as the correction form shows them before the owner changes any (the price in French decimals). */
export function correctionValues(entry: RegisterEntry): Record<CorrectionField, string> {
  const { seller, item } = entry
  return {
    ...formFieldsOf(CORRECTED_SELLER, seller),
    ...formFieldsOf(CORRECTED_GARMENT, item),
    provenance: entry.provenance,
    prix: eurosField(entry.price_cents),
    paiement: entry.payment_method,
    paiement_date: entry.payment_date,
    motif: "",
  }
}
