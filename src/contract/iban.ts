/**
 * The IBAN a seller types to be paid (the buy-back's acceptance form, src/server/buyback/): checked
 * with the ISO 13616 rule (country letters, two check digits, mod-97 of the rearranged number is 1),
 * spaces allowed. Pure, so the seller's page and jest read the same rule.
 *
 * What must stay true: a valid IBAN is stored in its compact form (no spaces, upper case) and shown
 * in full only on the owner's payment step; everywhere else maskIban().
 */

/** "fr76 3000 6000 0112 3456 7890 189" → "FR7630006000011234567890189". */
export function compactIban(typed: string): string {
  return typed.replace(/[\s-]+/g, "").toUpperCase()
}

/** Whether `typed` (spaces allowed) is an IBAN by ISO 13616: shape, then mod-97 = 1. */
export function isValidIban(typed: string): boolean {
  const iban = compactIban(typed)
  // Country (2 letters), check digits (2), then 11 to 30 letters or digits: 15 (Norway) to 34 characters.
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const character of rearranged) {
    // A letter counts as two digits (A = 10 … Z = 35); the remainder is carried digit by digit, no big numbers.
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55)
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder === 1
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
