/**
 * « Exports comptables » at /admin/stock/exports/: the period chosen (a month, a quarter, a year or
 * any days, Paris dates), its four CSV files to download, and the same four tables as a print view
 * (the owner rooms' print layout hides the header and the buttons).
 */
import { SALE_CHANNELS } from "../../contract/stock"
import { escapeHtml } from "../http/html"
import { addDays } from "../shop-time"
import { REGIME, exportFiles, garmentLine, marginAmounts, monthPeriod, postageText, vatSentence, type Period, type PeriodFigures } from "./exports"
import type { OwnerFrame } from "./list-page"
import { rateText, signedEuros } from "./money"
import { dayShort, STOCK_WORDS } from "./words"

/** The file kinds, in the order of the page, as the addresses name them (/exports/achats.csv…). */
export const EXPORT_KINDS = ["achats", "ventes", "marges", "stock"] as const
export type ExportKind = (typeof EXPORT_KINDS)[number]

/** The periods offered: the last 12 months, this year's and last year's quarters, the last three years. */
function periodOptions(today: string, current: string): string {
  const options: Array<[string, string]> = []
  let day = `${today.slice(0, 7)}-01`
  for (let index = 0; index < 12; index++) {
    options.push([day.slice(0, 7), monthPeriod(day).label])
    day = `${addDays(day, -1).slice(0, 7)}-01`
  }
  const year = Number(today.slice(0, 4))
  for (const y of [year, year - 1])
    for (const q of [4, 3, 2, 1])
      if (`${y}-${String(q * 3 - 2).padStart(2, "0")}` <= today.slice(0, 7)) options.push([`${y}-T${q}`, `${q}${q === 1 ? "er" : "e"} trimestre ${y}`])
  for (const y of [year, year - 1, year - 2]) options.push([String(y), `Année ${y}`])
  return options.map(([value, label]) => `<option value="${value}"${value === current ? " selected" : ""}>${label}</option>`).join("")
}

const table = (caption: string, head: string[], rows: string[][], foot?: string[]) =>
  `<h2 class="table-title">${caption}</h2><div class="table-scroll"><table class="register"><thead><tr>${head.map((cell) => `<th scope="col">${cell}</th>`).join("")}</tr></thead>
<tbody>${rows.length > 0 ? rows.map((row) => `<tr>${row.map((cell, index) => `<td${/€$/.test(cell) || index === 0 ? ' class="number"' : ""}>${cell}</td>`).join("")}</tr>`).join("\n") : `<tr><td colspan="${head.length}">Aucune ligne sur la période.</td></tr>`}</tbody>
${foot ? `<tfoot><tr>${foot.map((cell) => `<th${/€$/.test(cell) ? ' class="number"' : ""}>${cell}</th>`).join("")}</tr></tfoot>` : ""}</table></div>`

