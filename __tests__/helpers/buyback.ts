/** A stored estimate request, the forms a seller and the owner fill in and a register entry, for the buy-back's tests. */
import type { LeadGarment } from "../../src/contract/garments"
import type { Outbox } from "../../src/server/leads/outbox"
import type { Lead } from "../../src/server/leads/types"
import type { NewEntry } from "../../src/server/register/register"

export const SELLER_FORM = {
  nom: "Martin",
  prenom: "Claire",
  adresse: "3 rue des Lilas\n69003 Lyon",
  piece_type: "cni",
  piece_numero: "X4RTBPFW4",
  piece_date: "2021-03-02",
  piece_autorite: "Préfecture du Rhône",
  iban: "FR76 3000 6000 0112 3456 7890 189",
  atteste: "oui",
}

/** Two garments as the multi-garment estimate form writes them (lead.json `garments`). */
export const TWO_GARMENTS: LeadGarment[] = [
  { brand: "Lacoste", category: "Polo", condition: "Très bon état", description: "Polo blanc\naccroc au col", photos: [] },
  { brand: "Ralph Lauren", category: "Pull", condition: "Bon état", description: "Pull marine", photos: [] },
]

/** An estimate request without photos, as the outbox keeps it; `garments`: written as the multi-garment form does. */
export async function storeRequest(
  outbox: Outbox,
  id: string,
  created_at = "2026-11-26T09:00:00.000Z",
  email = "claire@exemple.fr",
  garments?: LeadGarment[],
): Promise<Lead> {
  const lead: Lead & { garments?: LeadGarment[] } = {
    id,
    kind: "estimate",
    created_at,
    email,
    item: { brand: "Lacoste", category: "Polo", condition: "Très bon état" },
    photos: [],
    ...(garments ? { garments } : {}),
  }
  await outbox.add(lead)
  return lead
}

/** The owner's offer form: one amount per garment (`montant_0`…), its validity and message. */
export function offerForm(amounts: string[], valable = "2099-12-31", message = ""): Record<string, string> {
  const form: Record<string, string> = { valable, message }
  amounts.forEach((amount, index) => (form[`montant_${index}`] = amount))
  return form
}

/** One garment's part of the reception form: its verdict (and new amount) and its description as received. */
export type GarmentVerdict = { verdict: "conforme" | "revu" | "refuse"; montant?: string; description?: string; signes?: string }

/** The owner's reception form, one verdict per garment, each described as received. */
export function receptionForm(verdicts: GarmentVerdict[], message = ""): Record<string, string> {
  const form: Record<string, string> = { message }
  verdicts.forEach((garment, index) => {
    Object.assign(form, {
      [`verdict_${index}`]: garment.verdict,
      [`montant_${index}`]: garment.montant ?? "",
      [`nature_${index}`]: index === 0 ? "Polo" : "Pull",
      [`marque_${index}`]: index === 0 ? "Lacoste" : "Ralph Lauren",
      [`taille_${index}`]: "M",
      [`couleur_${index}`]: index === 0 ? "Blanc" : "Marine",
      [`signes_${index}`]: garment.signes ?? "Étiquette intérieure présente",
      [`etat_${index}`]: "Très bon état",
      [`description_${index}`]: garment.description ?? "",
    })
  })
  return form
}

/** A purchase as the payment step writes it to the register: Claire Martin's polo, 35,50 € by transfer. */
export function purchase(request: string, overrides: Partial<NewEntry> = {}): NewEntry {
  return {
    request,
    seller: {
      status: "particulier",
      surname: "Martin",
      first_names: "Claire Anne",
      address: "3 rue des Lilas\n69003 Lyon",
      id_type: "Carte nationale d'identité",
      id_number: "X4RTBPFW4",
      id_date: "2021-03-02",
      id_authority: "Préfecture du Rhône",
    },
    item: {
      index: 0,
      nature: "Polo",
      brand: "Lacoste",
      size: "M",
      colour: "Blanc",
      marks: "Étiquette d'origine\nPetit accroc au col",
      condition: "Très bon état",
      description: "Polo blanc manches courtes",
    },
    provenance: `achat à un particulier, demande n° ${request}`,
    price_cents: 3550,
    payment_method: "Virement",
    payment_date: "2026-11-27",
    ...overrides,
  }
}
