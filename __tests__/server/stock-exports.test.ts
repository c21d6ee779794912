/**
 * @jest-environment node
 *
 * The accountant's periods and figures (src/server/stock/exports.ts, issue 47): a month, a quarter
 * or a year in Paris days; the stock held at the end of the period's last day, with its age; the
 * margins' file with a loss and the sentence saying no VAT is due.
 */
import type { StockItem } from "../../src/contract/stock"
import { exportFiles, heldOn, periodFigures, readPeriod, type Period } from "../../src/server/stock/exports"
import { clockAt } from "../helpers/clock"

// Mid-December 2026: November is over, December is not.
clockAt("2026-12-15T10:00:00Z")

const garment = { index: 0, nature: "Polo", brand: "Lacoste", size: "M", colour: "", marks: "", condition: "", description: "" }
const item = (number: number, bought_on: string, cost_cents: number, extra: Partial<StockItem> = {}): StockItem => ({
  number,
  request: "20261102-0900-K7Q2MX",
  garment,
  cost_cents,
  bought_on,
  payment_method: "Virement",
  status: "en_stock",
  history: [],
  version: "0",
  ...extra,
})

describe("periods", () => {
  it("reads a month, a quarter, a year and any days; the current month is Paris's", () => {
    const now = new Date("2026-11-30T23:30:00Z") // 1 December, 00:30 in Paris
    expect(readPeriod({}, now)).toEqual({ from: "2026-12-01", to: "2026-12-31", label: "décembre 2026" })
    expect(readPeriod({ periode: "2026-02" }, now)).toEqual({ from: "2026-02-01", to: "2026-02-28", label: "février 2026" })
    expect(readPeriod({ periode: "2026-T1" }, now)).toEqual({ from: "2026-01-01", to: "2026-03-31", label: "1er trimestre 2026" })
    expect(readPeriod({ periode: "2026-T4" }, now)).toEqual({ from: "2026-10-01", to: "2026-12-31", label: "4e trimestre 2026" })
    expect(readPeriod({ periode: "2026" }, now)).toEqual({ from: "2026-01-01", to: "2026-12-31", label: "année 2026" })
    expect(readPeriod({ du: "2026-03-15", au: "2026-04-14" }, now)).toMatchObject({ from: "2026-03-15", to: "2026-04-14" })
  })

  it("refuses in French a period it cannot read", () => {
    expect(readPeriod({ periode: "2026-13" }, new Date("2026-11-26T10:00:00Z"))).toEqual({
      problem: "Période inconnue : choisissez un mois, un trimestre ou une année.",
    })
    expect(readPeriod({ du: "2026-04-14", au: "2026-03-15" }, new Date("2026-11-26T10:00:00Z"))).toEqual({
      problem: "La période finit avant de commencer : le dernier jour doit suivre le premier.",
    })
  })
})

describe("figures", () => {
  const november: Period = { from: "2026-11-01", to: "2026-11-30", label: "novembre 2026" }
  const sale = (price_cents: number, date: string, fees_cents = 0) => ({ sale: { price_cents, date, channel: "vinted" as const, fees_cents, reference: "" } })

  it("the stock on the period's last day: bought by then, not yet sold nor withdrawn, with its age in days", () => {
    const items = [
      item(1, "2026-09-01", 1000),
      item(2, "2026-11-10", 2000, { status: "vendu", ...sale(3000, "2026-12-02") }),
      item(3, "2026-11-10", 2000, { status: "vendu", ...sale(3000, "2026-11-30") }),
      item(4, "2026-12-01", 500),
      item(5, "2026-10-01", 700, { status: "retire", withdrawal: { reason: "don", on: "2026-11-30T22:30:00Z" } }),
    ]
    // Withdrawn at 23:30 in Paris on 30 November: gone by the end of that day.
    expect(heldOn(items[4]!, "2026-11-30")).toBe(false)
    const figures = periodFigures(items, november, 2000)
    expect(figures.stock.map(({ item: held, age_days }) => [held.number, age_days])).toEqual([
      [1, 90],
      [2, 20],
    ])
    expect(figures.stock_cents).toBe(3000)
    expect(figures.stock_day).toBe("2026-11-30")
    expect(figures.purchases.map((bought) => bought.number)).toEqual([2, 3])
  })

  it("a period not over yet counts today's stock, never a day to come's (« au 31 déc. » read on 15 December)", () => {
    const december: Period = { from: "2026-12-01", to: "2026-12-31", label: "décembre 2026" }
    const figures = periodFigures([item(1, "2026-12-01", 1000), item(2, "2026-11-01", 700, { status: "vendu", ...sale(900, "2026-12-10") })], december, 2000)
    expect(figures.stock_day).toBe("2026-12-15")
    expect(figures.stock.map(({ item: held, age_days }) => [held.number, age_days])).toEqual([[1, 14]])
    expect(exportFiles(figures)[3]!.csv).toContain("Total;;1 article(s) au 15/12/2026;")
  })

  it("a period whose margin is a loss: no VAT, and the margins' file says so", () => {
    const items = [item(1, "2026-11-02", 5000, { status: "vendu", ...sale(3000, "2026-11-20", 500) })]
    const figures = periodFigures(items, november, 2000)
    expect(figures.margin).toMatchObject({ taxable_cents: -2000, net_cents: -2500, vat_cents: 0 })
    const margins = exportFiles(figures)[2]!.csv
    expect(margins).toContain('1;20/11/2026;Lacoste · Polo · taille M;"50,00";"30,00";"-20,00";"5,00";"-25,00"')
    expect(margins).toContain("Marge de la période négative : aucune TVA sur marge n'est due pour cette période.")
  })
})
