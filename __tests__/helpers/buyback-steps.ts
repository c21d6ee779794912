/**
 * A buy-back walked through its steps for the tests of the steps themselves
 * (__tests__/server/buyback-machine.test.ts, buyback-payment.test.ts): two garments offered at
 * 20 € and 18,50 €, accepted by the seller on the prices seen, received as described.
 */
import type { Buyback } from "../../src/contract/buyback"
import { newBuyback, type Step } from "../../src/server/buyback/machine"
import { accept, makeOffer } from "../../src/server/buyback/offer-steps"
import { receive } from "../../src/server/buyback/reception-steps"
import { offerForm, receptionForm, SELLER_FORM, TWO_GARMENTS } from "./buyback"

export const NOW = new Date("2026-11-27T10:00:00Z")
export const LATER = (days: number) => new Date(NOW.getTime() + days * 24 * 60 * 60 * 1000)

export function done(step: Step): Buyback {
  if (!step.ok) throw new Error(`refusé : ${step.error} ${JSON.stringify(step.fields)}`)
  return step.buyback
}

/** The seller's form as the page showing `buyback` posts it: with the version of the prices shown. */
export const seen = (buyback: Buyback, fields: Record<string, string> = {}) => ({ ...fields, version: String(buyback.terms ?? 0) })

export const offered = () => done(makeOffer(newBuyback("2026-11-26T09:00:00Z"), offerForm(["20", "18,50"], "2026-12-04", "Bel ensemble."), NOW, TWO_GARMENTS))
export const accepted = () => {
  const offer = offered()
  return done(accept(offer, seen(offer, SELLER_FORM), NOW))
}
export const received = () => done(receive(accepted(), receptionForm([{ verdict: "conforme" }, { verdict: "conforme" }]), NOW, TWO_GARMENTS))
