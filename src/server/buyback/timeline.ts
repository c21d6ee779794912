/**
 * « Où en est votre demande » on the seller's page: the steps in the order they happen —
 * Demande reçue, Proposition, Acceptée, Colis reçu, Prix revu (only when the price was revised at
 * reception), Payée — each ticked with its date once done, the current one marked too, a refusal
 * ending the list.
 *
 * What must stay true: the order is the real one (the parcel is received before its price is
 * revised), and a step is shown done only when the record says it happened.
 */
import { STAGE_WORDS, type Buyback, type BuybackStage } from "../../contract/buyback"

type Step = { words: string; at?: string; current: boolean; stop?: boolean }

/** The steps of the record, in order, each with the moment it happened (none yet: not reached). */
export function timelineSteps(buyback: Buyback): Step[] {
  const first = (stage: BuybackStage) => buyback.history.find((event) => event.stage === stage)?.at
  const last = (stage: BuybackStage) => buyback.history.filter((event) => event.stage === stage).at(-1)?.at
  const { stage } = buyback
  const revised = buyback.history.some((event) => event.stage === "revised")
  const steps: Step[] = [
    { words: STAGE_WORDS.requested, at: first("requested"), current: stage === "requested" },
    { words: "Proposition", at: first("offered"), current: stage === "offered" },
    { words: STAGE_WORDS.accepted, at: first("accepted"), current: stage === "accepted" },
    { words: STAGE_WORDS.received, at: buyback.reception?.at ?? first("received"), current: stage === "received" && !revised },
  ]
  // Accepting a revised price moves the record to « received »: the revision is then done, the payment next.
  if (revised) steps.push({ words: "Prix revu après vérification", at: first("revised"), current: stage === "revised" })
  steps.push({ words: STAGE_WORDS.paid, at: first("paid"), current: stage === "paid" })
  if (stage === "refused" || stage === "rejected") {
    const words = stage === "refused" ? "Proposition refusée" : "Article refusé"
    steps.push({ words, at: last(stage) ?? buyback.updated_at, current: true, stop: true })
  }
  return steps
}

/** The section, `when` writing a moment as the page does. */
export function timelineHtml(buyback: Buyback, when: (iso: string) => string): string {
  const items = timelineSteps(buyback).map(({ words, at, current, stop }) => {
    // Every step that happened is ticked (the current one too: it happened, and is where things stand).
    const state = [stop ? "stop" : at ? "done" : "", current ? "current" : ""].filter(Boolean).join(" ")
    // The tick is drawn by the stylesheet; its words are for screen readers.
    const done = at && !stop ? '<span class="sr">fait : </span>' : ""
    const date = at ? ` <small>· ${when(at)}</small>` : ""
    return `<li class="${state}"${current ? ' aria-current="step"' : ""}>${done}${words}${date}</li>`
  })
  return `<section aria-labelledby="etapes"><h2 id="etapes">Où en est votre demande</h2><ol class="timeline">${items.join("")}</ol></section>`
}
