/**
 * @jest-environment node
 *
 * The buy-back's steps, garment by garment (src/server/buyback/machine.ts and its steps): each
 * stage allows only its own steps, the seller is bound only to the prices their form showed, the
 * payment is the total of the garments kept, and every refusal is French, with the field it
 * concerns and what was typed handed back.
 */
import type { Buyback } from "../../src/contract/buyback"
import { keptTotal } from "../../src/contract/buyback-garments"
import { newBuyback, type Step } from "../../src/server/buyback/machine"
import { accept, answerRevision, makeOffer, refuse, renewOffer } from "../../src/server/buyback/offer-steps"
import { checkPayment, payWith } from "../../src/server/buyback/payment-steps"
import { chooseReturn, receive, recordReturn, setTracking } from "../../src/server/buyback/reception-steps"
import { offerForm, receptionForm, SELLER_FORM, TWO_GARMENTS } from "../helpers/buyback"

const NOW = new Date("2026-11-27T10:00:00Z")
const LATER = (days: number) => new Date(NOW.getTime() + days * 24 * 60 * 60 * 1000)

function done(step: Step): Buyback {
  if (!step.ok) throw new Error(`refusé : ${step.error} ${JSON.stringify(step.fields)}`)
  return step.buyback
}

/** The seller's form as the page showing `buyback` posts it: with the version of the prices shown. */
const seen = (buyback: Buyback, fields: Record<string, string> = {}) => ({ ...fields, version: String(buyback.terms ?? 0) })

const offered = () => done(makeOffer(newBuyback("2026-11-26T09:00:00Z"), offerForm(["20", "18,50"], "2026-12-04", "Bel ensemble."), NOW, TWO_GARMENTS))
const accepted = () => {
  const offer = offered()
  return done(accept(offer, seen(offer, SELLER_FORM), NOW))
}
const received = () => done(receive(accepted(), receptionForm([{ verdict: "conforme" }, { verdict: "conforme" }]), NOW, TWO_GARMENTS))

test("a new record has a 128-bit key and starts « Demande reçue »", () => {
  const one = newBuyback("2026-11-26T09:00:00Z")
  expect(one.token).toMatch(/^[0-9a-f]{32}$/)
  expect(newBuyback("2026-11-26T09:00:00Z").token).not.toBe(one.token)
  expect(one.history).toEqual([{ stage: "requested", at: "2026-11-26T09:00:00Z" }])
})

test("the offer has one amount per garment and their total, defaults to 7 days, and names each bad field", () => {
  const offer = done(makeOffer(newBuyback("x"), offerForm(["20", "18,50"], ""), NOW, TWO_GARMENTS))
  expect(offer.offer).toMatchObject({
    amount_cents: 3850,
    lines: [
      { index: 0, amount_cents: 2000 },
      { index: 1, amount_cents: 1850 },
    ],
    valid_until: "2026-12-04",
  })
  expect(offer.stage).toBe("offered")
  const refused = makeOffer(newBuyback("x"), { ...offerForm(["20", "trente"], "2026-11-01"), message: "a".repeat(2001) }, NOW, TWO_GARMENTS)
  expect(refused).toMatchObject({
    ok: false,
    status: 400,
    fields: {
      montant_1: "« trente » n'est pas un montant : écrivez par exemple 35,50.",
      valable: "Cette date est passée : choisissez aujourd'hui ou plus tard.",
      message: "Message trop long (2001 caractères : 2000 au plus.)",
    },
    typed: { montant_0: "20", montant_1: "trente", valable: "2026-11-01" },
  })
  // A garment left without a price is refused too: the seller sees a price for each.
  expect(makeOffer(newBuyback("x"), offerForm(["20", ""]), NOW, TWO_GARMENTS)).toMatchObject({
    fields: { montant_1: "Indiquez le montant proposé en euros (ex. 35,50)." },
  })
})

