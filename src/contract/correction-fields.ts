/**
 * Which field of the register's correction form (src/contract/buyback.ts CORRECTION_LIMITS) holds
 * which value of an entry's seller and garment: read one way to fill the form with the corrected
 * entry (correctionValues), the other way to write the correcting entry from what the owner typed
 * (src/server/register/correction.ts). One table, so a field can never land in another's place.
 */
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
