/**
 * The accountant's exports of a period (docs/stock.md#the-accountants-exports): the purchases journal, the
 * sales journal, the margins with the VAT on the margin, and the stock at cost on the period's
 * last day with its age. The same figures make the print view (./exports-page.ts) and the four CSV
 * files for French spreadsheets (../spreadsheet.ts), on the page and by `npm run stock -- export`.
 *
 * What must stay true: a period is whole calendar days in Paris (../shop-time.ts), first and last
 * included; every amount comes from ./money.ts, in cents, so the files and the page agree to the
 * cent; a file holds no seller's identity (the register's own CSV does, for the police); the
 * purchases keep each garment's price, the postage refunded with a purchase is its own column (on
 * the request's first line), never added to a cost: the margins are counted on the garments' prices.
 */
import { sizeWords } from "../../contract/garments"
import { SALE_CHANNELS, type StockItem } from "../../contract/stock"
import { addDays, isDay, sheetDay, shopDay } from "../shop-time"
import { sheetEuros, spreadsheetCsv } from "../spreadsheet"
import { clock } from "../clock"
import { periodMargin, rateText, taxableMargin, netMargin, type PeriodMargin } from "./money"

export type Period = { from: string; to: string; label: string }

const MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"]

export const REGIME = "régime de la marge bénéficiaire — art. 297 A du CGI"