test("a replaced offer posted with the old version is refused and changes nothing: the seller is bound only to prices seen", () => {
  const first = offered()
  const replaced = done(makeOffer(first, offerForm(["2", "3"]), LATER(1), TWO_GARMENTS))
  expect(replaced.terms).toBe(first.terms! + 1)
  for (const stale of [accept(replaced, seen(first, SELLER_FORM), LATER(1)), refuse(replaced, seen(first), LATER(1))]) {
    expect(stale).toMatchObject({
      ok: false,
      status: 409,
      code: "terms_changed",
      error: "La proposition a changé : voici la nouvelle. Relisez-la avant de répondre.",
    })
  }
  // No version at all, or a guess, is never « the latest ».
  for (const version of ["", "latest", "NaN"])
    expect(accept(replaced, { ...SELLER_FORM, version }, LATER(1))).toMatchObject({ status: 409, code: "terms_changed" })
  expect(done(accept(replaced, seen(replaced, SELLER_FORM), LATER(1))).stage).toBe("accepted")
})

test("accepting records the seller once, the address on its lines: a second « Confirmer la vente » (double click) changes nothing", () => {
  const once = accepted()
  expect(once.stage).toBe("accepted")
  expect(once.seller).toMatchObject({ surname: "Martin", id_type: "cni", iban: "FR7630006000011234567890189", address: "3 rue des Lilas\n69003 Lyon" })
  const twice = accept(once, seen(once, SELLER_FORM), LATER(1))
  expect(twice).toEqual({ ok: true, changed: false, buyback: once })
  expect(once.history.filter((event) => event.stage === "accepted")).toHaveLength(1)
})

test("every missing or wrong field of the acceptance is named beside it, and everything typed comes back", () => {
  const offer = offered()
  const typed = {
    ...SELLER_FORM,
    prenom: "",
    piece_type: "carte-vitale",
    piece_date: "2099-01-01",
    iban: "FR76 3000 6000 0112 3456 7890 188",
    atteste: "",
    nom: "N".repeat(101),
  }
  const step = accept(offer, seen(offer, typed), NOW)
  expect(step).toMatchObject({
    ok: false,
    status: 400,
    error: "6 champs sont à corriger.",
    fields: {
      nom: "Trop long (101 caractères : 100 au plus.)",
      prenom: "Indiquez votre prénom.",
      piece_type: "Choisissez le type de pièce d'identité.",
      piece_date: "Cette date est dans le futur.",
      iban: "Cet IBAN n'est pas valide : vérifiez chaque caractère (ex. FR76 3000 6000 0112 3456 7890 189).",
      atteste: "Cochez cette case pour confirmer la vente.",
    },
  })
  if (!step.ok) expect(step.typed).toMatchObject({ adresse: SELLER_FORM.adresse, iban: typed.iban, piece_numero: "X4RTBPFW4" })
})

test("identity document dates: after 1900, not after today (Paris)", () => {
  const offer = offered()
  const withDate = (piece_date: string) => accept(offer, seen(offer, { ...SELLER_FORM, piece_date }), NOW)
  expect(withDate("0000-01-01")).toMatchObject({ fields: { piece_date: "Cette date est trop ancienne : vérifiez l'année (après 1900)." } })
  expect(withDate("1899-12-31")).toMatchObject({ fields: { piece_date: "Cette date est trop ancienne : vérifiez l'année (après 1900)." } })
  expect(withDate("2026-11-28")).toMatchObject({ fields: { piece_date: "Cette date est dans le futur." } })
  expect(withDate("1900-01-01").ok).toBe(true)
  expect(withDate("2026-11-27").ok).toBe(true)
})

/** An IBAN with the right check digits for its own letters: mod-97 alone would accept it. */
function withCheckDigits(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55))
  let remainder = 0
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  return `${country}${String(98 - remainder).padStart(2, "0")}${bban}`
}

