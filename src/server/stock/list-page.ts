/**
 * « Stock » at /admin/stock/: every garment bought, newest first, with its photo, order number,
 * brand, category, size, cost, day bought and status; filters by status (chips), brand and age;
 * the count and the total cost of what the shop holds (« En stock » and « En vente »). Phone first,
 * in the owner rooms' frame the host hands over.
 */
import { STATUS_WORDS, STOCK_STATUSES, type StockItem, type StockStatus } from "../../contract/stock"
import { escapeHtml } from "../http/html"
import { addDays } from "../shop-time"
import { netMargin, signedEuros } from "./money"
import { dayShort, garmentTitle, statusBadge, STOCK_WORDS } from "./words"

export type OwnerFrame = (page: { base: string; title: string; body: string; stylesheets?: readonly string[] }) => string

export const AGES = { "": "Tous les âges", "moins-30": "Moins de 30 jours", "30-90": "30 à 90 jours", "plus-90": "Plus de 90 jours" } as const
export type Age = keyof typeof AGES

export type StockFilter = { status: StockStatus | ""; brand: string; age: Age }

/** The filter of the address (?statut=…&marque=…&age=…); anything unknown reads as « all ». */
export function readFilter(query: Record<string, unknown>): StockFilter {
  const status = String(query.statut ?? "")
  const age = String(query.age ?? "")
  return {
    status: (STOCK_STATUSES as readonly string[]).includes(status) ? (status as StockStatus) : "",
    brand: typeof query.marque === "string" ? query.marque.slice(0, 100) : "",
    age: Object.hasOwn(AGES, age) ? (age as Age) : "",
  }
}

/** Whether the item was bought within the age asked, counted in days up to `today` (Paris). */
function ofAge(item: StockItem, age: Age, today: string): boolean {
  if (age === "") return true
  if (age === "moins-30") return item.bought_on > addDays(today, -30)
  if (age === "30-90") return item.bought_on <= addDays(today, -30) && item.bought_on > addDays(today, -90)
  return item.bought_on <= addDays(today, -90)
}

export const isHeld = (item: StockItem) => item.status === "en_stock" || item.status === "en_vente"

export function filtered(items: ReadonlyArray<StockItem>, filter: StockFilter, today: string): StockItem[] {
  return items.filter(
    (item) =>
      (filter.status === "" || item.status === filter.status) && (filter.brand === "" || item.garment.brand === filter.brand) && ofAge(item, filter.age, today),
  )
}

const query = (filter: StockFilter, status: StockStatus | "") => {
  const params = new URLSearchParams()
  if (status) params.set("statut", status)
  if (filter.brand) params.set("marque", filter.brand)
  if (filter.age) params.set("age", filter.age)
  const text = params.toString()
  return text ? `?${text.replace(/&/g, "&amp;")}` : ""
}

function card(item: StockItem, base: string, photo: boolean): string {
  const image = photo ? `${base}/vignettes/${item.number}.jpg` : `${base}/photo-absente.svg`
  const sale = item.sale
    ? `<p class="meta">Vendu ${signedEuros(item.sale.price_cents)} · ${STOCK_WORDS.margin.toLowerCase()} ${signedEuros(netMargin({ cost_cents: item.cost_cents, ...item.sale }))}</p>`
    : ""
  return `<li class="card stock-card">
<img class="stock-thumb" src="${image}" alt="" width="96" height="120" loading="lazy">
<div>
<p class="kind">n° ${item.number} ${statusBadge(item)}</p>
<h2 class="card-title"><a href="${base}/${item.number}">${garmentTitle(item)}</a></h2>
<p class="meta">Acheté le ${dayShort(item.bought_on)} · coût ${signedEuros(item.cost_cents)}</p>
${sale}
</div>
</li>`
}

export function stockListPage(view: {
  base: string
  frame: OwnerFrame
  items: ReadonlyArray<StockItem>
  filter: StockFilter
  today: string
  photos: ReadonlySet<number>
}): string {
  const { base, items, filter } = view
  const shown = filtered(items, filter, view.today).reverse()
  const held = items.filter(isHeld)
  const heldCost = held.reduce((sum, item) => sum + item.cost_cents, 0)
  const counts = Object.fromEntries(STOCK_STATUSES.map((status) => [status, items.filter((item) => item.status === status).length]))
  const chip = (status: StockStatus | "", label: string, count: number) =>
    `<a class="chip" href="${base}/${query(filter, status)}"${filter.status === status ? ' aria-current="page"' : ""}>${label} <span class="count">${count}</span></a>`
  const brands = [...new Set(items.map((item) => item.garment.brand).filter(Boolean))].sort((a, b) => a.localeCompare(b, "fr"))
  const option = (value: string, label: string, current: string) =>
    `<option value="${escapeHtml(value)}"${value === current ? " selected" : ""}>${escapeHtml(label)}</option>`
  const body = `<div class="page-head"><h1>${STOCK_WORDS.title} <span class="count">${shown.length}</span></h1>
<a class="button" href="${base}/exports/">${STOCK_WORDS.exports}</a></div>
<p class="stock-total" role="status">${held.length} article${held.length > 1 ? "s" : ""} en stock ou en vente, pour un coût total de <strong>${signedEuros(heldCost)}</strong>.</p>
<nav class="chips" aria-label="Statut">
${chip("", "Tous", items.length)}
${STOCK_STATUSES.map((status) => chip(status, STATUS_WORDS[status], counts[status] ?? 0)).join("\n")}
</nav>
<form class="stock-filters" method="get" action="${base}/">
${filter.status ? `<input type="hidden" name="statut" value="${filter.status}">` : ""}
<div class="field"><label for="marque">Marque</label><select id="marque" name="marque">${option("", "Toutes les marques", filter.brand)}${brands.map((brand) => option(brand, brand, filter.brand)).join("")}</select></div>
<div class="field"><label for="age">Âge</label><select id="age" name="age">${Object.entries(AGES)
    .map(([value, label]) => option(value, label, filter.age))
    .join("")}</select></div>
<button class="button" type="submit">${STOCK_WORDS.filter}</button>
</form>
${
  shown.length > 0
    ? `<ol class="cards">${shown.map((item) => card(item, base, view.photos.has(item.number))).join("\n")}</ol>`
    : `<p class="empty">${items.length === 0 ? STOCK_WORDS.emptyStock : STOCK_WORDS.empty}</p>`
}`
  return view.frame({ base, title: STOCK_WORDS.title, body, stylesheets: [`${base}/stock.css`] })
}
