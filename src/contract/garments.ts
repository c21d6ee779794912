/**
 * One garment, from the estimate form to the register and the stock (issues 46 and 47): the
 * shapes every room agrees on while the buy-back moves from one item per request to one line per
 * garment. The estimate form writes `LeadGarment`s into the request (lead.json `garments`), the
 * buy-back prices, receives and pays them one by one, and each paid garment becomes one register
 * entry whose `item` is a `RegisterGarment`; the stock reads those entries.
 *
 * What must stay true: a garment keeps its place (`index`, from 0) from the form to the register,
 * so an offer's line, a reception's verdict and a register entry name the same garment; a request
 * written before several garments existed reads as one garment (`leadGarments`).
 */

/** Most garments one estimate request may hold (« Ajouter un article », up to 10). */
export const MAX_GARMENTS = 10

/** One garment as the seller described it in the estimate form: every field optional but its photos. */
export type LeadGarment = {
  brand?: string
  category?: string
  condition?: string
  description?: string
  /** File names inside the request's folder (photo-1.jpg…), this garment's only. */
  photos: string[]
}

/** What a request holds, as far as garments go (src/server/leads/types.ts `Lead` has these fields). */
type GarmentSource = {
  garments?: LeadGarment[]
  description?: string
  item?: { brand?: string; category?: string; condition?: string }
  photos: ReadonlyArray<{ file: string }>
}

/** A request's garments, in the form's order: `garments` when the form sent them, else the one garment of an older request. */
export function leadGarments(lead: GarmentSource): LeadGarment[] {
  if (lead.garments && lead.garments.length > 0) return lead.garments
  return [
    {
      ...(lead.item ?? {}),
      ...(lead.description ? { description: lead.description } : {}),
      photos: lead.photos.map((photo) => photo.file),
    },
  ]
}

/**
 * A garment as the owner describes it on arrival, the way the register keeps it (R321-5: nature,
 * marks): typed at reception, one per garment kept. Multi-line texts keep their line breaks (\n).
 */
export type RegisterGarment = {
  /** Its place in the request (0-based), so the stock finds its photos. */
  index: number
  /** « Polo », « Pull », « Chemise »… */
  nature: string
  brand: string
  size: string
  colour: string
  /** Identifying marks, labels, defects as received. */
  marks: string
  condition: string
  /** The owner's free description as received. */
  description: string
}

/** A size as every page and paper of the register writes it: « taille M ». */
export const sizeWords = (size: string): string => `taille ${size}`
