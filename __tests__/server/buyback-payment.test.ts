/**
 * @jest-environment node
 *
 * The buy-back's last steps, garment by garment: the reception (a verdict per garment, a revised
 * price answered by the seller), the refused garments' return, the tracking number and the
 * payment, which must be the total of the garments kept, dated between the acceptance and today,
 * in cash no more than 1 000 €. Every refusal is French. The first steps: buyback-machine.test.ts.
 */
import { keptTotal } from "../../src/contract/buyback-garments"
import { newBuyback } from "../../src/server/buyback/machine"
import { accept, answerRevision, makeOffer, renewOffer } from "../../src/server/buyback/offer-steps"
import { checkPayment, payWith } from "../../src/server/buyback/payment-steps"
import { chooseReturn, receive, recordReturn, setTracking } from "../../src/server/buyback/reception-steps"
import { offerForm, receptionForm, SELLER_FORM, TWO_GARMENTS } from "../helpers/buyback"
import { accepted, done, LATER, NOW, offered, received, seen } from "../helpers/buyback-steps"

test("the reception gives each garment its verdict and its description as received, line breaks kept; the total is of the garments kept", () => {
  const form = receptionForm(
    [
      { verdict: "conforme", description: "Polo blanc\naccroc au col" },
      { verdict: "refuse", description: "Pull troué" },
    ],
    "Le pull a un trou\nau coude.",
  )
  const step = done(receive(accepted(), form, NOW, TWO_GARMENTS))
  expect(step.stage).toBe("received")
  expect(step.reception).toMatchObject({
    message: "Le pull a un trou\nau coude.",
    garments: [
      { index: 0, verdict: "conforme", received: { nature: "Polo", brand: "Lacoste", size: "M", colour: "Blanc", description: "Polo blanc\naccroc au col" } },
      { index: 1, verdict: "refuse", received: { nature: "Pull", brand: "Ralph Lauren" } },
    ],
  })
  expect(keptTotal(step)).toBe(2000)
  // Every garment refused: nothing to pay, the lot goes back or to a charity.
  expect(done(receive(accepted(), receptionForm([{ verdict: "refuse" }, { verdict: "refuse" }]), NOW, TWO_GARMENTS)).stage).toBe("rejected")
  const missing = receive(accepted(), { ...form, verdict_1: "", taille_0: "", montant_0: "" }, NOW, TWO_GARMENTS)
  expect(missing).toMatchObject({ status: 400, fields: { verdict_1: "Choisissez : conforme, prix revu ou refusé.", taille_0: "Indiquez la taille." } })
  // A garment refused goes back, never to the register: its size and colour may stay empty.
  const refusedBare = receive(accepted(), { ...form, taille_1: "", couleur_1: "" }, NOW, TWO_GARMENTS)
  expect(done(refusedBare).reception?.garments[1]).toMatchObject({ verdict: "refuse", received: { size: "", colour: "" } })
  expect(receive(accepted(), { ...form, taille_0: "", couleur_0: "" }, NOW, TWO_GARMENTS)).toMatchObject({
    fields: { taille_0: "Indiquez la taille.", couleur_0: "Indiquez la couleur." },
  })
  expect(receive(offered(), form, NOW, TWO_GARMENTS)).toMatchObject({ ok: false, status: 409, code: "not_accepted" })
})

