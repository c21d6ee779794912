/**
 * Personal data out of a visitor's question before anything is written: names, postal addresses,
 * e-mails (also in disguise: « (at) », « arobase », « chez »), dates of birth, identity documents'
 * numbers, cards' numbers and codes, IBAN, phone numbers in any spacing become a word in brackets.
 * Pure; the words it recognises them by are in ./mask-words.ts.
 *
 *   « Je suis Jean Dupont, 12 rue de Rivoli, jean.dupont(at)gmail.com, né le 03/04/1985 »
 *   → « Je suis [nom], [adresse], [e-mail], né le [date de naissance] »
 *
 * What must stay true: invisible characters go first (a zero-width space inside a number or a
 * right-to-left override would hide it from every rule); then the order matters: an e-mail or an
 * IBAN holds digits, an address a number, an identity document letters and digits, which the
 * later rules would cut; the numbers left come last, judged by how many digits they hold, whatever
 * their spacing. A maxAi question with no personal data comes out unchanged.
 */
import { withoutInvisibles } from "../../contract/text"
import * as words from "./mask-words"

const { START, END, NAME_WORD } = words

/** A pattern, its mask, and what the text must hold for the pattern to be tried at all (its cheap first look). */
type Rule = readonly [RegExp, string | ((match: string, ...groups: string[]) => string), RegExp?]

/** Starting only where an address could start (not inside "aaaa…" or "1-1-1…"): each rule tries a long word once, not once per letter. */
const LOCAL_PART = String.raw`(?<![\p{L}\d_%+.-])[\p{L}\d_%+-]+(?:${words.DOT}[\p{L}\d_%+-]+)*`
const DOMAIN_PART = String.raw`[\p{L}\d-]+(?:${words.DOT}[\p{L}\d-]+)*`
const ENDS_AS_DOMAIN = String.raw`(?:${words.PROVIDERS})(?:${words.DOT}(?:${words.TOP_DOMAINS}))?|[\p{L}\d-]+(?:${words.DOT}[\p{L}\d-]+)*${words.DOT}(?:${words.TOP_DOMAINS})`

const NUMERIC_DATE = String.raw`\d{1,2}(?:er)?\s*[/.-]\s*\d{1,2}\s*[/.-]\s*\d{2,4}|\d{4}-\d{2}-\d{2}`
const WRITTEN_DATE = String.raw`\d{1,2}(?:er)?\s+(?:${words.MONTHS})(?:\s+\d{4})?|(?:${words.MONTHS})\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}`
/** An identity document's number: letters and digits, starting with a digit within its first four characters, groups spaced or not. */
const DOCUMENT_NUMBER = String.raw`[A-Z]{0,3}\d[\dA-Z]*(?:[ .-]\d[\dA-Z]*)*`

const keepLabel = (mask: string) => (_match: string, label: string) => `${label} ${mask}`

/** The capitalised words after « je suis », « c'est »… that are a name, or null. */
function nameAfterMaybe(following: string): string | null {
  const parts = following.trim().split(/\s+/)
  const title = new RegExp(`^(?:${words.TITLES})$`, "u").test(parts[0] ?? "")
  const candidates = title ? parts.slice(1) : parts
  const name: string[] = []
  for (const part of candidates) {
    const capitalised = /^\p{Lu}/u.test(part) && !words.CAPITALISED_NOT_NAMES.has(part.toLowerCase())
    const knownFirst = name.length === 0 && words.FIRST_NAMES.has(part.toLowerCase())
    const surnameAfterFirst = name.length === 1 && words.FIRST_NAMES.has(name[0]!.toLowerCase()) && !words.NOT_A_NAME.has(part.toLowerCase())
    if (!(capitalised || knownFirst || surnameAfterFirst)) break
    name.push(part)
  }
  return name.length > 0 || title ? [...(title ? [parts[0]] : []), ...name].join(" ") : null
}