/** The last day of `month` (1 to 12): the day before the next month's first. */
const lastDayOfMonth = (year: number, month: number) => addDays(month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`, -1)

/** The month of a day: « novembre 2026 », from the 1st to its last day. */
export function monthPeriod(day: string): Period {
  const year = Number(day.slice(0, 4))
  const month = Number(day.slice(5, 7))
  return { from: `${day.slice(0, 7)}-01`, to: lastDayOfMonth(year, month), label: `${MONTHS[month - 1]} ${year}` }
}

/**
 * The period asked for: `periode` « 2026-11 » (a month), « 2026-T4 » (a quarter), « 2026 » (a year),
 * or `du` and `au` (any days); without any, the current month in Paris. A problem in French otherwise.
 */
export function readPeriod(query: Record<string, unknown>, now: Date): Period | { problem: string } {
  const asked = typeof query.periode === "string" ? query.periode.trim() : ""
  const from = typeof query.du === "string" ? query.du : ""
  const to = typeof query.au === "string" ? query.au : ""
  if (from || to) {
    if (!isDay(from) || !isDay(to)) return { problem: "Dates de la période invalides : choisissez le premier et le dernier jour." }
    if (to < from) return { problem: "La période finit avant de commencer : le dernier jour doit suivre le premier." }
    return { from, to, label: `du ${sheetDay(from)} au ${sheetDay(to)}` }
  }
  if (asked === "") return monthPeriod(shopDay(now))
  let match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(asked)
  if (match) return monthPeriod(`${asked}-01`)
  match = /^(\d{4})-T([1-4])$/.exec(asked)
  if (match) {
    const year = Number(match[1])
    const quarter = Number(match[2])
    const first = String(quarter * 3 - 2).padStart(2, "0")
    return { from: `${year}-${first}-01`, to: lastDayOfMonth(year, quarter * 3), label: `${quarter}${quarter === 1 ? "er" : "e"} trimestre ${year}` }
  }
  match = /^(\d{4})$/.exec(asked)
  if (match) return { from: `${asked}-01-01`, to: `${asked}-12-31`, label: `année ${asked}` }
  return { problem: "Période inconnue : choisissez un mois, un trimestre ou une année." }
}

const within = (day: string, period: Period) => day >= period.from && day <= period.to

/** Days between two calendar days. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000)

/** « Lacoste · Polo · taille M »: the garment in a line, its size in the words of the register and the receipt. */
export const garmentLine = (item: StockItem) =>
  [item.garment.brand, item.garment.nature, item.garment.size ? sizeWords(item.garment.size) : ""].filter(Boolean).join(" · ")

/** The day a withdrawal was recorded, in Paris. */
const withdrawnOn = (item: StockItem) => (item.withdrawal ? shopDay(new Date(item.withdrawal.on)) : null)

/** Whether the shop still held the item at the end of `day`. */
export function heldOn(item: StockItem, day: string): boolean {
  if (item.bought_on > day) return false
  if (item.sale && item.sale.date <= day) return false
  const withdrawn = withdrawnOn(item)
  return !(withdrawn && withdrawn <= day)
}

/** The postage refunded with a purchase, by its request's number (the buy-back's record; 0 when none). */
export type PostageReader = (request: string) => Promise<number>

/** The postage refunded with each request bought in the period (the purchases journal's own column). */
export async function periodPostages(items: ReadonlyArray<StockItem>, period: Period, postageOf: PostageReader): Promise<Map<string, number>> {
  const requests = [...new Set(items.filter((item) => within(item.bought_on, period)).map((item) => item.request))]
  return new Map(await Promise.all(requests.map(async (request) => [request, await postageOf(request)] as const)))
}

export type PeriodFigures = {
  period: Period
  rate_hundredths: number
  purchases: StockItem[]
  /** The postage refunded, by the register number of its request's first garment bought in the period. */
  postage_by_number: Map<number, number>
  postage_cents: number
  sales_cents: number
  fees_cents: number
  sales: Array<StockItem & { sale: NonNullable<StockItem["sale"]> }>
  withdrawals: StockItem[]
  stock: Array<{ item: StockItem; age_days: number }>
  /** The day the stock is counted at: the period's last, or today while the period is not over. */
  stock_day: string
  margin: PeriodMargin
  purchases_cents: number
  stock_cents: number
}

/**
 * A sale's amounts in the order of the margins' columns, on the period's page and in its file alike
 * (purchase, sale, margin the VAT is computed on, fees, net margin), in cents.
 */
export function marginAmounts(item: PeriodFigures["sales"][number]): number[] {
  const sale = { cost_cents: item.cost_cents, price_cents: item.sale.price_cents, fees_cents: item.sale.fees_cents }
  return [sale.cost_cents, sale.price_cents, taxableMargin(sale), sale.fees_cents, netMargin(sale)]
}

export function periodFigures(
  items: ReadonlyArray<StockItem>,
  period: Period,
  rateHundredths: number,
  postages: ReadonlyMap<string, number> = new Map(),
): PeriodFigures {
  const purchases = items.filter((item) => within(item.bought_on, period))
  const postageByNumber = new Map<number, number>()
  for (const [request, cents] of postages) {
    const first = purchases.find((item) => item.request === request)
    if (first && cents > 0) postageByNumber.set(first.number, cents)
  }
  const sales = items.filter((item): item is PeriodFigures["sales"][number] => item.sale !== undefined && within(item.sale.date, period))
  const withdrawals = items.filter((item) => {
    const day = withdrawnOn(item)
    return day !== null && within(day, period)
  })
  // The stock of a period not over yet is today's: a day to come has no stock yet (nor ages).
  const today = shopDay(clock.now())
  const stockDay = period.to > today ? today : period.to
  const stock = items.filter((item) => heldOn(item, stockDay)).map((item) => ({ item, age_days: daysBetween(item.bought_on, stockDay) }))
  const figures = sales.map((item) => ({ cost_cents: item.cost_cents, price_cents: item.sale.price_cents, fees_cents: item.sale.fees_cents }))
  return {
    period,
    rate_hundredths: rateHundredths,
    purchases,
    postage_by_number: postageByNumber,
    postage_cents: [...postageByNumber.values()].reduce((sum, cents) => sum + cents, 0),
    sales_cents: sales.reduce((sum, item) => sum + item.sale.price_cents, 0),
    fees_cents: sales.reduce((sum, item) => sum + item.sale.fees_cents, 0),
    sales,
    withdrawals,
    stock,
    stock_day: stockDay,
    margin: periodMargin(figures, rateHundredths),
    purchases_cents: purchases.reduce((sum, item) => sum + item.cost_cents, 0),
    stock_cents: stock.reduce((sum, { item }) => sum + item.cost_cents, 0),
  }
}

/** The sentence under the margins: the VAT due, or why there is none. */
export function vatSentence(figures: PeriodFigures): string {
  const { margin } = figures
  if (margin.taxable_cents <= 0) return `Marge de la période ${margin.negative ? "négative" : "nulle"} : aucune TVA sur marge n'est due pour cette période.`
  return `TVA sur marge due : ${sheetEuros(margin.vat_cents)} € (taux ${rateText(margin.rate_hundredths)}, marge TTC × taux ÷ (100 + taux), arrondie au centime).`
}

