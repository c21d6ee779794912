/**
 * A correction of the register (R321-6-1: a mistake is never edited, it is rectified by a new
 * entry): from the owner's form on /admin/registre/ (src/server/inbox/register-page.ts, through
 * the port the host hands over), a new entry holding the corrected entry's values with the
 * owner's changes, `rectifies` naming its number and `correction` saying what is corrected.
 *
 * What must stay true: the corrected entry is never touched; the form carries the number of
 * entries it was shown with, and an entry is written only if the register still has that many (a
 * double click, or another tab's entry meanwhile, writes nothing: 409); every field has its limit
 * (src/contract/correction-fields.ts CORRECTION_LIMITS) and every problem is named in French beside its
 * field, with everything typed handed back; a correction obeys the payment's rules (cash at most
 * CASH_LIMIT_CENTS, a payment date between the request's day and today, an identity document
 * issued after 1900 and not in the future); multi-line fields keep their line breaks (\n).
 */
import { CASH_LIMIT_CENTS, ID_TYPES, PAYMENT_METHODS, type RegisterEntry } from "../../contract/buyback"
import { entryPartOf, correctionValues, CORRECTED_GARMENT, CORRECTED_SELLER, CORRECTION_LIMITS, type CorrectionField } from "../../contract/correction-fields"
import { parseEuros } from "../../contract/euros"
import { withoutInvisibles } from "../../contract/text"
import { dayText, isDay, shopDay } from "../shop-time"
import { RegisterRefusal, type Register } from "./register"
import { clock } from "../clock"
import { holdsToForm } from "../http/form-schema"

export type Correction =
  | { ok: true; entry: RegisterEntry }
  | { ok: false; status: 400 | 404 | 409; error: string; fields: Partial<Record<CorrectionField, string>>; typed: Partial<Record<CorrectionField, string>> }

const FIELDS = Object.keys(CORRECTION_LIMITS) as CorrectionField[]
const REQUIRED: Readonly<Partial<Record<CorrectionField, string>>> = {
  nom: "Indiquez le nom du vendeur.",
  prenoms: "Indiquez ses prénoms.",
  adresse: "Indiquez son adresse.",
  piece: "Choisissez le type de pièce d'identité.",
  piece_numero: "Indiquez le numéro de la pièce.",
  piece_date: "Indiquez la date de délivrance (jj/mm/aaaa).",
  piece_autorite: "Indiquez qui a délivré la pièce.",
  provenance: "Indiquez la provenance (ex. achat à un particulier, demande n° …).",
  prix: "Indiquez le prix en euros (ex. 35,50).",
  paiement: "Choisissez le mode de paiement.",
  paiement_date: "Indiquez la date du paiement (jj/mm/aaaa).",
  motif: "Dites ce qui est corrigé et pourquoi (ex. « Numéro de pièce mal recopié »).",
}

/** Fields typed on several lines (textarea): their line breaks are kept, as \n. */
export const MULTI_LINE: ReadonlySet<CorrectionField> = new Set(["adresse", "signes", "objet", "motif"])

/** What was typed, cleaned: invisible characters removed, line breaks kept only where the field has lines. */
function cleaned(name: CorrectionField, value: string): string {
  const lines = value
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => withoutInvisibles(line).trimEnd())
  return (MULTI_LINE.has(name) ? lines.join("\n") : lines.join(" ")).trim()
}

/** The request's day from its number (« 20261120-0900-AAAAAA »): no payment happens before it. */
function requestDay(request: string): string | null {
  const digits = /^(\d{4})(\d{2})(\d{2})-/.exec(request)
  const day = digits ? `${digits[1]}-${digits[2]}-${digits[3]}` : ""
  return isDay(day) ? day : null
}

const forged = (): Correction => ({ ok: false, status: 400, error: "Formulaire illisible : rechargez la page et recommencez.", fields: {}, typed: {} })

/**
 * Appends the correction of entry `number` posted in `body` (its fields, `version`: the number of
 * entries the form was shown with), or says why not.
 */