test("the IBAN is checked as each country defines it: length and format, not only mod-97", () => {
  const offer = offered()
  const withIban = (iban: string) => accept(offer, seen(offer, { ...SELLER_FORM, iban }), NOW)
  for (const valid of ["DE89 3704 0044 0532 0130 00", "BE68 5390 0754 7034", "ES91 2100 0418 4502 0005 1332", "FR76 3000 6000 0112 3456 7890 189"]) {
    expect(withIban(valid).ok).toBe(true)
  }
  // A German account number under French letters: mod-97 holds, the length is not France's.
  const short = withCheckDigits("FR", "370400440532013000")
  expect(withIban(short)).toMatchObject({ fields: { iban: "Cet IBAN n'est pas valide : un IBAN de ce pays (FR) a 27 caractères, celui-ci en a 22." } })
  // Belgium's national part is digits only: letters there fail its format though mod-97 holds.
  expect(withIban(withCheckDigits("BE", "ABC007547034"))).toMatchObject({ status: 400, fields: { iban: expect.stringContaining("Cet IBAN n'est pas valide") } })
  expect(withIban(withCheckDigits("XX", "12345678901234"))).toMatchObject({ status: 400 })
})

test("an expired offer cannot be accepted and says how to get a new one; « Renouveler » opens it again at the same prices", () => {
  const offer = offered()
  expect(accept(offer, seen(offer, SELLER_FORM), LATER(8))).toMatchObject({
    ok: false,
    status: 409,
    code: "offer_expired",
    error: "Cette proposition a expiré le 4 décembre 2026. Pour en recevoir une nouvelle, répondez à notre e-mail : nous vous en ferons une autre.",
  })
  // Still acceptable on its last day, Paris time (23:30 on 4 December).
  expect(accept(offer, seen(offer, SELLER_FORM), new Date("2026-12-04T22:30:00Z")).ok).toBe(true)
  const renewed = done(renewOffer(offer, { valable: "2026-12-20" }, LATER(8)))
  expect(renewed).toMatchObject({ stage: "offered", offer: { amount_cents: 3850, valid_until: "2026-12-20" }, terms: offer.terms })
  expect(accept(renewed, seen(offer, SELLER_FORM), LATER(8)).ok).toBe(true)
  expect(renewOffer(offer, { valable: "2026-11-01" }, LATER(8))).toMatchObject({
    status: 400,
    fields: { valable: "Cette date est passée : choisissez aujourd'hui ou plus tard." },
  })
  expect(renewOffer(accepted(), { valable: "" }, NOW)).toMatchObject({ status: 409, code: "nothing_to_renew" })
})

test("a refused offer cannot be accepted afterwards; the owner may then make a new one", () => {
  const offer = offered()
  const refused = done(refuse(offer, seen(offer), NOW))
  expect(refused.stage).toBe("refused")
  expect(accept(refused, seen(refused, SELLER_FORM), NOW)).toMatchObject({ ok: false, status: 409, code: "already_refused" })
  const again = done(makeOffer(refused, offerForm(["40", "10"]), LATER(1), TWO_GARMENTS))
  expect(again.stage).toBe("offered")
  expect(again.answered_at).toBeUndefined()
})

test("nothing to accept or refuse before an offer; refusing after acceptance is refused", () => {
  const fresh = newBuyback("2026-11-26T09:00:00Z")
  expect(accept(fresh, seen(fresh, SELLER_FORM), NOW)).toMatchObject({ ok: false, status: 409, code: "no_offer" })
  expect(refuse(fresh, seen(fresh), NOW)).toMatchObject({ ok: false, status: 409, code: "no_offer" })
  expect(refuse(accepted(), {}, NOW)).toMatchObject({ ok: false, status: 409, code: "already_accepted" })
  expect(makeOffer(accepted(), offerForm(["10", "10"]), NOW, TWO_GARMENTS)).toMatchObject({ ok: false, status: 409, code: "offer_closed" })
})

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
  expect(done(recordReturn(chosen, { suivi_retour: "6A987654321" }, NOW)).returned).toEqual({ at: NOW.toISOString(), tracking: "6A987654321" })
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
    payment: { amount_cents: 3850, method: "virement", date: "2026-11-27" },
  })
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
  const paid = payWith(received(), { amount_cents: 3850, method: "virement", date: "2026-11-27" }, [7, 8], NOW)
  expect(paid).toMatchObject({ stage: "paid", payment: { register_number: 7, register_numbers: [7, 8] } })
  expect(checkPayment(paid, form, NOW)).toMatchObject({ ok: false, status: 409, error: "Cette vente est déjà payée (registre n° 7, 8)." })
})

test("cash above 1 000 € in total is refused (D112-3); 1 000 € exactly is allowed", () => {
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
