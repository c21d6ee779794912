/**
 * @jest-environment node
 *
 * The buy-back's steps (src/server/buyback/machine.ts): each stage allows only its own steps, and
 * every refusal is French, with the field it concerns and what was typed handed back.
 */
import type { Buyback } from "../../src/contract/buyback"
import { SELLER_FORM } from "../helpers/buyback"
import { lettersFor } from "../../src/server/buyback/letters"
import type { Lead } from "../../src/server/leads/types"
import { accept, chooseReturn, checkPayment, makeOffer, newBuyback, payWith, receive, refuse, setTracking, type Step } from "../../src/server/buyback/machine"

const NOW = new Date("2026-11-27T10:00:00Z")
const LATER = (days: number) => new Date(NOW.getTime() + days * 24 * 60 * 60 * 1000)

function done(step: Step): Buyback {
  if (!step.ok) throw new Error(`refusé : ${step.error} ${JSON.stringify(step.fields)}`)
  return step.buyback
}

const offered = () => done(makeOffer(newBuyback("2026-11-26T09:00:00Z"), { montant: "35,50", valable: "2026-12-04", message: "Bel article." }, NOW))
const accepted = () => done(accept(offered(), SELLER_FORM, NOW))
const received = () => done(receive(accepted(), { verdict: "conforme", description: "Polo blanc M, accroc au col" }, NOW))

test("a new record has a 128-bit key and starts « Demande reçue »", () => {
  const one = newBuyback("2026-11-26T09:00:00Z")
  expect(one.token).toMatch(/^[0-9a-f]{32}$/)
  expect(newBuyback("2026-11-26T09:00:00Z").token).not.toBe(one.token)
  expect(one.history).toEqual([{ stage: "requested", at: "2026-11-26T09:00:00Z" }])
})

test("the offer reads French decimals, defaults to 7 days, and refuses a bad amount, a past date and a long message beside each field", () => {
  const offer = done(makeOffer(newBuyback("2026-11-26T09:00:00Z"), { montant: "35,50", valable: "", message: "" }, NOW))
  expect(offer.offer).toMatchObject({ amount_cents: 3550, valid_until: "2026-12-04" })
  expect(offer.stage).toBe("offered")
  const refused = makeOffer(newBuyback("x"), { montant: "trente", valable: "2026-11-01", message: "a".repeat(2001) }, NOW)
  expect(refused).toMatchObject({
    ok: false,
    status: 400,
    fields: {
      montant: "« trente » n'est pas un montant : écrivez par exemple 35,50.",
      valable: "Cette date est passée : choisissez aujourd'hui ou plus tard.",
      message: "Message trop long (2001 caractères : 2000 au plus.)",
    },
    typed: { montant: "trente", valable: "2026-11-01" },
  })
})

test("accepting records the seller once: a second « Confirmer la vente » (double click) changes nothing", () => {
  const once = accepted()
  expect(once.stage).toBe("accepted")
  expect(once.seller).toMatchObject({ surname: "Martin", id_type: "cni", iban: "FR7630006000011234567890189" })
  const twice = accept(once, SELLER_FORM, LATER(1))
  expect(twice).toEqual({ ok: true, changed: false, buyback: once })
  expect(once.history.filter((event) => event.stage === "accepted")).toHaveLength(1)
})

