/**
 * What the owner's inbox is handed by the host (src/server/host/app.ts) to run the buy-back from a
 * request's page, without importing this room: the request's record (made with its seller's key
 * the first time the page is opened, and made to agree with the register) and the owner's steps —
 * the offer, its renewal, the reception, the return sent, the payment — each with the version the
 * page started from (two tabs cannot overwrite each other).
 *
 * What must stay true: only an estimate request has a buy-back. A chat contact's id posted to a
 * step is unknown here (null: the inbox's 404): no record is made, no offer mailed to a chat visitor.
 */
import type { Buyback, OwnerStep, StepOutcome } from "../../contract/buyback"
import { buybackRange } from "../../contract/buyback-range"
import { leadGarments } from "../../contract/garments"
import { buybackGrid } from "../content"
import { forged, type Step } from "./machine"
import { makeOffer, renewOffer } from "./offer-steps"
import { receive, recordReturn } from "./reception-steps"
import type { Buybacks } from "./store"
import type { StoredLead } from "../leads/outbox"
import type { BuybackSummary } from "../../contract/buyback-summary"
import { summarize } from "./summary"
import { tokenIndexOf } from "./token-index"

export type OwnerDesk = {
  /** `site`: the shop's address, for the mails of a record made to agree with the register. */
  open(id: string, site?: string): Promise<Buyback | null>
  /** `site`: the shop's address (with its path prefix) for the links of the step's mails. */
  step(id: string, step: OwnerStep, body: unknown, now: Date, site: string): Promise<StepOutcome | null>
  /** The list's view of the request's buy-back, read only (null: none yet). */
  summary(id: string, now: Date): Promise<BuybackSummary | null>
}

/** The text fields of a posted form, handed back as typed when a step is refused as a whole. */
function typedOf(body: unknown): Record<string, string> {
  const typed: Record<string, string> = {}
  if (typeof body !== "object" || body === null) return typed
  for (const [name, value] of Object.entries(body)) if (typeof value === "string" && name !== "version") typed[name] = value
  return typed
}

/** The owner's steps but the payment (./store.ts `pay`), on the record and its request's garments. */
const STEPS: Readonly<Record<Exclude<OwnerStep, "paiement">, (buyback: Buyback, body: unknown, now: Date, stored: StoredLead) => Step>> = {
  proposition: (buyback, body, now, stored) => {
    const garments = leadGarments(stored.lead)
    const grid = buybackGrid()
    return makeOffer(
      buyback,
      body,
      now,
      garments,
      garments.map((garment) => buybackRange(grid, garment)),
    )
  },
  renouveler: (buyback, body, now) => renewOffer(buyback, body, now),
  reception: (buyback, body, now, stored) => receive(buyback, body, now, leadGarments(stored.lead)),
  retour: (buyback, body, now) => recordReturn(buyback, body, now),
}

export function ownerDesk(buybacks: () => Buybacks): OwnerDesk {
  const isEstimate = async (id: string) => (await buybacks().outbox.find(id))?.lead.kind === "estimate"
  return {
    async open(id, site) {
      if (!(await isEstimate(id))) return null
      const opened = await buybacks().open(id, site)
      // A request stored before its record existed gets one here: its key opens the seller's page at once.
      if (opened) tokenIndexOf(buybacks()).remember(id, opened.buyback.token)
      return opened?.buyback ?? null
    },
    async summary(id, now) {
      const buyback = await buybacks()
        .read(id)
        .catch(() => null)
      return buyback ? summarize(buyback, now) : null
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
          : await buybacks().apply(id, (buyback, stored) => STEPS[step](buyback, body, now, stored), version, site)
      if (outcome && !outcome.ok && Object.keys(outcome.typed).length === 0) return { ...outcome, typed: typedOf(body) }
      return outcome
    },
  }
}
