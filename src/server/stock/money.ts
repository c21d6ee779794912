/**
 * The stock's arithmetic, in whole cents (docs/stock.md#margins-and-the-vat-on-the-margin): amounts as the owner types
 * them, the margin of a sale, and the VAT on the margin (régime de la marge bénéficiaire, art. 297 A
 * du CGI) of a period. Pure: jest checks every edge case directly.
 *
 * The rules, stated once:
 * - net margin of a garment = sale price − purchase price − fees (what the shop earns);
 * - taxable margin of a garment = sale price − purchase price (art. 297 A: the VAT is on the
 *   difference between the price sold, VAT included, and the price paid to the private seller;
 *   the selling fees, the platform's commission or the postage, are not deducted from it);
 * - the period's taxable margin is the sum over the garments sold in the period, a loss on one
 *   offsetting a gain on another; when that sum is negative or zero, no VAT is due for the period
 *   (and the loss is not carried over here: the accountant decides);
 * - VAT = period's taxable margin × rate ÷ (100 + rate), the margin being VAT included, rounded to
 *   the nearest cent, half a cent up. The rate is held in hundredths of a percent (20 % = 2000) so
 *   a rate such as 5,5 % stays exact.
 */
import { parseEuros } from "../../contract/euros"
import { STOCK_LIMITS } from "../../contract/stock"

export type AmountOutcome = { ok: true; cents: number } | { ok: false; problem: string }

/** An amount typed in French (« 45,50 », « 45.5 », « 1 200 »): refused when empty (if required), not an amount, negative or over 10 000 €. */
export function readAmount(typed: string, { required, positive }: { required: boolean; positive: boolean }): AmountOutcome {
  const text = typed.trim()
  if (text === "") return required ? { ok: false, problem: "Indiquez un montant, par exemple 45,50." } : { ok: true, cents: 0 }
  if (text.length > STOCK_LIMITS.amount) return { ok: false, problem: `« ${text.slice(0, 20)}… » n'est pas un montant : écrivez par exemple 45,50.` }
  if (/^-/.test(text)) return { ok: false, problem: "Un montant ne peut pas être négatif." }
  const cents = parseEuros(text)
  if (cents === null) return { ok: false, problem: `« ${text} » n'est pas un montant : écrivez par exemple 45,50 (deux décimales au plus).` }
  if (cents > STOCK_LIMITS.maxCents) return { ok: false, problem: "Montant invraisemblable : 10 000 € au plus. Vérifiez la virgule." }
  if (positive && cents === 0) return { ok: false, problem: "Le montant doit être supérieur à 0." }
  return { ok: true, cents }
}

export type SaleFigures = { cost_cents: number; price_cents: number; fees_cents: number }

/** Sale − purchase − fees: what the shop earns on the garment (negative for a loss). */
export const netMargin = ({ cost_cents, price_cents, fees_cents }: SaleFigures) => price_cents - cost_cents - fees_cents

/** Sale − purchase: the margin the VAT is computed on (art. 297 A; fees are not deducted). */
export const taxableMargin = ({ cost_cents, price_cents }: Pick<SaleFigures, "cost_cents" | "price_cents">) => price_cents - cost_cents

export type PeriodMargin = { taxable_cents: number; net_cents: number; vat_cents: number; rate_hundredths: number; negative: boolean }

/** The VAT included in a taxable margin (VAT included), rounded to the nearest cent, half up; 0 when the margin is not positive. */
export function vatOnMargin(marginCents: number, rateHundredths: number): number {
  if (marginCents <= 0) return 0
  const divisor = 10_000 + rateHundredths
  // Integers only: round(m × r ÷ d) = floor((2 × m × r + d) ÷ (2 × d)), exact for any margin under 2^53 ÷ 20 000.
  return Math.floor((2 * marginCents * rateHundredths + divisor) / (2 * divisor))
}

/** The period's margins and its VAT, from the garments sold in it. */
export function periodMargin(sales: ReadonlyArray<SaleFigures>, rateHundredths: number): PeriodMargin {
  const taxable = sales.reduce((sum, sale) => sum + taxableMargin(sale), 0)
  const net = sales.reduce((sum, sale) => sum + netMargin(sale), 0)
  return { taxable_cents: taxable, net_cents: net, vat_cents: vatOnMargin(taxable, rateHundredths), rate_hundredths: rateHundredths, negative: taxable < 0 }
}

/** « 1 234,50 » with its sign (« −12,00 »): every figure of the owner's pages and print view, with a no-break thin space between thousands. */
export function signedEuros(cents: number): string {
  const sign = cents < 0 ? "\u2212" : ""
  const whole = Math.floor(Math.abs(cents) / 100)
  const rest = Math.abs(cents) % 100
  return `${sign}${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f")},${String(rest).padStart(2, "0")}\u00a0€`
}

/** « 20 % », « 5,5 % ». */
export function rateText(rateHundredths: number): string {
  const whole = Math.floor(rateHundredths / 100)
  const rest = rateHundredths % 100
  return `${whole}${
    rest === 0
      ? ""
      : `,${String(rest)
          .replace(/0$/, "")
          .padStart(rest % 10 === 0 ? 1 : 2, "0")}`
  }\u00a0%`
}
