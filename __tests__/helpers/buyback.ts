/** A stored estimate request, the acceptance form a seller fills in and a register entry, for the buy-back's tests. */
import type { Outbox } from "../../src/server/leads/outbox"
import type { Lead } from "../../src/server/leads/types"
import type { NewEntry } from "../../src/server/register/register"

export const SELLER_FORM = {
  nom: "Martin",
  prenom: "Claire",
  adresse: "3 rue des Lilas, 69003 Lyon",
  piece_type: "cni",
  piece_numero: "X4RTBPFW4",
  piece_date: "2021-03-02",
  piece_autorite: "Préfecture du Rhône",
  iban: "FR76 3000 6000 0112 3456 7890 189",
  atteste: "oui",
}

/** An estimate request without photos, as the outbox keeps it. */
export async function storeRequest(outbox: Outbox, id: string, created_at = "2026-11-26T09:00:00.000Z", email = "claire@exemple.fr"): Promise<Lead> {
  const lead: Lead = { id, kind: "estimate", created_at, email, item: { brand: "Lacoste", category: "Polo", condition: "Très bon état" }, photos: [] }
  await outbox.add(lead)
  return lead
}

/** A purchase as the payment step writes it to the register: Claire Martin's polo, 35,50 € by transfer. */
export function purchase(request: string, overrides: Partial<NewEntry> = {}): NewEntry {
  return {
    request,
    seller: {
      status: "particulier",
      surname: "Martin",
      first_names: "Claire Anne",
      address: "3 rue des Lilas, 69003 Lyon",
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
      marks: "",
      condition: "Très bon état",
      description: "Polo blanc taille M, petit accroc au col",
    },
    provenance: `Rachat à un particulier, demande n° ${request}`,
    price_cents: 3550,
    payment_method: "Virement",
    payment_date: "2026-11-27",
    ...overrides,
  }
}
