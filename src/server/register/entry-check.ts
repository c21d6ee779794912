/**
 * Every entry checked against the register's schema (src/contract/register-entry-schema.ts) before
 * it is signed and written (./register.ts appendAll): refused whole, in French, naming the field,
 * so a value a step let through (a crafted form, a stored record changed by hand) never becomes a
 * signed entry that the register's pages cannot show.
 */
import Ajv from "ajv"
import { REGISTER_ENTRY_SCHEMA, STORED_ENTRY_SCHEMA } from "../../contract/register-entry-schema"
import { RegisterRefusal } from "./refusal"

const ajv = new Ajv({ allErrors: false, strict: true })
const validate = ajv.compile(REGISTER_ENTRY_SCHEMA)
const validateStored = ajv.compile(STORED_ENTRY_SCHEMA)

/** Whether an entry read back from the folder holds to the stored entry's schema (else it is read as unreadable). */
export const isStoredEntry = (entry: unknown): boolean => validateStored(entry)

/** The field's path in the owner's words: « seller.id_type » → « seller › id_type ». */
const fieldOf = (instancePath: string, missing?: string) =>
  [...instancePath.split("/").filter(Boolean), ...(missing ? [missing] : [])].join(" › ") || "l'inscription"

/** Throws RegisterRefusal when `entry` does not hold to the register's schema. */
export function checkEntry(entry: unknown): void {
  if (validate(entry)) return
  const [error] = validate.errors ?? []
  const params = (error?.params ?? {}) as { missingProperty?: string; additionalProperty?: string }
  const field = fieldOf(error?.instancePath ?? "", params.missingProperty ?? params.additionalProperty)
  throw new RegisterRefusal(
    `L'inscription au registre est refusée : le champ « ${field} » n'est pas valable (${error?.message ?? "inconnu"}). Rien n'a été inscrit ; corrigez la fiche de la demande et recommencez.`,
  )
}
