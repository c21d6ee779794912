/**
 * A correction of the register (R321-6-1: a mistake is never edited, it is rectified by a new
 * entry): from the owner's form on /admin/registre/ (src/server/inbox/register-page.ts, through
 * the port the host hands over), a new entry holding the corrected entry's values with the
 * owner's changes, `rectifies` naming its number and `correction` saying what is corrected.
 *
 * What must stay true: the corrected entry is never touched; the form carries the number of
 * entries it was shown with, and an entry is written only if the register still has that many (a
 * double click, or another tab's entry meanwhile, writes nothing: 409); every field has its limit
 * (src/contract/buyback.ts CORRECTION_LIMITS) and every problem is named in French beside its
 * field, with everything typed handed back.
 */
import { CORRECTION_LIMITS, ID_TYPES, PAYMENT_METHODS, correctionValues, type CorrectionField, type RegisterEntry } from "../../contract/buyback"
import { parseEuros } from "../../contract/euros"
import { withoutInvisibles } from "../../contract/text"
import { isDay } from "../shop-time"
import type { Register } from "./register"

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
  objet: "Décrivez l'objet et ses signes distinctifs.",
  prix: "Indiquez le prix en euros (ex. 35,50).",
  paiement: "Choisissez le mode de paiement.",
  paiement_date: "Indiquez la date du paiement (jj/mm/aaaa).",
  motif: "Dites ce qui est corrigé et pourquoi (ex. « Numéro de pièce mal recopié »).",
}

const forged = (): Correction => ({ ok: false, status: 400, error: "Formulaire illisible : rechargez la page et recommencez.", fields: {}, typed: {} })

/**
 * Appends the correction of entry `number` posted in `body` (its fields, `version`: the number of
 * entries the form was shown with), or says why not.
 */
export async function rectify(register: Register, number: number, body: unknown, now = new Date()): Promise<Correction> {
  if (typeof body !== "object" || body === null) return forged()
  const posted = body as Record<string, unknown>
  const typed: Partial<Record<CorrectionField, string>> = {}
  for (const name of FIELDS) {
    const value = posted[name] ?? ""
    // A field sent twice (or anything but text) is a forged post.
    if (typeof value !== "string") return forged()
    typed[name] = withoutInvisibles(value.replace(/\r\n?/g, "\n")).trim()
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
  const idTypes: readonly string[] = Object.values(ID_TYPES)
  if (!fields.piece && !idTypes.includes(typed.piece ?? "")) fields.piece = "Choisissez le type de pièce d'identité dans la liste."
  const methods: readonly string[] = Object.values(PAYMENT_METHODS)
  if (!fields.paiement && !methods.includes(typed.paiement ?? "")) fields.paiement = "Choisissez le mode de paiement dans la liste."
  for (const name of ["piece_date", "paiement_date"] as const) if (!fields[name] && !isDay(typed[name] ?? "")) fields[name] = "Date invalide : jj/mm/aaaa."
  const cents = fields.prix ? null : parseEuros(typed.prix ?? "")
  if (!fields.prix && (cents === null || cents <= 0)) fields.prix = `« ${typed.prix} » n'est pas un prix : écrivez par exemple 35,50.`
  const count = Object.keys(fields).length
  if (count > 0) return { ok: false, status: 400, error: count === 1 ? "Un champ est à corriger." : `${count} champs sont à corriger.`, fields, typed }

  const before = correctionValues(original)
  if (FIELDS.every((name) => name === "motif" || (name === "prix" ? parseEuros(before.prix) === cents : before[name] === typed[name]))) {
    return { ok: false, status: 400, error: "Aucun champ n'a changé : corrigez au moins une valeur de l'entrée.", fields: {}, typed }
  }
  const entry = await register.appendAfter(
    {
      rectifies: number,
      correction: typed.motif ?? "",
      request: original.request,
      seller: {
        status: "particulier",
        surname: typed.nom ?? "",
        first_names: typed.prenoms ?? "",
        address: typed.adresse ?? "",
        id_type: typed.piece ?? "",
        id_number: typed.piece_numero ?? "",
        id_date: typed.piece_date ?? "",
        id_authority: typed.piece_autorite ?? "",
      },
      item: { ...original.item, description: typed.objet ?? "", brand: typed.marque ?? "", nature: typed.categorie ?? "", condition: typed.etat ?? "" },
      provenance: original.provenance,
      price_cents: cents ?? 0,
      payment_method: typed.paiement ?? "",
      payment_date: typed.paiement_date ?? "",
    },
    entries.length,
    now,
  )
  return entry ? { ok: true, entry } : changedMeanwhile(typed)
}

const changedMeanwhile = (typed: Partial<Record<CorrectionField, string>>): Correction => ({
  ok: false,
  status: 409,
  error:
    "Le registre a changé depuis l'ouverture de ce formulaire (rectification déjà inscrite, ou nouvel achat) : relisez-le. Votre saisie est conservée : inscrivez-la à nouveau si elle manque.",
  fields: {},
  typed,
})
