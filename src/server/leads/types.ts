/** What the outbox stores for each request a visitor sends (src/server/leads/outbox.ts). */
import type { LeadGarment } from "../../contract/garments"

export type LeadKind = "estimate" | "chat"

export type LeadPhoto = {
  /** File name inside the lead's folder (photo-1.jpg…), never the visitor's. */
  file: string
  /** The visitor's file name, cleaned (no control or bidi character), for the CSV and the webhook; never a file or attachment name. */
  name: string
  type: string
  size: number
}

export type ChatLine = { from: "bot" | "user"; text: string; at: string }

export type Lead = {
  id: string
  kind: LeadKind
  created_at: string
  email: string
  name?: string
  description?: string
  /** The item's brand, category and condition when the visitor chose them in the form (the first garment's). */
  item?: { brand?: string; category?: string; condition?: string }
  /** Every photo of the request, all garments together. */
  photos: LeadPhoto[]
  /**
   * The estimate's garments in the form's order, each with its own photos (issue 46); absent from a
   * request written before: read them through `leadGarments` (src/contract/garments.ts).
   * `description` and `item` above are then the first garment's.
   */
  garments?: LeadGarment[]
  conversation?: ChatLine[]
}

/**
 * The delivery record beside lead.json, rewritten atomically after every attempt. "failed": every
 * channel not in `delivered` refused the request for good (SMTP 5xx, webhook 4xx), `last_error`
 * says why; it is never sent again by itself.
 */
export type DeliveryState = {
  status: "pending" | "sent" | "failed"
  attempts: number
  /** Channels that already took the lead: a retry never sends the mail twice because the webhook failed. */
  delivered: string[]
  /** Channels that refused it for good: never tried again. */
  refused?: string[]
  last_error?: string
  next_attempt_at?: string
  sent_at?: string
  failed_at?: string
}
