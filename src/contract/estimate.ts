/**
 * POST /api/estimate, as the form (src/sections/Buyback/EstimateForm, src/lib/estimate-client.ts)
 * and the server (src/server/http/routes.ts, src/server/estimate/) both read it: a multipart form with
 * these fields and limits. The form applies the same limits so a visitor never meets the server's.
 *
 * Several garments in one request (issue 46): garment N's fields are `garments[N][brand]`… and its
 * photos files under `photos[N]` (N from 0, below MAX_GARMENTS). A form written before that (fields
 * without an index: `brand`, `description`, `photos`…) is one garment, the first.
 */
import { MAX_GARMENTS } from "./garments"
import { MAX_PHOTO_BYTES } from "./photos"

export { MAX_GARMENTS }

export const ESTIMATE_FIELDS = {
  email: "email",
  description: "description",
  /** Each photo is one file under this name. */
  photos: "photos",
  /** Optional, for the indicative range (src/contract/buyback-range.ts): the item's brand ("Autre marque" allowed), category and condition. */
  brand: "brand",
  category: "category",
  condition: "condition",
  /** The hidden field only bots fill in (the form renders it off-screen, out of the tab order). */
  honeypot: "website",
} as const

const MB = 1024 * 1024

export const ESTIMATE_LIMITS = {
  minPhotos: 1,
  /** Per garment. */
  maxPhotos: 4,
  photoBytes: MAX_PHOTO_BYTES,
  /**
   * Every photo of a request together: a lot of ten garments cannot weigh 40 × 10 MB. 80 MB goes up
   * within the route's time (src/server/http/routes.ts) at about 1.2 Mbit/s.
   */
  requestPhotoBytes: 80 * MB,
  description: 2000,
  itemField: 100,
} as const

/** The optional item fields, in the order the form shows them and the mail lists them. */
export const ITEM_FIELDS = ["brand", "category", "condition"] as const
export type EstimateItem = Partial<Record<(typeof ITEM_FIELDS)[number], string>>

/** What a garment's block sends besides its photos. */
export const GARMENT_TEXT_FIELDS = [...ITEM_FIELDS, "description"] as const
export type GarmentTextField = (typeof GARMENT_TEXT_FIELDS)[number]

/** `garments[2][brand]`: a garment's text field (index from 0). */
export function garmentField(index: number, field: GarmentTextField): string {
  return `garments[${index}][${field}]`
}

/** `photos[2]`: the field a garment's photos travel under. */
export function garmentPhotosField(index: number): string {
  return `${ESTIMATE_FIELDS.photos}[${index}]`
}

/** Every field name that carries photos: the legacy `photos` and one per garment. */
export const PHOTO_FIELDS: readonly string[] = [ESTIMATE_FIELDS.photos, ...Array.from({ length: MAX_GARMENTS }, (_, index) => garmentPhotosField(index))]

/** The 201 answer: the request's number, a sentence, and (where requests last: the site's own server) the seller's private page's full address. */
export type EstimateAccepted = { id: string; message: string; page?: string }
