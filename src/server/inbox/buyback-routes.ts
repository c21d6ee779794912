/**
 * The « Rachat » part of the inbox (./router.ts): the view of an estimate's buy-back on its
 * request page, and the owner's steps posted from it (POST /<number>/proposition|renouveler|
 * reception|retour|paiement). The host hands the buy-back's steps over as a `BuybackDesk`
 * (src/server/buyback/desk.ts): the inbox runs them and never imports that room.
 */
import express, { type Request, type Response } from "express"
import { OWNER_STEPS, type Buyback, type OwnerStep, type StepOutcome } from "../../contract/buyback"
import { buybackRange } from "../../contract/buyback-range"
import type { BuybackSummary } from "../../contract/buyback-summary"
import { leadGarments } from "../../contract/garments"
import { buybackGrid, postageRefundCap } from "../content"
import { handleAsync, sendHtml } from "../http/page-routes"
import type { StoredLead } from "../leads/outbox"
import { siteLink } from "../site-link"
import type { BuybackView } from "./buyback-section"
import { requestPage } from "./request-page"
import { clock } from "../clock"
import { formBody, KB } from "../http/form-body"

export type BuybackDesk = {
  /** `site`: the shop's address, for the mails of a record made to agree with the register. */
  open(id: string, site?: string): Promise<Buyback | null>
  step(id: string, step: OwnerStep, body: unknown, now: Date, site: string): Promise<StepOutcome | null>
  /** The list's view of a request's buy-back (its seller, amount, « À payer », « Expirée »). */
  summary?(id: string, now: Date): Promise<BuybackSummary | null>
}

const STEP_DONE: Readonly<Record<OwnerStep, string>> = {
  proposition: "Proposition enregistrée : le vendeur la voit sur sa page.",
  renouveler: "Proposition renouvelée : le vendeur peut répondre jusqu'à la nouvelle date.",
  reception: "Réception enregistrée.",
  retour: "Retour enregistré.",
  paiement: "Paiement enregistré et inscrit au registre.",
}

/** The shop's configured address with the path prefix (the links of the seller's page and mails), never the request's Host. */
const siteOf = (req: Request) => siteLink(req, req.baseUrl.replace(/\/admin\/[^/]+$/, ""))

const isOwnerStep = (text: unknown): text is OwnerStep => typeof text === "string" && (OWNER_STEPS as readonly string[]).includes(text)

/** What a step's page needs from the inbox's router. */
export type InboxPages = {
  /** The request, or the 404 already answered. */
  storedOr404(req: Request, res: Response): Promise<StoredLead | null>
  notFound(req: Request, res: Response): void
  channels(): boolean
}

/** The « Rachat » part of an estimate's page: the record (made the first time), the seller's link; undefined without a desk. */
export function buybackViewOf(desk: BuybackDesk | undefined) {
  return async (req: Request, stored: StoredLead, extra: Partial<BuybackView> = {}): Promise<BuybackView | undefined> => {
    if (!desk || stored.lead.kind !== "estimate") return undefined
    const record = await desk.open(stored.lead.id, siteOf(req))
    if (!record) return undefined
    const prefix = req.baseUrl.replace(/\/admin\/[^/]+$/, "")
    const garments = leadGarments(stored.lead)
    const grid = buybackGrid()
    const done = isOwnerStep(req.query.rachat) ? { done: STEP_DONE[req.query.rachat] } : {}
    return {
      record,
      garments,
      ranges: garments.map((garment) => buybackRange(grid, garment)),
      sellerUrl: `${siteOf(req)}/suivi/${record.token}/`,
      registerUrl: `${prefix}/admin/registre/`,
      postageCap: postageRefundCap(),
      now: clock.now(),
      ...done,
      ...extra,
    }
  }
}

/** POST /<number>/<step>: the step run by the desk, then back to the page (303), or the page again with the form's problem. */
export function addBuybackSteps(router: express.Router, desk: BuybackDesk | undefined, pages: InboxPages): void {
  const buybackView = buybackViewOf(desk)
  router.post(
    "/:id/:step(proposition|renouveler|reception|retour|paiement)",
    // The reception's nine fields per garment, ten garments at most (src/contract/garments.ts MAX_GARMENTS).
    ...formBody(128 * KB, 120),
    handleAsync(async (req, res) => {
      const id = req.params.id ?? ""
      const step = req.params.step as OwnerStep
      if (!desk) return pages.notFound(req, res)
      const stored = await pages.storedOr404(req, res)
      if (!stored) return
      const outcome = await desk.step(id, step, req.body, clock.now(), siteOf(req))
      if (!outcome) return pages.notFound(req, res)
      if (outcome.ok) return res.redirect(303, `${req.baseUrl}/${id}?rachat=${step}#rachat`)
      const form = { step, typed: outcome.typed, fields: outcome.fields, problem: outcome.error }
      const buyback = await buybackView(req, stored, { form })
      const view = { base: req.baseUrl, stored, channelsConfigured: pages.channels(), grid: buybackGrid(), ...(buyback ? { buyback } : {}) }
      sendHtml(res, outcome.status, requestPage(view))
    }),
  )
}
