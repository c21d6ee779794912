/**
 * Personal data out of a visitor's question before anything is written: names, postal addresses,
 * e-mails (also in disguise: « (at) », « arobase », « chez »), dates of birth (also in words),
 * ages, identity documents' numbers, cards' numbers and codes, IBAN, licence plates, flats'
 * and buildings' parts, phone numbers in any spacing become a word in brackets. The words it
 * recognises them by are in ./mask-words.ts; the names no label introduces (a relative's, a
 * particle's, any capitalised word that is no word of the shop's) are ./mask-names.ts's, which
 * reads the shop's words from the chat's content once (or from the ShopWords given).
 *
 *   « Je suis Jean Dupont, 12 rue de Rivoli, jean.dupont(at)gmail.com, né le 03/04/1985 »
 *   → « Je suis [nom], [adresse], [e-mail], né le [date de naissance] »
 *   « Mon mari Rachid Haddad, résidence Les Pins, bât. C, apt 12, né le douze mars quatre-vingt-cinq »
 *   → « Mon mari [nom], résidence [adresse], [adresse], [adresse], né le [date de naissance] »
 *
 * What must stay true: invisible characters go first (a zero-width space inside a number or a
 * right-to-left override would hide it from every rule); then the order matters: an e-mail or an
 * IBAN holds digits, an address a number, an identity document letters and digits, which the
 * later rules would cut; the numbers left come last, judged by how many digits they hold, whatever
 * their spacing; the capitalised words left are judged last. A maxAi question with no personal
 * data comes out unchanged.
 */
import { withoutInvisibles } from "../../contract/text"
import * as words from "./mask-words"
import { maskNames, siteShopWords, type ShopWords } from "./mask-names"

const { START, END, NAME_WORD } = words

/** A pattern, its mask, and what the text must hold for the pattern to be tried at all (its cheap first look). */
type Rule = readonly [RegExp, string | ((match: string, ...groups: string[]) => string), RegExp?]

/** Starting only where an address could start (not inside "aaaa…" or "1-1-1…"): each rule tries a long word once, not once per letter. */
const LOCAL_PART = String.raw`(?<![\p{L}\d_%+.-])[\p{L}\d_%+-]+(?:${words.DOT}[\p{L}\d_%+-]+)*`
const DOMAIN_PART = String.raw`[\p{L}\d-]+(?:${words.DOT}[\p{L}\d-]+)*`
const ENDS_AS_DOMAIN = String.raw`(?:${words.PROVIDERS})(?:${words.DOT}(?:${words.TOP_DOMAINS}))?|[\p{L}\d-]+(?:${words.DOT}[\p{L}\d-]+)*${words.DOT}(?:${words.TOP_DOMAINS})`

const NUMERIC_DATE = String.raw`\d{1,2}(?:er)?\s*[/.-]\s*\d{1,2}\s*[/.-]\s*\d{2,4}|\d{4}-\d{2}-\d{2}`
/** A day and month, in digits or words, and maybe a year (« douze mars quatre-vingt-cinq », « 12 mars 85 »). */
const WORDS_DATE = String.raw`(?:${words.NUMBER_WORDS}|\d{1,2}(?:er)?)\s+(?:${words.MONTHS})(?:\s+(?:${words.NUMBER_WORDS}|(?:19|20)?\d{2}))?`
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