const RULES: readonly Rule[] = [
  // E-mails: as written (spaces around « @ » too), with « @ » bracketed, or with « at », « arobase », « chez » before a domain.
  [new RegExp(`${LOCAL_PART}\\s*@\\s*${DOMAIN_PART}`, "giu"), "[e-mail]", /@/],
  [new RegExp(`${LOCAL_PART}${words.AT_BRACKETED}${DOMAIN_PART}`, "giu"), "[e-mail]", /[([{<]\s*(?:at|arobase|@)\s*[)\]}>]/i],
  [new RegExp(`${LOCAL_PART}${words.AT_WORD}(?:${ENDS_AS_DOMAIN})${END}`, "giu"), "[e-mail]", /\s(?:at|arobase|chez)\s/i],
  // Two letters, two check digits, then groups of four holding a digit, spaced or not, and the last one
  // shorter ("FR76 3000 6000 0112 3456 7890 189"): the words after it (« pour mes ») are not part of it.
  [
    new RegExp(`${START}[a-z]{2}\\d{2}(?:[ .\\u00a0\\u202f-]?(?=[a-z]{0,3}\\d)[a-z0-9]{4}){2,7}(?:[ .\\u00a0\\u202f-]?\\d[a-z0-9]{0,2})?${END}`, "giu"),
    "[IBAN]",
  ],
  // Labelled numbers: the label stays, the number goes (« passeport [numéro] », « cvv [code] », « né le [date de naissance] »).
  [new RegExp(`${START}(${words.ID_LABELS})${words.ID_FILLER}\\s*(?:${DOCUMENT_NUMBER})${END}`, "giu"), (_m, label: string) => `${label} [numéro]`],
  [new RegExp(`${START}(${words.CARD_CODE_LABELS})\\s*(?:est|is|:|=)?\\s*\\d{3,4}${END}`, "giu"), keepLabel("[code]")],
  [new RegExp(`${START}(${words.CARD_EXPIRY_LABELS})\\s*:?\\s*\\d{1,2}\\s*[/.-]\\s*\\d{2,4}${END}`, "giu"), keepLabel("[date]")],
  [new RegExp(`${START}(${words.BIRTH_LABELS})\\s*:?\\s*(?:${NUMERIC_DATE}|${WRITTEN_DATE}|\\d{4})${END}`, "giu"), keepLabel("[date de naissance]")],
  // Any other whole date with its year (« le 03/04/1985 », « 3 avril 1985 »).
  [/(?<![\p{L}\d])\d{1,2}\s*([/.-])\s*\d{1,2}\s*\1\s*(?:19|20)\d{2}(?![\p{L}\d]|[ .\-/]\d)/gu, "[date]"],
  [new RegExp(`${START}\\d{1,2}(?:er)?\\s+(?:${words.MONTHS})\\s+(?:19|20)\\d{2}${END}`, "giu"), "[date]"],
  // A street: its number, its kind, then its name's words up to the punctuation or what the sentence goes on with.
  [
    new RegExp(
      `${START}\\d{1,4}\\s*(?:bis|ter|quater|[a-d])?\\s*,?\\s+(?:${words.STREET_TYPES})(?![\\p{L}])(?:[ \\u00a0]+(?!(?:${words.AFTER_ADDRESS})(?![\\p{L}]))[\\p{L}\\d'’.-]+){0,6}`,
      "giu",
    ),
    "[adresse]",
  ],
  // A postcode with its town (« 75011 Paris », « 69100 Villeurbanne Cedex »).
  [
    new RegExp(
      `${START}\\d{5}\\s+\\p{Lu}[\\p{L}'’-]*(?:[\\s-]+(?:sur|sous|en|le|la|les|de|du|d['’]|l['’]|\\p{Lu}[\\p{L}'’-]*))*(?:\\s+cedex(?:\\s+\\d{1,2})?)?`,
      "gu",
    ),
    "[code postal]",
  ],
  // Letters and digits mixed, eight or more with at least four digits: a document, a parcel, a card typed with a letter.
  [/(?<![\p{L}\d])(?=[A-Z\d]*[A-Z])(?=(?:[A-Z]*\d){4})[A-Z\d]{8,}(?![\p{L}\d])/giu, "[numéro]"],
  // Names: after a title, after what says it is one, after « je suis » when it looks like one, before a closing's end.
  [new RegExp(`${START}(?:${words.TITLES})(?:\\s+\\p{Lu}[\\p{L}'’-]+){1,3}`, "gu"), "[nom]"],
  [
    new RegExp(`${START}(${words.NAME_INTRODUCERS})((?:\\s+${NAME_WORD}){1,3})`, "giu"),
    (match: string, label: string, following: string) => {
      const name = following.trim().split(/\s+/)
      const kept = name.findIndex((word) => words.NOT_A_NAME.has(word.toLowerCase()))
      const taken = kept === -1 ? name : name.slice(0, kept)
      return taken.length === 0 ? match : `${label} [nom]${kept === -1 ? "" : ` ${name.slice(kept).join(" ")}`}`
    },
  ],
  [
    new RegExp(`${START}(${words.MAYBE_NAME_INTRODUCERS})((?:\\s+${NAME_WORD}\\.?){1,4})`, "gu"),
    (match: string, label: string, following: string) => {
      const name = nameAfterMaybe(following)
      return name === null ? match : `${label} [nom]${following.trim().slice(name.length)}`
    },
  ],
  [
    new RegExp(`${START}(${words.SIGN_OFFS})([\\s,.!-]+)\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+){0,2}\\s*[.!]?\\s*$`, "gu"),
    (_m, closing: string, gap: string) => `${closing}${gap}[nom]`,
  ],
  [
    new RegExp(`${START}(\\p{Lu}[\\p{L}'’-]+)\\s+\\p{Lu}[\\p{L}'’-]+${END}`, "gu"),
    (match: string, first: string) => (words.FIRST_NAMES.has(first.toLowerCase()) ? "[nom]" : match),
  ],
  // The numbers left, in any spacing: judged by their digits.
  [/(?<![\p{L}\d])(?:\+[ \u00a0\u202f]?)?\d(?:[ \u00a0\u202f.\-/()]{1,3}\d|\d)*/gu, maskNumber],
]

/** A number as typed ("+33 (0)6 12 34 56 78", "4970-1012-3456-7890", "75011", "45"), masked by what its digits say it is. */
function maskNumber(typed: string): string {
  const digits = typed.replace(/\D/g, "")
  const international = typed.startsWith("+") || digits.startsWith("00")
  if (international && digits.length >= 8 && digits.length <= 15) return "[téléphone]"
  if (digits.startsWith("0") && digits.length === 10) return "[téléphone]"
  if (digits.length >= 8) return "[numéro]"
  // Fewer digits: sizes and prices side by side (« 38 40 42 ») are no one's; a postcode or a long number among them is.
  return typed.replace(/\d+/g, (group) => (group.length === 5 ? "[code postal]" : group.length >= 6 ? "[numéro]" : group))
}

export function maskPersonalData(text: string): string {
  const visible = withoutInvisibles(text.replace(/[\t\n\r\f\v]+/g, " "))
  return RULES.reduce(
    (masked, [pattern, mask, when]) => (when && !when.test(masked) ? masked : masked.replace(pattern, mask as (match: string, ...groups: string[]) => string)),
    visible,
  )
}
