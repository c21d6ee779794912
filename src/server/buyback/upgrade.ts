import type { Buyback } from "../../contract/buyback"

/**
 * A record written before receptions were per garment (one verdict and description for the one
 * garment) read in today's shape, so its payment and pages work.
 */
export function upgraded(buyback: Buyback): Buyback {
  const reception = buyback.reception as (Buyback["reception"] & { verdict?: "conforme" | "revu" | "refuse"; description?: string }) | undefined
  if (!reception || Array.isArray(reception.garments)) return buyback
  const received = { index: 0, nature: "", brand: "", size: "", colour: "", marks: "", condition: "", description: reception.description ?? "" }
  const verdict = reception.verdict ?? "conforme"
  // A revised price was the offer itself then; answered when the sale went on past it.
  const revision =
    verdict === "revu"
      ? {
          revised_cents: buyback.offer?.amount_cents ?? 0,
          ...(buyback.stage === "received" || buyback.stage === "paid" ? { answer: "accepted" as const } : {}),
          ...(buyback.stage === "rejected" ? { answer: "refused" as const } : {}),
        }
      : {}
  const garment = { index: 0, verdict, received, ...revision }
  return { ...buyback, reception: { at: reception.at, garments: [garment], ...(reception.message ? { message: reception.message } : {}) } }
}
