/**
 * The IBAN a seller types to be paid (the buy-back's acceptance form, src/server/buyback/): checked
 * by ibantools (4.5.4, pinned) against ISO 13616 as each country defines it (its length, the
 * format of its national part, mod-97 of the rearranged number is 1), spaces allowed. Pure, so
 * the seller's page and jest read the same rule.
 *
 * What must stay true: a valid IBAN is stored in its compact form (no spaces, upper case) and shown
 * in full only on the owner's payment step; everywhere else maskIban().
 */
import { getCountrySpecifications, isValidIBAN } from "ibantools"

/** "fr76 3000 6000 0112 3456 7890 189" → "FR7630006000011234567890189". */
export function compactIban(typed: string): string {
  return typed.replace(/[\s-]+/g, "").toUpperCase()
}

/**
 * Whether `typed` (spaces allowed) is an IBAN by ISO 13616 as each country defines it: the
 * country's length and format of its national part (the registry ibantools keeps), then mod-97 = 1.
 */
export function isValidIban(typed: string): boolean {
  return isValidIBAN(compactIban(typed))
}

/** The country letters of an IBAN whose length or format is not its country's (null when fine, or not a known country). */
export function ibanCountryProblem(typed: string): string | null {
  const iban = compactIban(typed)
  const country = iban.slice(0, 2)
  const spec = getCountrySpecifications()[country]
  if (!spec?.chars) return null
  return iban.length === spec.chars ? null : `un IBAN de ce pays (${country}) a ${spec.chars} caractères, celui-ci en a ${iban.length}`
}

/** Grouped by four for reading: "FR76 3000 6000 …". */
export function groupIban(iban: string): string {
  return compactIban(iban).replace(/(.{4})(?=.)/g, "$1 ")
}

/** "FR76 •••• •••• 0189": the country, check digits and last four only. */
export function maskIban(iban: string): string {
  const compact = compactIban(iban)
  if (compact.length < 8) return "••••"
  return `${compact.slice(0, 4)} •••• ${compact.slice(-4)}`
}
