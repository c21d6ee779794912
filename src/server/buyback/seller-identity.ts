/**
 * The seller's identity as the acceptance form posts it (« Confirmer la vente »): exactly what the
 * register needs (Code pénal R321-3: name, first names, address, identity document's type, number,
 * date and authority) and the IBAN to pay, each checked with its problem in French.
 *
 * What must stay true: an identity document is dated after 1 January 1900 and not after today
 * (Paris); the IBAN is checked as its country defines it (src/contract/iban.ts) and kept compact;
 * the address keeps its line breaks (\n).
 */
import { BUYBACK_LIMITS, ID_TYPES, type IdType, type Seller } from "../../contract/buyback"
import { compactIban, ibanCountryProblem, isValidIban } from "../../contract/iban"
import { isDay, shopDay } from "../shop-time"
import { tooLong, type Typed } from "./machine"
import { isOwnKey } from "../../contract/own-keys"

/** The earliest identity document date accepted. */
const FIRST_ID_DAY = "1900-01-01"

/** The acceptance form's problems, field by field, or the seller as the register keeps them. */
export function readSeller(typed: Typed, now: Date): { seller: Seller } | { fields: Record<string, string> } {
  const fields: Record<string, string> = {}
  const required = (name: string, label: string, limit: number) => {
    const value = typed[name] ?? ""
    if (!value) fields[name] = `Indiquez ${label}.`
    else {
      const long = tooLong(value, limit)
      if (long) fields[name] = `Trop long (${long})`
    }
    return value
  }
  const surname = required("nom", "votre nom", BUYBACK_LIMITS.surname)
  const firstNames = required("prenom", "votre prénom", BUYBACK_LIMITS.firstNames)
  const address = required("adresse", "votre adresse postale", BUYBACK_LIMITS.address)
  const idType = typed.piece_type ?? ""
  if (!isOwnKey(ID_TYPES, idType)) fields.piece_type = "Choisissez le type de pièce d'identité."
  const idNumber = required("piece_numero", "le numéro de la pièce", BUYBACK_LIMITS.idNumber)
  const idDate = typed.piece_date ?? ""
  if (!idDate) fields.piece_date = "Indiquez la date de délivrance."
  else if (!isDay(idDate)) fields.piece_date = "Date invalide : jj/mm/aaaa."
  else if (idDate < FIRST_ID_DAY) fields.piece_date = "Cette date est trop ancienne : vérifiez l'année (après 1900)."
  else if (idDate > shopDay(now)) fields.piece_date = "Cette date est dans le futur."
  const idAuthority = required("piece_autorite", "qui a délivré la pièce (ex. Préfecture du Rhône)", BUYBACK_LIMITS.idAuthority)
  const iban = typed.iban ?? ""
  if (!iban) fields.iban = "Indiquez l'IBAN du compte à créditer."
  else if (iban.length > BUYBACK_LIMITS.iban) fields.iban = `Trop long (${iban.length} caractères : ${BUYBACK_LIMITS.iban} au plus).`
  else if (!isValidIban(iban)) {
    const country = ibanCountryProblem(iban)
    fields.iban = country
      ? `Cet IBAN n'est pas valide : ${country}.`
      : "Cet IBAN n'est pas valide : vérifiez chaque caractère (ex. FR76 3000 6000 0112 3456 7890 189)."
  }
  if (typed.atteste !== "oui") fields.atteste = "Cochez cette case pour confirmer la vente."
  if (Object.keys(fields).length > 0) return { fields }
  return {
    seller: {
      surname,
      first_names: firstNames,
      address,
      id_type: idType as IdType,
      id_number: idNumber,
      id_date: idDate,
      id_authority: idAuthority,
      iban: compactIban(iban),
    },
  }
}