test("every missing or wrong field of the acceptance is named beside it, and everything typed comes back", () => {
  const typed = {
    ...SELLER_FORM,
    prenom: "",
    piece_type: "carte-vitale",
    piece_date: "2099-01-01",
    iban: "FR76 3000 6000 0112 3456 7890 188",
    atteste: "",
    nom: "N".repeat(101),
  }
  const step = accept(offered(), typed, NOW)
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

test("an expired offer cannot be accepted, and says how to get a new one", () => {
  const step = accept(offered(), SELLER_FORM, LATER(8))
  expect(step).toMatchObject({
    ok: false,
    status: 409,
    error: "Cette proposition a expiré le 4 décembre 2026. Pour en recevoir une nouvelle, répondez à notre e-mail : nous vous en ferons une autre.",
  })
  // Still acceptable on its last day, Paris time (23:30 on 4 December).
  expect(accept(offered(), SELLER_FORM, new Date("2026-12-04T22:30:00Z")).ok).toBe(true)
})

test("a refused offer cannot be accepted afterwards; the owner may then make a new one", () => {
  const refused = done(refuse(offered(), NOW))
  expect(refused.stage).toBe("refused")
  expect(accept(refused, SELLER_FORM, NOW)).toMatchObject({ ok: false, status: 409, code: "already_refused" })
  const again = done(makeOffer(refused, { montant: "40", valable: "", message: "" }, LATER(1)))
  expect(again.stage).toBe("offered")
  expect(again.answered_at).toBeUndefined()
})

test("nothing to accept or refuse before an offer; refusing after acceptance is refused", () => {
  const fresh = newBuyback("2026-11-26T09:00:00Z")
  expect(accept(fresh, SELLER_FORM, NOW)).toMatchObject({ ok: false, status: 409, code: "no_offer" })
  expect(refuse(fresh, NOW)).toMatchObject({ ok: false, status: 409, code: "no_offer" })
  expect(refuse(accepted(), NOW)).toMatchObject({ ok: false, status: 409, code: "already_accepted" })
  expect(makeOffer(accepted(), { montant: "10" }, NOW)).toMatchObject({ ok: false, status: 409, code: "offer_closed" })
})

test("payment before the acceptance, before the reception, or twice is refused in French", () => {
  const form = { montant: "35,50", mode: "virement", date: "2026-11-27" }
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
  const checked = checkPayment(received(), form, NOW)
  expect(checked).toEqual({ ok: true, payment: { amount_cents: 3550, method: "virement", date: "2026-11-27" } })
  const paid = payWith(received(), { amount_cents: 3550, method: "virement", date: "2026-11-27" }, 7, NOW)
  expect(paid.stage).toBe("paid")
  expect(checkPayment(paid, form, NOW)).toMatchObject({ ok: false, status: 409, error: "Cette vente est déjà payée (registre n° 7)." })
})

test("cash above 1 000 € is refused (D112-3); 1 000 € exactly is allowed", () => {
  expect(checkPayment(received(), { montant: "1 000,01", mode: "especes", date: "2026-11-27" }, NOW)).toMatchObject({
    ok: false,
    status: 400,
    fields: { mode: "Espèces refusées au-delà de 1\u202f000\u00a0€ (Code monétaire et financier, art. D112-3) : payez par virement." },
  })
  expect(checkPayment(received(), { montant: "1000", mode: "especes", date: "2026-11-27" }, NOW).ok).toBe(true)
  expect(checkPayment(received(), { montant: "1500", mode: "virement", date: "2026-11-27" }, NOW).ok).toBe(true)
})

test("a revised price goes back to the seller: accepted it is received, refused the item is rejected and the seller chooses its fate", () => {
  const revised = done(receive(accepted(), { verdict: "revu", description: "Polo M, tache au dos", montant: "20", message: "Tache non signalée." }, NOW))
  expect(revised).toMatchObject({ stage: "revised", offer: { amount_cents: 2000, revised: true, valid_until: "2026-12-04" } })
  expect(done(accept(revised, {}, NOW)).stage).toBe("received")
  const rejected = done(refuse(revised, NOW))
  expect(rejected.stage).toBe("rejected")
  expect(chooseReturn(rejected, { choix: "vol" }, NOW)).toMatchObject({ ok: false, status: 400, fields: { choix: "Choisissez le retour ou le don." } })
  expect(done(chooseReturn(rejected, { choix: "don" }, NOW)).rejected_choice).toBe("don")
  expect(receive(accepted(), { verdict: "revu", description: "x", montant: "" }, NOW)).toMatchObject({
    fields: { montant: "Indiquez le nouveau montant en euros (ex. 35,50)." },
  })
  expect(receive(offered(), { verdict: "conforme", description: "x" }, NOW)).toMatchObject({ ok: false, status: 409, code: "not_accepted" })
})

test("an item refused on arrival keeps the owner's reason for the seller, and the letter says it", () => {
  const rejected = done(receive(accepted(), { verdict: "refuse", description: "Polo M, trou au dos", message: "Un trou non visible sur les photos." }, NOW))
  expect(rejected).toMatchObject({ stage: "rejected", reception: { verdict: "refuse", message: "Un trou non visible sur les photos." } })
  expect(done(receive(accepted(), { verdict: "refuse", description: "Polo M" }, NOW)).reception).not.toHaveProperty("message")
  const lead = { id: "20261127-0900-ABCDEF", email: "vendeur@exemple.fr" } as unknown as Lead
  const [letter] = lettersFor(lead, accepted(), rejected, "https://boutique.exemple.fr")
  expect(letter).toMatchObject({ to: "seller", subject: "Article refusé – demande n° 20261127-0900-ABCDEF" })
  expect(letter?.text).toContain("Un trou non visible sur les photos.")
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
  expect(makeOffer(newBuyback("x"), { montant: ["1", "2"] }, NOW)).toMatchObject({ ok: false, status: 400, code: "invalid_form" })
  expect(checkPayment(received(), undefined, NOW)).toMatchObject({ ok: false, status: 400, code: "invalid_form" })
})
