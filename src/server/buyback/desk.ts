/**
 * What the owner's inbox is handed by the host (src/server/host/app.ts) to run the buy-back from a
 * request's page, without importing this room: the request's record (made with its seller's key
 * the first time the page is opened) and the owner's three steps — the offer, the reception, the
 * payment — each with the version the page started from (two tabs cannot overwrite each other).
 *
 * What must stay true: only an estimate request has a buy-back. A chat contact's id posted to a
 * step is unknown here (null: the inbox's 404): no record is made, no offer mailed to a chat visitor.
 */
import type { Buyback, OwnerStep, StepOutcome } from "../../contract/buyback"
import { forged, makeOffer, receive } from "./machine"
import type { Buybacks } from "./store"
import { tokenIndexOf } from "./token-index"

export type OwnerDesk = {
  open(id: string): Promise<Buyback | null>
  /** `site`: the shop's address (with its path prefix) for the links of the step's mails. */
  step(id: string, step: OwnerStep, body: unknown, now: Date, site: string): Promise<StepOutcome | null>
}

/** The text fields of a posted form, handed back as typed when a step is refused as a whole. */
function typedOf(body: unknown): Record<string, string> {
  const typed: Record<string, string> = {}
  if (typeof body !== "object" || body === null) return typed
  for (const [name, value] of Object.entries(body)) if (typeof value === "string" && name !== "version") typed[name] = value
  return typed
}

export function ownerDesk(buybacks: () => Buybacks): OwnerDesk {
  const isEstimate = async (id: string) => (await buybacks().outbox.find(id))?.lead.kind === "estimate"
  return {
    async open(id) {
      if (!(await isEstimate(id))) return null
      const opened = await buybacks().open(id)
      // A request stored before its record existed gets one here: its key opens the seller's page at once.
      if (opened) tokenIndexOf(buybacks()).remember(id, opened.buyback.token)
      return opened?.buyback ?? null
    },
    async step(id, step, body, now, site) {
      if (!(await isEstimate(id))) return null
      const posted = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>
      // A field sent twice (or anything but text) is a forged post: refused before anything else.
      if (typeof body !== "object" || body === null || Object.values(posted).some((value) => typeof value !== "string")) return forged()
      const version = typeof posted.version === "string" ? posted.version : ""
      const outcome =
        step === "paiement"
          ? await buybacks().pay(id, body, version, now, site)
          : await buybacks().apply(id, (buyback) => (step === "proposition" ? makeOffer : receive)(buyback, body, now), version, site)
      if (outcome && !outcome.ok && Object.keys(outcome.typed).length === 0) return { ...outcome, typed: typedOf(body) }
      return outcome
    },
  }
}
