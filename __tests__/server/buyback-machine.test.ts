/**
 * @jest-environment node
 *
 * The buy-back's first steps, garment by garment (src/server/buyback/machine.ts and its steps):
 * the offer, its acceptance or refusal; each stage allows only its own steps, the seller is bound
 * only to the prices their form showed, and every refusal is French, with the field it concerns
 * and what was typed handed back. The reception and the payment: buyback-payment.test.ts.
 */
import { newBuyback } from "../../src/server/buyback/machine"
import { accept, makeOffer, refuse, renewOffer } from "../../src/server/buyback/offer-steps"
import { offerForm, SELLER_FORM, TWO_GARMENTS } from "../helpers/buyback"
import { accepted, done, LATER, NOW, offered, seen } from "../helpers/buyback-steps"

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

test("an amount over twice the top of its garment's range is sent only once « Montants vérifiés » is ticked", () => {
  const ranges = [{ low: 14, high: 19 }, null]
  // Twice the top (38 €) is still sent; a cent more is taken for a typo; a garment without a range is never checked.
  expect(done(makeOffer(newBuyback("x"), offerForm(["38", "9000"]), NOW, TWO_GARMENTS, ranges)).offer?.amount_cents).toBe(903_800)
  expect(makeOffer(newBuyback("x"), offerForm(["38,01", "20"]), NOW, TWO_GARMENTS, ranges)).toMatchObject({
    status: 400,
    fields: { montant_0: expect.stringContaining("c'est plus de 2 fois le haut de la fourchette de la grille (14 à 19\u00a0€)") },
  })
  const meant = done(makeOffer(newBuyback("x"), { ...offerForm(["3550", "20"]), montants_verifies: "oui" }, NOW, TWO_GARMENTS, ranges))
  expect(meant.offer?.lines).toEqual([
    { index: 0, amount_cents: 355_000 },
    { index: 1, amount_cents: 2000 },
  ])
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
