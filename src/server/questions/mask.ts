/**
 * Personal data out of a visitor's question before anything is written: e-mail addresses, IBAN-like
 * strings, phone numbers, postal codes and any other long number (a card, an order) become a word
 * in brackets. Pure; the order matters: an e-mail or an IBAN holds digits the later rules would cut.
 *
 *   « je suis à 75011, appelez le 06 12 34 56 78 » → « je suis à [code postal], appelez le [téléphone] »
 */

const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+/g, "[e-mail]"],
  // Two letters, two check digits, then 10 to 30 letters or digits, spaces allowed every few ("FR76 3000 6000 0112 3456 7890 189").
  [/\b[a-z]{2}\d{2}(?:[ -]?[a-z0-9]){10,30}\b/gi, "[IBAN]"],
  // French numbers (06 12 34 56 78, 06.12.34.56.78, 0612345678) and international ones (+33 6 12 34 56 78, 0033…).
  [/(?:\+|\b00)\d{1,3}(?:[ .-]?\d){8,12}\b/g, "[téléphone]"],
  [/\b0\d(?:[ .-]?\d{2}){4}\b/g, "[téléphone]"],
  [/\b\d{5}\b/g, "[code postal]"],
  // Whatever long number is left (a card, a parcel, an order): six digits or more, spaces allowed.
  [/\b\d(?:[ .-]?\d){5,}\b/g, "[numéro]"],
]

export function maskPersonalData(text: string): string {
  return RULES.reduce((masked, [pattern, word]) => masked.replace(pattern, word), text)
}