test("a revised price needs the seller's yes for that garment only, on the prices seen; answered, the lot is payable", () => {
  const before = accepted()
  const revised = done(receive(before, receptionForm([{ verdict: "conforme" }, { verdict: "revu", montant: "12" }], "Tache au dos."), NOW, TWO_GARMENTS))
  expect(revised).toMatchObject({ stage: "revised", terms: before.terms! + 1, reception: { valid_until: "2026-12-04" } })
  // The acceptance form of the first offer, still open somewhere, binds nothing now.
  expect(answerRevision(revised, { article: "1", reponse: "accepter", version: String(before.terms) }, NOW)).toMatchObject({
    status: 409,
    code: "terms_changed",
  })
  expect(answerRevision(revised, seen(revised, { article: "0", reponse: "accepter" }), NOW)).toMatchObject({ status: 409, code: "no_revision" })
  expect(answerRevision(revised, seen(revised, { article: "1", reponse: "accepter" }), LATER(8))).toMatchObject({ status: 409, code: "offer_expired" })
  const yes = done(answerRevision(revised, seen(revised, { article: "1", reponse: "accepter" }), NOW))
  expect(yes.stage).toBe("received")
  expect(keptTotal(yes)).toBe(3200)
  const no = done(answerRevision(revised, seen(revised, { article: "1", reponse: "refuser" }), NOW))
  expect(no.stage).toBe("received")
  expect(keptTotal(no)).toBe(2000)
  // Answering the same again changes nothing; the other answer is refused.
  expect(answerRevision(no, seen(no, { article: "1", reponse: "refuser" }), NOW)).toEqual({ ok: true, changed: false, buyback: no })
  expect(answerRevision(no, seen(no, { article: "1", reponse: "accepter" }), NOW)).toMatchObject({ status: 409, code: "already_answered" })
  // Revised prices past their last day: « Renouveler » opens them again, the same prices and version.
  const renewed = done(renewOffer(revised, { valable: "2026-12-20" }, LATER(8)))
  expect(renewed).toMatchObject({ stage: "revised", terms: revised.terms, reception: { valid_until: "2026-12-20" } })
  expect(done(answerRevision(renewed, seen(revised, { article: "1", reponse: "accepter" }), LATER(8))).stage).toBe("received")
  const allRevised = done(
    receive(
      accepted(),
      receptionForm([
        { verdict: "revu", montant: "5" },
        { verdict: "revu", montant: "6" },
      ]),
      NOW,
      TWO_GARMENTS,
    ),
  )
  const firstNo = done(answerRevision(allRevised, seen(allRevised, { article: "0", reponse: "refuser" }), NOW))
  expect(firstNo.stage).toBe("revised")
  expect(done(answerRevision(firstNo, seen(firstNo, { article: "1", reponse: "refuser" }), NOW)).stage).toBe("rejected")
})

test("the refused garments: the seller chooses return or charity once, the owner records the return sent", () => {
  const partly = done(receive(accepted(), receptionForm([{ verdict: "conforme" }, { verdict: "refuse" }]), NOW, TWO_GARMENTS))
  expect(chooseReturn(received(), { choix: "don" }, NOW)).toMatchObject({ status: 409, code: "not_rejected" })
  expect(chooseReturn(partly, { choix: "vol" }, NOW)).toMatchObject({ ok: false, status: 400, fields: { choix: "Choisissez le retour ou le don." } })
  expect(recordReturn(partly, { suivi_retour: "6A1" }, NOW)).toMatchObject({ status: 409, code: "no_return" })
  const chosen = done(chooseReturn(partly, { choix: "retour" }, NOW))
  expect(chosen.rejected_choice).toBe("retour")
  expect(recordReturn(chosen, { suivi_retour: "<b>" }, NOW)).toMatchObject({
    status: 400,
    fields: { suivi_retour: "Lettres, chiffres, espaces et tirets seulement." },
  })
  // One garment refused on arrival, another's revised price still waiting: the choice is made now and holds for both.
  const waiting = done(receive(accepted(), receptionForm([{ verdict: "refuse" }, { verdict: "revu", montant: "5" }]), NOW, TWO_GARMENTS))
  expect(waiting.stage).toBe("revised")
  expect(done(chooseReturn(waiting, { choix: "don" }, NOW)).rejected_choice).toBe("don")
  expect(done(recordReturn(chosen, { suivi_retour: "6A987654321" }, NOW)).returned).toEqual({ at: NOW.toISOString(), tracking: "6A987654321" })
})

test("before the parcel leaves, the seller may choose already and change it; from the reception on, the choice holds", () => {
  const early = done(chooseReturn(accepted(), { choix: "don" }, NOW))
  expect(early.rejected_choice).toBe("don")
  const changed = done(chooseReturn(early, { choix: "retour" }, NOW))
  expect(changed.rejected_choice).toBe("retour")
  expect(chooseReturn(changed, { choix: "retour" }, NOW)).toMatchObject({ ok: true, changed: false })
  expect(chooseReturn(offered(), { choix: "don" }, NOW)).toMatchObject({ status: 409, code: "not_rejected" })
  // A garment refused at the reception: the choice made before is the one the team follows, and stays.
  const partly = done(receive(changed, receptionForm([{ verdict: "conforme" }, { verdict: "refuse" }]), NOW, TWO_GARMENTS))
  expect(partly.rejected_choice).toBe("retour")
  expect(done(chooseReturn(partly, { choix: "don" }, NOW)).rejected_choice).toBe("retour")
  expect(done(recordReturn(partly, { suivi_retour: "6A987654321" }, NOW)).returned?.tracking).toBe("6A987654321")
})

