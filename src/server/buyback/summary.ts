/**
 * A request's buy-back as the inbox's list shows it (src/contract/buyback-summary.ts): the one
 * place that reads the record's shape for the list, so the list follows the record whatever it
 * becomes.
 */
import type { Buyback } from "../../contract/buyback"
import type { BuybackSummary } from "../../contract/buyback-summary"
import { keptTotal } from "../../contract/buyback-garments"
import { isExpired } from "./machine"

export function summarize(buyback: Buyback, now: Date): BuybackSummary {
  // Paid: what was paid; received: the garments kept at their prices (revised or not); before: the offer's total.
  const amount = buyback.payment?.amount_cents ?? (buyback.reception ? keptTotal(buyback) : buyback.offer?.amount_cents)
  return {
    stage: buyback.stage,
    ...(buyback.seller ? { seller_name: `${buyback.seller.first_names} ${buyback.seller.surname}` } : {}),
    ...(amount !== undefined ? { amount_cents: amount } : {}),
    payable: buyback.stage === "accepted" || buyback.stage === "received",
    expired: (buyback.stage === "offered" || buyback.stage === "revised") && isExpired(buyback, now),
  }
}
