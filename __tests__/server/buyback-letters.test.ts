/**
 * @jest-environment node
 *
 * The buy-back's mails, garment by garment (src/server/buyback/letters.ts, pure): the offer lists
 * each garment's price and the total, a renewal says the new last day, a reception names the
 * garments not kept and why, a revised price names only the garments revised; messages keep
 * their line breaks.
 */
import type { Buyback } from "../../src/contract/buyback"
import { buybackSale } from "../../src/server/content"
import { lettersFor } from "../../src/server/buyback/letters"
import { newBuyback, type Step } from "../../src/server/buyback/machine"
import { accept, makeOffer, renewOffer } from "../../src/server/buyback/offer-steps"
import { chooseReturn, receive, recordReturn, setTracking } from "../../src/server/buyback/reception-steps"
import type { Lead } from "../../src/server/leads/types"
import { offerForm, receptionForm, SELLER_FORM, TWO_GARMENTS } from "../helpers/buyback"

const NOW = new Date("2026-11-27T10:00:00Z")
const SITE = "https://boutique.exemple"
const lead = { id: "20261127-0900-ABCDEF", email: "vendeur@exemple.fr", garments: TWO_GARMENTS, photos: [] } as unknown as Lead

function done(step: Step): Buyback {
  if (!step.ok) throw new Error(step.error)
  return step.buyback
}
const offered = () => done(makeOffer(newBuyback("x"), offerForm(["20", "18,50"], "2026-12-04", "Bel ensemble.\nMerci."), NOW, TWO_GARMENTS))
const accepted = () => {
  const offer = offered()
  return done(accept(offer, { ...SELLER_FORM, version: String(offer.terms) }, NOW))
}

test("the offer: each garment with its price, the total, the owner's message on its lines, the last day and the page", () => {
  const [letter] = lettersFor(lead, newBuyback("x"), offered(), SITE)
  expect(letter?.text).toContain("nous vous proposons 38,50\u00a0€ en tout :\n– Lacoste · Polo : 20\u00a0€\n– Ralph Lauren · Pull : 18,50\u00a0€")
  expect(letter?.text).toContain("Bel ensemble.\nMerci.")
  expect(letter?.text).toContain("valable jusqu'au 4 décembre 2026 inclus")
})

test("an offer that replaces another says so, and the old price beside each price it changed", () => {
  const first = offered()
  const replaced = done(makeOffer(first, offerForm(["15", "18,50"], "2026-12-06"), NOW, TWO_GARMENTS))
  const [letter] = lettersFor(lead, first, replaced, SITE)
  expect(letter?.subject).toBe(`Notre nouvelle proposition de rachat – demande n° ${lead.id}`)
  expect(letter?.text).toContain("Notre proposition a changé : elle remplace la précédente.")
  expect(letter?.text).toContain("– Lacoste · Polo : 15\u00a0€ (au lieu de 20\u00a0€)\n– Ralph Lauren · Pull : 18,50\u00a0€\n")
})

test("« Renouveler » mails the new last day; a step that changes nothing the seller sees mails nothing", () => {
  const offer = offered()
  const renewed = done(renewOffer(offer, { valable: "2026-12-20" }, NOW))
  expect(lettersFor(lead, offer, renewed, SITE)).toEqual([
    expect.objectContaining({
      to: "seller",
      subject: `Proposition prolongée – demande n° ${lead.id}`,
      text: expect.stringContaining("jusqu'au 20 décembre 2026 inclus, aux mêmes prix"),
    }),
  ])
  expect(lettersFor(lead, offer, { ...offer, updated_at: "autre" }, SITE)).toEqual([])
})