/** The postage column of a purchase's line: the amount on its request's first line, empty on the others. */
export const postageText = (figures: PeriodFigures, number: number, euros: (cents: number) => string) => {
  const cents = figures.postage_by_number.get(number)
  return cents === undefined ? "" : euros(cents)
}

export type ExportFile = { name: string; title: string; csv: string }

/** The four files of the period, named after it (`achats_2026-11-01_2026-11-30.csv`…). */
export function exportFiles(figures: PeriodFigures): ExportFile[] {
  const { period } = figures
  const stamp = `${period.from}_${period.to}`
  const purchases = spreadsheetCsv(
    ["N° d'ordre", "Date d'achat", "Article", "Prix d'achat (€)", "Frais d'envoi remboursés (€)", "Mode de paiement", "Demande"],
    [
      ...figures.purchases.map((item) => [
        item.number,
        sheetDay(item.bought_on),
        garmentLine(item),
        sheetEuros(item.cost_cents),
        postageText(figures, item.number, sheetEuros),
        item.payment_method,
        item.request,
      ]),
      ["Total", "", `${figures.purchases.length} article(s)`, sheetEuros(figures.purchases_cents), sheetEuros(figures.postage_cents), "", ""],
    ],
  )
  const sales = spreadsheetCsv(
    ["N° d'ordre", "Date de vente", "Article", "Canal", "Prix de vente (€)", "Frais (€)", "Référence"],
    [
      ...figures.sales.map((item) => [
        item.number,
        sheetDay(item.sale.date),
        garmentLine(item),
        SALE_CHANNELS[item.sale.channel],
        sheetEuros(item.sale.price_cents),
        sheetEuros(item.sale.fees_cents),
        item.sale.reference,
      ]),
      ["Total", "", `${figures.sales.length} vente(s)`, "", sheetEuros(figures.sales_cents), sheetEuros(figures.fees_cents), ""],
    ],
  )
  const margin = figures.margin
  const margins = spreadsheetCsv(
    [
      "N° d'ordre",
      "Date de vente",
      "Article",
      "Prix d'achat (€)",
      "Prix de vente (€)",
      "Marge TTC, vente − achat (€)",
      "Frais (€)",
      "Marge nette après frais (€)",
    ],
    [
      ...figures.sales.map((item) => [item.number, sheetDay(item.sale.date), garmentLine(item), ...marginAmounts(item).map(sheetEuros)]),
      ["Total de la période", "", `${figures.sales.length} vente(s)`, "", "", sheetEuros(margin.taxable_cents), "", sheetEuros(margin.net_cents)],
      ["TVA sur marge", "", `taux ${rateText(margin.rate_hundredths).replace("\u00a0", " ")}`, "", "", sheetEuros(margin.vat_cents), "", ""],
      ["Régime", "", REGIME, "", "", "", "", ""],
      ["Note", "", vatSentence(figures).replace(/\u00a0/g, " "), "", "", "", "", ""],
    ],
  )
  const stock = spreadsheetCsv(
    ["N° d'ordre", "Date d'achat", "Article", "Prix d'achat (€)", "Âge (jours)"],
    [
      ...figures.stock.map(({ item, age_days }) => [item.number, sheetDay(item.bought_on), garmentLine(item), sheetEuros(item.cost_cents), age_days]),
      ["Total", "", `${figures.stock.length} article(s) au ${sheetDay(figures.stock_day)}`, sheetEuros(figures.stock_cents), ""],
    ],
  )
  return [
    { name: `achats_${stamp}.csv`, title: "Journal des achats", csv: purchases },
    { name: `ventes_${stamp}.csv`, title: "Journal des ventes", csv: sales },
    { name: `marges_${stamp}.csv`, title: "Marges et TVA sur marge", csv: margins },
    { name: `stock_${stamp}.csv`, title: "Stock au coût", csv: stock },
  ]
}