export async function rectify(register: Register, number: number, body: unknown, now = clock.now()): Promise<Correction> {
  // The form's own fields and its version, each one text (../http/form-schema.ts): anything else is a forged post.
  if (!holdsToForm(body, { fields: [...FIELDS, "version"] })) return forged()
  const posted = body as Record<string, unknown>
  const typed: Partial<Record<CorrectionField, string>> = {}
  for (const name of FIELDS) {
    const value = posted[name] ?? ""
    // A field sent twice (or anything but text) is a forged post.
    if (typeof value !== "string") return forged()
    typed[name] = cleaned(name, value)
  }
  const entries = await register.list()
  const original = entries.find((entry) => entry.number === number)
  if (!original) return { ok: false, status: 404, error: `L'entrée n° ${number} n'existe pas dans le registre.`, fields: {}, typed }
  if (posted.version !== String(entries.length)) return changedMeanwhile(typed)

  const fields: Partial<Record<CorrectionField, string>> = {}
  for (const name of FIELDS) {
    const value = typed[name] ?? ""
    const limit = CORRECTION_LIMITS[name]
    if (!value && REQUIRED[name]) fields[name] = REQUIRED[name]
    else if (value.length > limit) fields[name] = `Trop long (${value.length} caractères : ${limit} au plus).`
  }
  // The garment named one way or the other (R321-5): its nature (per-garment entries, whose description
  // is optional at reception) or its description (the entries written before garments had a nature).
  if (!typed.nature && !typed.objet && !fields.objet) fields.objet = "Décrivez l'article tel que reçu, ou indiquez sa nature."
  const idTypes: readonly string[] = Object.values(ID_TYPES)
  if (!fields.piece && !idTypes.includes(typed.piece ?? "")) fields.piece = "Choisissez le type de pièce d'identité dans la liste."
  const methods: readonly string[] = Object.values(PAYMENT_METHODS)
  if (!fields.paiement && !methods.includes(typed.paiement ?? "")) fields.paiement = "Choisissez le mode de paiement dans la liste."
  for (const name of ["piece_date", "paiement_date"] as const) if (!fields[name] && !isDay(typed[name] ?? "")) fields[name] = "Date invalide : jj/mm/aaaa."
  const today = shopDay(now)
  const idDate = typed.piece_date ?? ""
  if (!fields.piece_date && (idDate < "1900-01-01" || idDate > today))
    fields.piece_date = `Date impossible : entre le 01/01/1900 et aujourd'hui (${dayText(today)}).`
  const firstDay = requestDay(original.request) ?? "2000-01-01"
  const paidOn = typed.paiement_date ?? ""
  if (!fields.paiement_date && (paidOn < firstDay || paidOn > today)) {
    fields.paiement_date = `Date impossible : entre le ${dayText(firstDay)} (${firstDay === "2000-01-01" ? "au plus tôt" : "jour de la demande"}) et aujourd'hui (${dayText(today)}).`
  }
  const cents = fields.prix ? null : parseEuros(typed.prix ?? "")
  if (!fields.prix && (cents === null || cents <= 0)) fields.prix = `« ${typed.prix} » n'est pas un prix : écrivez par exemple 35,50.`
  else if (!fields.prix && !fields.paiement && typed.paiement === PAYMENT_METHODS.especes && (cents ?? 0) > CASH_LIMIT_CENTS) {
    fields.prix = `En espèces, ${(CASH_LIMIT_CENTS / 100).toLocaleString("fr-FR")} € au plus (Code monétaire et financier, art. D112-3) : choisissez un virement ou un bon d'achat.`
  }
  const count = Object.keys(fields).length
  if (count > 0) return { ok: false, status: 400, error: count === 1 ? "Un champ est à corriger." : `${count} champs sont à corriger.`, fields, typed }

  const before = correctionValues(original)
  if (FIELDS.every((name) => name === "motif" || (name === "prix" ? parseEuros(before.prix) === cents : before[name] === typed[name]))) {
    return { ok: false, status: 400, error: "Aucun champ n'a changé : corrigez au moins une valeur de l'entrée.", fields: {}, typed }
  }
  const correction = {
    rectifies: number,
    correction: typed.motif ?? "",
    request: original.request,
    seller: { status: "particulier" as const, ...entryPartOf(CORRECTED_SELLER, typed) },
    item: { index: original.item.index, ...entryPartOf(CORRECTED_GARMENT, typed) },
    provenance: typed.provenance ?? "",
    price_cents: cents ?? 0,
    payment_method: typed.paiement ?? "",
    payment_date: typed.paiement_date ?? "",
  }
  try {
    const entry = await register.appendAfter(correction, entries.length, now)
    return entry ? { ok: true, entry } : changedMeanwhile(typed)
  } catch (error) {
    // The register is cut (shorter than its checkpoint) or its key is missing: no number is given.
    if (error instanceof RegisterRefusal) return { ok: false, status: 409, error: error.message, fields: {}, typed }
    throw error
  }
}

const changedMeanwhile = (typed: Partial<Record<CorrectionField, string>>): Correction => ({
  ok: false,
  status: 409,
  error:
    "Le registre a changé depuis l'ouverture de ce formulaire (rectification déjà inscrite, ou nouvel achat) : relisez-le. Votre saisie est conservée : inscrivez-la à nouveau si elle manque.",
  fields: {},
  typed,
})
