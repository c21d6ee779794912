/**
 * The buy-back's part of an estimate request as it is stored, handed to the intake
 * (src/server/estimate/receive.ts) by its function (src/api/estimate.ts): the record with the
 * seller's key written into the request's staging folder, so it appears with the request by the
 * same rename (never a request without its page, nor a page without its request); then the
 * seller's confirmation letter with the page's address.
 *
 * What must stay true: the key is 128 random bits (./machine.ts newBuyback); the record is mode
 * 600 like every later one (./store.ts); the delay is the shop's one sentence of content/buyback.json.
 */
import path from "node:path"
import { writeFileAtomic } from "../files"
import { buybackGrid, buybackSale, shopIdentity } from "../content"
import type { LetterDraft } from "./letters"
import type { Lead } from "../leads/types"
import { receivedLetter } from "./letters"
import { newBuyback } from "./machine"
import { signed } from "./shop-identity"
import { FILE } from "./store"

export const buybackIntake = {
  /** Writes the record into `staging`; returns the seller's page below the site: "/suivi/<token>/". */
  async open(staging: string, lead: Lead): Promise<string> {
    const buyback = newBuyback(lead.created_at)
    await writeFileAtomic(path.join(staging, FILE), `${JSON.stringify(buyback, null, 2)}\n`, { mode: 0o600 })
    return `/suivi/${buyback.token}/`
  },
  /** `page`: the page's full address. */
  confirmation: (lead: Lead, page: string): LetterDraft =>
    signed(receivedLetter(lead, page, buybackSale().offerDelay, buybackGrid()), shopIdentity(), page.slice(0, page.lastIndexOf("/suivi/"))),
}