test("the reception names the garments not kept, with the owner's description and reason; a revised price names only its garment", () => {
  const partly = done(
    receive(
      accepted(),
      receptionForm([{ verdict: "conforme" }, { verdict: "refuse", description: "Trou au coude" }], "Un trou\nnon visible."),
      NOW,
      TWO_GARMENTS,
    ),
  )
  const [received] = lettersFor(lead, accepted(), partly, SITE)
  expect(received).toMatchObject({ subject: `Colis reçu – demande n° ${lead.id}` })
  expect(received?.text).toContain("le paiement de 20\u00a0€ part sous 2 jours ouvrés")
  expect(received?.text).toContain("Nous ne gardons pas :\n– Ralph Lauren · Pull : Trou au coude\n\nUn trou\nnon visible.")
  const revised = done(receive(accepted(), receptionForm([{ verdict: "conforme" }, { verdict: "revu", montant: "12" }]), NOW, TWO_GARMENTS))
  const [letter] = lettersFor(lead, accepted(), revised, SITE)
  expect(letter?.text).toContain("nous revoyons le prix de :\n– Ralph Lauren · Pull : 12\u00a0€ au lieu de 18,50\u00a0€")
  expect(letter?.text).not.toContain("Lacoste · Polo :")
  const rejected = done(receive(accepted(), receptionForm([{ verdict: "refuse" }, { verdict: "refuse" }]), NOW, TWO_GARMENTS))
  expect(lettersFor(lead, accepted(), rejected, SITE)[0]).toMatchObject({ subject: `Article refusé – demande n° ${lead.id}` })
})

test("the parcel's steps are mailed: the seller's tracking number and return-or-donation choice to the team, « Retour envoyé » to the seller", () => {
  const sold = accepted()
  const sent = done(setTracking(sold, { suivi_colis: "6A123456" }, NOW))
  expect(lettersFor(lead, sold, sent, SITE)).toEqual([
    {
      to: "team",
      subject: `Colis en route – demande n° ${lead.id}`,
      text: `Le vendeur a donné le numéro de suivi de son colis : 6A123456.\n\n${SITE}/admin/demandes/${lead.id}`,
    },
  ])
  const partly = done(receive(sent, receptionForm([{ verdict: "conforme" }, { verdict: "refuse", description: "Trou au coude" }]), NOW, TWO_GARMENTS))
  const chosen = done(chooseReturn(partly, { choix: "retour" }, NOW))
  const [choice] = lettersFor(lead, partly, chosen, SITE)
  expect(choice).toMatchObject({ to: "team", subject: `Articles refusés : retour à mes frais – demande n° ${lead.id}` })
  expect(choice?.text).toContain("« Retour à mes frais ».\n– Ralph Lauren · Pull : Trou au coude\n\nRenvoyez-les, puis remplissez « Retour envoyé »")
  // Recorded at 23:30 UTC on 30 November: already 1 December in Paris.
  const returned = done(recordReturn(chosen, { suivi_retour: "6A999" }, new Date("2026-11-30T23:30:00Z")))
  const [back] = lettersFor(lead, chosen, returned, SITE)
  expect(back).toMatchObject({ to: "seller", subject: `Retour envoyé – demande n° ${lead.id}` })
  expect(back?.text).toContain("renvoyé les articles refusés le 1er décembre 2026 :\n– Ralph Lauren · Pull : Trou au coude\n\nNuméro de suivi du colis : 6A999")
  expect(back?.text).toContain(`${SITE}/suivi/${returned.token}/`)
  // The same tracking number typed again mails nothing.
  expect(lettersFor(lead, sent, { ...sent, updated_at: "autre" }, SITE)).toEqual([])
  // A choice made before the parcel leaves mails nothing: the team reads it at the reception.
  expect(lettersFor(lead, sent, done(chooseReturn(sent, { choix: "don" }, NOW)), SITE)).toEqual([])
})

test("« Vente confirmée » says before the parcel leaves what becomes of a garment refused and what its return costs", () => {
  const offer = offered()
  const [letter] = lettersFor(lead, offer, accepted(), SITE)
  expect(letter?.text).toContain(
    `Un article refusé à la vérification vous est renvoyé ou donné à une association, selon votre choix. ${buybackSale().returnCost}`,
  )
})