test("the payment must be the total of the garments kept, named in the refusal", () => {
  const revised = done(receive(accepted(), receptionForm([{ verdict: "conforme" }, { verdict: "revu", montant: "18,50" }]), NOW, TWO_GARMENTS))
  const agreed = done(answerRevision(revised, seen(revised, { article: "1", reponse: "accepter" }), NOW))
  for (const montant of ["385", "38,49", "20"]) {
    expect(checkPayment(agreed, { montant, mode: "virement", date: "2026-11-27" }, NOW)).toMatchObject({
      ok: false,
      status: 400,
      fields: { montant: "Le montant payé doit être le total des articles gardés : 38,50\u00a0€." },
    })
  }
  expect(checkPayment(agreed, { montant: "38,50", mode: "virement", date: "2026-11-27" }, NOW)).toEqual({
    ok: true,
    payment: { amount_cents: 3850, postage_cents: 0, method: "virement", date: "2026-11-27" },
  })
})

test("the postage promised « remboursés jusqu'à 8 € » is paid as its own line: the payment is the garments plus it, up to the cap", () => {
  const cap = 800
  const form = (montant: string, port: string, mode = "virement") => ({ montant, port, mode, date: "2026-11-27" })
  // 38,50 € kept and 6,40 € of postage: 44,90 € is the payment; the garments alone are refused, naming both.
  expect(checkPayment(received(), form("44,90", "6,40"), NOW, cap)).toEqual({
    ok: true,
    payment: { amount_cents: 4490, postage_cents: 640, method: "virement", date: "2026-11-27" },
  })
  expect(checkPayment(received(), form("38,50", "6,40"), NOW, cap)).toMatchObject({
    status: 400,
    fields: { montant: "Le montant payé doit être le total des articles gardés plus les frais d'envoi : 44,90\u00a0€ (38,50\u00a0€ + 6,40\u00a0€)." },
  })
  expect(checkPayment(received(), form("46,51", "8,01"), NOW, cap)).toMatchObject({ fields: { port: "Au plus 8\u00a0€ : le plafond promis au vendeur." } })
  expect(checkPayment(received(), form("44,90", "six"), NOW, cap)).toMatchObject({
    fields: { port: "« six » n'est pas un montant : écrivez par exemple 35,50." },
  })
  // Left empty (no proof of postage), the payment is the garments' total.
  expect(checkPayment(received(), form("38,50", ""), NOW, cap)).toMatchObject({ ok: true, payment: { amount_cents: 3850, postage_cents: 0 } })
  // Terms where the seller or the shop pays the postage: nothing to refund.
  expect(checkPayment(received(), form("44,90", "6,40"), NOW, null)).toMatchObject({
    fields: { port: "Les frais d'envoi ne sont pas remboursés (conditions de vente du studio) : laissez ce champ vide." },
  })
  // The record keeps the postage beside the garments' total; the register keeps the garments only (registerEntries).
  const payment = { amount_cents: 4490, postage_cents: 640, method: "virement" as const, date: "2026-11-27" }
  expect(payWith({ ...received(), postage_claim_cents: 640 }, payment, [3], NOW)).toMatchObject({ payment: { amount_cents: 4490, postage_cents: 640 } })
  expect(payWith({ ...received(), postage_claim_cents: 640 }, payment, [3], NOW)).not.toHaveProperty("postage_claim_cents")
  expect(payWith(received(), { ...payment, amount_cents: 3850, postage_cents: 0 }, [3], NOW).payment).not.toHaveProperty("postage_cents")
})

test("payment dates lie between the acceptance and today", () => {
  const form = (date: string) => ({ montant: "38,50", mode: "virement", date })
  expect(checkPayment(received(), form("0000-01-01"), NOW)).toMatchObject({
    fields: { date: "Cette date est avant l'acceptation de la vente : choisissez entre le 27 novembre 2026 et aujourd'hui." },
  })
  expect(checkPayment(received(), form("2026-11-26"), NOW)).toMatchObject({ status: 400 })
  expect(checkPayment(received(), form("2099-01-01"), NOW)).toMatchObject({ fields: { date: "Cette date est dans le futur." } })
  expect(checkPayment(received(), form("2026-11-27"), NOW).ok).toBe(true)
})