export function exportsPage(view: { base: string; frame: OwnerFrame; figures: PeriodFigures; asked: string; today: string; problem?: string }): string {
  const { base, figures } = view
  const { period, margin } = figures
  const query = `?du=${period.from}&amp;au=${period.to}`
  const line = (item: Parameters<typeof garmentLine>[0]) => escapeHtml(garmentLine(item))
  const files = exportFiles(figures)
    .map(
      (file, index) => `<li><a class="button" href="${base}/exports/${EXPORT_KINDS[index]}.csv${query}" download="${file.name}">${file.title} (CSV)</a></li>`,
    )
    .join("\n")
  const purchases = table(
    "Journal des achats",
    ["N° d'ordre", "Date", "Article", "Prix d'achat", "Frais d'envoi remboursés", "Paiement"],
    figures.purchases.map((item) => [
      String(item.number),
      dayShort(item.bought_on),
      line(item),
      signedEuros(item.cost_cents),
      postageText(figures, item.number, signedEuros),
      escapeHtml(item.payment_method),
    ]),
    ["Total", "", `${figures.purchases.length} article(s)`, signedEuros(figures.purchases_cents), signedEuros(figures.postage_cents), ""],
  )
  const sales = table(
    "Journal des ventes",
    ["N° d'ordre", "Date", "Article", "Canal", "Prix de vente", "Frais", "Référence"],
    figures.sales.map((item) => [
      String(item.number),
      dayShort(item.sale.date),
      line(item),
      SALE_CHANNELS[item.sale.channel],
      signedEuros(item.sale.price_cents),
      signedEuros(item.sale.fees_cents),
      escapeHtml(item.sale.reference),
    ]),
    ["Total", "", `${figures.sales.length} vente(s)`, "", signedEuros(figures.sales_cents), signedEuros(figures.fees_cents), ""],
  )
  const margins = table(
    "Marges et TVA sur marge",
    ["N° d'ordre", "Article", "Achat", "Vente", "Marge TTC (vente − achat)", "Frais", "Marge nette"],
    figures.sales.map((item) => [String(item.number), line(item), ...marginAmounts(item).map(signedEuros)]),
    ["Total", `${figures.sales.length} vente(s)`, "", "", signedEuros(margin.taxable_cents), "", signedEuros(margin.net_cents)],
  )
  const stock = table(
    `Stock au coût au ${dayShort(figures.stock_day)}${figures.stock_day < period.to ? " (aujourd'hui)" : ""}`,
    ["N° d'ordre", "Acheté le", "Article", "Prix d'achat", "Âge (jours)"],
    figures.stock.map(({ item, age_days }) => [String(item.number), dayShort(item.bought_on), line(item), signedEuros(item.cost_cents), String(age_days)]),
    ["Total", "", `${figures.stock.length} article(s)`, signedEuros(figures.stock_cents), ""],
  )
  const body = `<p class="back no-print"><a href="${base}/">← ${STOCK_WORDS.title}</a></p>
<h1>${STOCK_WORDS.exports} — ${escapeHtml(period.label)}</h1>
<p class="meta">Du ${dayShort(period.from)} au ${dayShort(period.to)} inclus (heure de Paris).</p>
${view.problem ? `<p class="problem" role="alert">${escapeHtml(view.problem)}</p>` : ""}
<form class="stock-filters no-print" method="get" action="${base}/exports/">
<div class="field"><label for="periode">Période</label><select id="periode" name="periode">${periodOptions(view.today, view.asked)}</select></div>
<button class="button" type="submit">Afficher</button>
</form>
<details class="no-print stock-dates"><summary>Autres dates</summary>
<form class="stock-filters" method="get" action="${base}/exports/">
<div class="field"><label for="du">Premier jour</label><input type="date" id="du" name="du" value="${period.from}"></div>
<div class="field"><label for="au">Dernier jour</label><input type="date" id="au" name="au" value="${period.to}"></div>
<button class="button" type="submit">Afficher</button>
</form></details>
<ul class="stock-files no-print">${files}</ul>
<p class="hint no-print">Pour la version papier, imprimez cette page (Ctrl + P, ou « Imprimer » dans le menu du navigateur) : seuls les tableaux sont imprimés.</p>
<section class="stock-vat" aria-label="TVA sur marge">
<p><strong>TVA sur marge : ${signedEuros(margin.vat_cents)}</strong> au taux de ${rateText(margin.rate_hundredths)}, ${REGIME}.</p>
<p>${escapeHtml(vatSentence(figures))}</p>
<p class="hint">La marge soumise à la TVA est le prix de vente moins le prix d'achat ; les frais de vente n'en sont pas déduits. La TVA est comprise dans la marge : marge × taux ÷ (100 + taux).</p>
</section>
${purchases}
${sales}
${margins}
${stock}`
  return view.frame({ base, title: `${STOCK_WORDS.exports} · ${period.label}`, body, stylesheets: [`${base}/stock.css`] })
}

export type { Period }
