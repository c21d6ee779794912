/**
 * The buy-back's record read garment by garment (src/contract/buyback.ts, src/contract/garments.ts):
 * each garment's price in the offer, which garments are kept after the reception and at what
 * price, the total to pay, whether the prices on offer have expired, and the owner's word for the
 * stage. Pure, so the seller's page, the owner's pages, the payment check and jest read one rule.
 *
 * What must stay true: the total paid is the sum of the garments kept, each at its agreed price
 * (the offer's line, or its revised price once the seller accepted it), never a typed figure; a
 * garment refused on arrival or whose revised price the seller refused is never paid nor
 * registered.
 */
import { STAGE_WORDS, type Buyback, type GarmentReception, type OfferLine } from "./buyback"
import type { RegisterGarment } from "./garments"

/** The offer's price per garment; an offer written before lines existed is one garment at its total. */
export function offerLines(buyback: Pick<Buyback, "offer">): OfferLine[] {
  const offer = buyback.offer
  if (!offer) return []
  return offer.lines && offer.lines.length > 0 ? offer.lines : [{ index: 0, amount_cents: offer.amount_cents }]
}

/** The price the offer gave garment `index` (0 when the offer had no line for it). */
export function offeredPrice(buyback: Pick<Buyback, "offer">, index: number): number {
  return offerLines(buyback).find((line) => line.index === index)?.amount_cents ?? 0
}

/** The garments whose revised price still waits for the seller's answer. */
export function pendingRevisions(buyback: Buyback): GarmentReception[] {
  return (buyback.reception?.garments ?? []).filter((garment) => garment.verdict === "revu" && garment.answer === undefined)
}

export type KeptGarment = { index: number; price_cents: number; received: RegisterGarment }

/** The garments the shop keeps and pays, each at its agreed price, in the request's order. */
export function keptGarments(buyback: Buyback): KeptGarment[] {
  const kept: KeptGarment[] = []
  for (const garment of buyback.reception?.garments ?? []) {
    if (garment.verdict === "conforme") kept.push({ index: garment.index, price_cents: offeredPrice(buyback, garment.index), received: garment.received })
    else if (garment.verdict === "revu" && garment.answer === "accepted")
      kept.push({ index: garment.index, price_cents: garment.revised_cents ?? 0, received: garment.received })
  }
  return kept
}

/** The garments going back to the seller or to a charity: refused on arrival, or their revised price refused. */
export function refusedGarments(buyback: Buyback): GarmentReception[] {
  return (buyback.reception?.garments ?? []).filter((garment) => garment.verdict === "refuse" || (garment.verdict === "revu" && garment.answer === "refused"))
}

/** What the payment must be: the sum of the garments kept, in cents. */
export function keptTotal(buyback: Buyback): number {
  return keptGarments(buyback).reduce((total, garment) => total + garment.price_cents, 0)
}

/** The last day (YYYY-MM-DD) the seller may answer what is on offer now: the offer, or the revised prices. */
export function answerDeadline(buyback: Buyback): string | null {
  if (buyback.stage === "offered") return buyback.offer?.valid_until ?? null
  if (buyback.stage === "revised") return buyback.reception?.valid_until ?? buyback.offer?.valid_until ?? null
  return null
}

/** Whether what waits for the seller's answer is past its last day; `today`: the shop's day (YYYY-MM-DD). */
export function isExpired(buyback: Buyback, today: string): boolean {
  const deadline = answerDeadline(buyback)
  return deadline !== null && today > deadline
}

/**
 * The owner's word for where the sale stands (the request page's badge, the inbox): « Expirée »
 * once the seller can no longer answer, « Refusé à la réception » for a lot the shop refused on
 * arrival (never « Refusée », the seller's refusal of the offer).
 */
export function ownerStageWords(buyback: Buyback, today: string): string {
  if (isExpired(buyback, today)) return "Expirée"
  if (buyback.stage === "rejected") {
    const refusedOnArrival = (buyback.reception?.garments ?? []).some((garment) => garment.verdict === "refuse")
    return refusedOnArrival ? "Refusé à la réception" : "Prix revu refusé"
  }
  return STAGE_WORDS[buyback.stage]
}