test("payment before the acceptance, before the reception, while a revised price waits, or twice is refused in French", () => {
  const form = { montant: "38,50", mode: "virement", date: "2026-11-27" }
  expect(checkPayment(offered(), form, NOW)).toMatchObject({
    ok: false,
    status: 409,
    error: "Paiement impossible : le vendeur n'a pas accepté la proposition.",
  })
  expect(checkPayment(accepted(), form, NOW)).toMatchObject({
    ok: false,
    status: 409,
    error: "Paiement impossible : enregistrez d'abord la réception du colis.",
  })
  const revised = done(receive(accepted(), receptionForm([{ verdict: "conforme" }, { verdict: "revu", montant: "1" }]), NOW, TWO_GARMENTS))
  expect(checkPayment(revised, form, NOW)).toMatchObject({ status: 409, error: "Paiement impossible : le vendeur n'a pas encore répondu au prix revu." })
  const paid = payWith(received(), { amount_cents: 3850, postage_cents: 0, method: "virement", date: "2026-11-27" }, [7, 8], NOW)
  expect(paid).toMatchObject({ stage: "paid", payment: { register_number: 7, register_numbers: [7, 8] } })
  expect(checkPayment(paid, form, NOW)).toMatchObject({ ok: false, status: 409, error: "Cette vente est déjà payée (registre n° 7, 8)." })
})

test("cash above 1 000 € in total, postage included, is refused (D112-3); 1 000 € exactly is allowed", () => {
  const big = (amounts: string[]) => {
    const offer = done(makeOffer(newBuyback("x"), offerForm(amounts), NOW, TWO_GARMENTS))
    const sold = done(accept(offer, seen(offer, SELLER_FORM), NOW))
    return done(receive(sold, receptionForm([{ verdict: "conforme" }, { verdict: "conforme" }]), NOW, TWO_GARMENTS))
  }
  expect(checkPayment(big(["600", "400,01"]), { montant: "1 000,01", mode: "especes", date: "2026-11-27" }, NOW)).toMatchObject({
    ok: false,
    status: 400,
    fields: { mode: "Espèces refusées au-delà de 1\u202f000\u00a0€ (Code monétaire et financier, art. D112-3) : payez par virement." },
  })
  expect(checkPayment(big(["600", "400"]), { montant: "1000", mode: "especes", date: "2026-11-27" }, NOW).ok).toBe(true)
  expect(checkPayment(big(["600", "400"]), { montant: "1 005", port: "5", mode: "especes", date: "2026-11-27" }, NOW, 800)).toMatchObject({
    fields: { mode: "Espèces refusées au-delà de 1\u202f000\u00a0€ (Code monétaire et financier, art. D112-3) : payez par virement." },
  })
  expect(checkPayment(big(["1000", "500"]), { montant: "1500", mode: "virement", date: "2026-11-27" }, NOW).ok).toBe(true)
})

test("the tracking number: after acceptance only, limited in length and characters", () => {
  expect(done(setTracking(accepted(), { suivi_colis: "6A123 456-789" }, NOW)).tracking).toBe("6A123 456-789")
  expect(setTracking(offered(), { suivi_colis: "6A123" }, NOW)).toMatchObject({ ok: false, status: 409 })
  expect(setTracking(accepted(), { suivi_colis: "6".repeat(61) }, NOW)).toMatchObject({
    status: 400,
    fields: { suivi_colis: "Trop long (61 caractères : 60 au plus)." },
  })
  expect(setTracking(accepted(), { suivi_colis: "<script>" }, NOW)).toMatchObject({ status: 400 })
})

test("a forged post (a field sent twice, no form at all) is a 400 in French, never a crash", () => {
  for (const body of [{ ...SELLER_FORM, nom: ["a", "b"] }, null, "texte", { nom: { x: 1 } }]) {
    expect(accept(offered(), body, NOW)).toMatchObject({ ok: false, status: 400, error: "Formulaire illisible : rechargez la page et recommencez." })
  }
  expect(makeOffer(newBuyback("x"), { montant_0: ["1", "2"] }, NOW, TWO_GARMENTS)).toMatchObject({ ok: false, status: 400, code: "invalid_form" })
  expect(checkPayment(received(), undefined, NOW)).toMatchObject({ ok: false, status: 400, code: "invalid_form" })
})
