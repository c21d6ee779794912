/**
 * POST /api/estimate, as the form (src/sections/Buyback/EstimateForm, src/lib/estimate-client.ts)
 * and the server (src/server/http/routes.ts, src/server/estimate/) both read it: a multipart form with
 * these fields and limits. The form applies the same limits so a visitor never meets the server's.
 */
import { MAX_PHOTO_BYTES } from "./photos"

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

export const ESTIMATE_LIMITS = { minPhotos: 1, maxPhotos: 4, photoBytes: MAX_PHOTO_BYTES, description: 2000, itemField: 100 } as const

/** The optional item fields, in the order the form shows them and the mail lists them. */
export const ITEM_FIELDS = ["brand", "category", "condition"] as const
export type EstimateItem = Partial<Record<(typeof ITEM_FIELDS)[number], string>>

/** The 201 answer: the request's number, a sentence, and (where requests last: the site's own server) the seller's private page's full address. */
export type EstimateAccepted = { id: string; message: string; page?: string }