const rulesFor = (shop: ShopWords): readonly Rule[] => [
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
  [new RegExp(`${START}(${words.DOOR_CODE_LABELS})\\s*(?:est|is|:|=|c['’]est)?\\s*[A-Z\\d]*\\d[A-Z\\d]*${END}`, "giu"), keepLabel("[code]")],
  // Licence plates: labelled, in either case (« immatriculation ab-123-cd »); else as written, in capitals (« AB-123-CD », « 1234 AB 75 »).
  [
    new RegExp(`${START}(${words.PLATE_LABELS})\\s*(?:n°|:|est|c['’]est|is)?\\s*(?:${words.NEW_PLATE}|${words.OLD_PLATE})${END}`, "giu"),
    keepLabel("[immatriculation]"),
  ],
  [new RegExp(`${START}(?:${words.NEW_PLATE}|${words.OLD_PLATE}|[a-z]{2}-\\d{3}-[a-z]{2})${END}`, "gu"), "[immatriculation]"],
  // Dates of birth in digits or words, the year alone (« née en 85 »); ages, and a year beside one or after « je suis de ».
  [
    new RegExp(`${START}(${words.BIRTH_LABELS})\\s*:?\\s*(?:${NUMERIC_DATE}|${WORDS_DATE}|${WRITTEN_DATE}|\\d{4}|\\d{2}|${words.NUMBER_WORDS})${END}`, "giu"),
    keepLabel("[date de naissance]"),
  ],
  [new RegExp(`${START}(${words.AGE_LABELS})\\s*(?:\\d{1,3}|${words.NUMBER_WORDS})\\s*(?:ans|years?\\s+old|y\\.?o)${END}`, "giu"), keepLabel("[âge]")],
  [
    new RegExp(`${START}(${words.BIRTH_YEAR_LABELS})\\s*(?:l['’]ann[ée]e\\s+)?(?:(?:19|20)\\d{2}|['’]\\d{2}|${words.YEAR_WORDS})${END}`, "giu"),
    keepLabel("[année de naissance]"),
  ],
  [/(\[âge\][^.?![\]]{0,30}?)(?<![\p{L}\d])(?:19|20)\d{2}(?![\p{L}\d])/gu, "$1[année de naissance]", /\[âge\]/],
  [/(?<![\p{L}\d])\d{1,3}\s*ans(?![\p{L}])/gu, "[âge]", /\[(?:date|année) de naissance\]/],
  // Any other whole date with its year (« le 03/04/1985 », « 3 avril 1985 »).
  [/(?<![\p{L}\d])\d{1,2}\s*([/.-])\s*\d{1,2}\s*\1\s*(?:19|20)\d{2}(?![\p{L}\d]|[ .\-/]\d)/gu, "[date]"],
  [new RegExp(`${START}(?:${words.NUMBER_WORDS}|\\d{1,2}(?:er)?)\\s+(?:${words.MONTHS})\\s+(?:(?:19|20)\\d{2}|${words.YEAR_WORDS})${END}`, "giu"), "[date]"],
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
  // A flat's or a building's part (« bât. C », « apt 12 », « 3e étage »); a place without a number (« lieu-dit Les Granges »).
  [new RegExp(`${START}\\d{1,2}\\s*(?:e|è|ème|eme|er|ère|ere|°)\\s+[ée]tage${END}`, "giu"), "[adresse]"],
  [
    new RegExp(`${START}(?:${words.BUILDING_PARTS})\\s*(?:n°|no\\.?|num[ée]ro|#)?\\s*([A-Z]?\\d{1,4}[A-Z]?|[A-Z])${END}`, "giu"),
    (match: string, part: string) => (/^[a-z]$/.test(part) ? match : "[adresse]"),
  ],
  [
    new RegExp(
      `${START}(${words.PLACE_LABELS})((?:\\s+(?:${words.PLACE_ARTICLES}))?\\s*\\p{Lu}[\\p{L}'’-]*(?:\\s+(?:(?:de|du|des|la|le|les|sur|sous|en|aux?)\\s+|d['’]|l['’])?\\p{Lu}[\\p{L}'’-]*){0,3})`,
      "gu",
    ),
    keepLabel("[adresse]"),
  ],
  [new RegExp(`${START}([Ll]ieu[- ]?[Dd]it)((?:[ \\u00a0]+(?!(?:${words.AFTER_ADDRESS})(?![\\p{L}]))[\\p{L}'’-]+){1,3})`, "gu"), keepLabel("[adresse]")],
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
    // A first name and a capitalised word, unless both are the shop's (« Hugo Boss », « Louis Vuitton »).
    (match: string, first: string) => (words.FIRST_NAMES.has(first.toLowerCase()) && !shop.isShopWord(match) ? "[nom]" : match),
  ],
  // A phone number spelt out (« zéro six, douze, trente-quatre… »), then the numbers left, in any spacing: judged by their digits.
  [new RegExp(`${START}z[ée]ro(?:[\\s,.-]+(?:et[\\s-]+)?${words.NUMBER_WORD}){4,}`, "giu"), "[téléphone]"],
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

/** The rules, made once for each vocabulary of the shop's. */
const RULES = new WeakMap<ShopWords, readonly Rule[]>()

/** The text with its personal data masked; the names judged against the shop's words (the site's own unless given). */
export function maskPersonalData(text: string, shop: ShopWords = siteShopWords()): string {
  const visible = withoutInvisibles(text.replace(/[\t\n\r\f\v]+/g, " "))
  const rules = RULES.get(shop) ?? rulesFor(shop)
  RULES.set(shop, rules)
  const masked = rules.reduce(
    (masked, [pattern, mask, when]) => (when && !when.test(masked) ? masked : masked.replace(pattern, mask as (match: string, ...groups: string[]) => string)),
    visible,
  )
  return maskNames(masked, shop)
}
