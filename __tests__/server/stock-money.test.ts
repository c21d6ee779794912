/**
 * @jest-environment node
 *
 * The stock's arithmetic to the cent (src/server/stock/money.ts, issue 47): the margin of a sale,
 * the VAT on the period's margin (art. 297 A: sale − purchase, VAT included, × rate ÷ (100 + rate),
 * rounded to the cent, half up; none when the period's margin is negative), and the amounts as
 * the owner types them.
 */
import { netMargin, periodMargin, readAmount, signedEuros, taxableMargin, vatOnMargin } from "../../src/server/stock/money"

describe("margins", () => {
  it("fees larger than the margin: a net loss, yet VAT is due on the taxable margin (fees are not deducted from it)", () => {
    const sale = { cost_cents: 2000, price_cents: 2500, fees_cents: 800 }
    expect(netMargin(sale)).toBe(-300)
    expect(taxableMargin(sale)).toBe(500)
    // 500 × 20 / 120 = 83,33 → 83 cents.
    expect(periodMargin([sale], 2000)).toEqual({ taxable_cents: 500, net_cents: -300, vat_cents: 83, rate_hundredths: 2000, negative: false })
  })

  it("a loss alone: no VAT for the period, and the page says why", () => {
    const loss = { cost_cents: 5000, price_cents: 3000, fees_cents: 0 }
    expect(periodMargin([loss], 2000)).toMatchObject({ taxable_cents: -2000, net_cents: -2000, vat_cents: 0, negative: true })
  })

  it("several garments from one purchase each keep their own cost: a loss on one offsets a gain on another", () => {
    // One request of two polos paid 15 € and 20,50 €; sold 40 € and 18 €.
    const first = { cost_cents: 1500, price_cents: 4000, fees_cents: 290 }
    const second = { cost_cents: 2050, price_cents: 1800, fees_cents: 0 }
    const period = periodMargin([first, second], 2000)
    expect(period.taxable_cents).toBe(2500 - 250)
    expect(period.net_cents).toBe(2210 - 250)
    // 2250 × 20 / 120 = 375 exactly.
    expect(period.vat_cents).toBe(375)
  })

  it.each([
    [1000, 2000, 167], // 166,67 → 167
    [1, 2000, 0], // 0,17 → 0
    [3, 2000, 1], // 0,5 → 1: half a cent goes up
    [9, 2000, 2], // 1,5 → 2
    [100, 550, 5], // 5,21 at 5,5 %
    [1_000_000, 2000, 166_667],
    [0, 2000, 0],
    [-500, 2000, 0],
  ])("VAT in a margin of %i cents at %i hundredths of a percent: %i cents", (margin, rate, vat) => {
    expect(vatOnMargin(margin, rate)).toBe(vat)
  })

  it("writes amounts the French way, negative ones with a true minus", () => {
    expect(signedEuros(-1250)).toBe("\u221212,50\u00a0€")
    expect(signedEuros(123456)).toBe("1\u202f234,56\u00a0€")
  })
})

describe("amounts typed", () => {
  it("accepts French decimals", () => {
    expect(readAmount("45,50", { required: true, positive: true })).toEqual({ ok: true, cents: 4550 })
    expect(readAmount("45.5", { required: true, positive: true })).toEqual({ ok: true, cents: 4550 })
    expect(readAmount("1 200", { required: true, positive: true })).toEqual({ ok: true, cents: 120000 })
    expect(readAmount("", { required: false, positive: false })).toEqual({ ok: true, cents: 0 })
  })

  it.each([
    ["-5", "Un montant ne peut pas être négatif."],
    ["10000,01", "Montant invraisemblable : 10 000 € au plus. Vérifiez la virgule."],
    ["45,505", "« 45,505 » n'est pas un montant : écrivez par exemple 45,50 (deux décimales au plus)."],
    ["quarante", "« quarante » n'est pas un montant : écrivez par exemple 45,50 (deux décimales au plus)."],
    ["", "Indiquez un montant, par exemple 45,50."],
    ["0", "Le montant doit être supérieur à 0."],
  ])("refuses « %s » in French", (typed, problem) => {
    expect(readAmount(typed, { required: true, positive: true })).toEqual({ ok: false, problem })
  })

  it("takes 10 000 € exactly", () => {
    expect(readAmount("10000", { required: true, positive: true })).toEqual({ ok: true, cents: 1_000_000 })
  })
})
