/**
 * What the owner's inbox list shows of a request's buy-back (src/server/inbox/list-page.ts): made
 * by the buy-back (src/server/buyback/summary.ts) and handed over by the host, so the list never
 * reads the record's shape itself.
 */
import type { BuybackStage } from "./buyback"

export type BuybackSummary = {
  stage: BuybackStage
  /** The seller's name as given at acceptance (first names, surname), once known. */
  seller_name?: string
  /** The amount paid once paid, else the offer's (its total), if any. */
  amount_cents?: number
  /** Accepted or received, not paid yet: the shop owes it (« À payer »). */
  payable: boolean
  /** An open offer past its last day (« Expirée »). */
  expired: boolean
}
