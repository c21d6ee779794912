/**
 * The inbox's list (`/admin/demandes/`): requests newest first, each a card (status, kind, who —
 * the seller's name once known —, when, the garments count, the offer or paid amount, first
 * words, photo thumbnails, delivery), filtered by status, by « À payer » (accepted or received,
 * not paid: with the total owed) or « Expirée », searched by name, e-mail or request number, a
 * page at a time.
 */
import type { BuybackSummary } from "../../contract/buyback-summary"
import { formatEuros } from "../../contract/euros"
import { leadGarments } from "../../contract/garments"
import { HANDLING_STATUSES, HANDLING_WORDS, type HandlingStatus } from "../leads/handling"
import type { StoredLead } from "../leads/outbox"
import { deliveryView, escapeHtml, firstWords, formatDate, framePage, KIND_WORDS } from "./layout"

export const PAGE_SIZE = 20
/** Longest search kept, in characters. */
export const SEARCH_LIMIT = 100

/** The buy-back's views of the list (?vue=…), beside the statuses. */
export const LIST_VIEWS = { "a-payer": "À payer", expiree: "Expirée" } as const
export type ListFilter = keyof typeof LIST_VIEWS

export const listViewOf = (raw: unknown): ListFilter | null => (raw === "a-payer" || raw === "expiree" ? raw : null)

export type ListView = {
  base: string
  /** Every request, newest first. */
  leads: readonly StoredLead[]
  /** The status filter, null for all. */
  status: HandlingStatus | null
  /** Each estimate's buy-back, by request number (none: the host handed no buy-back). */
  summaries?: ReadonlyMap<string, BuybackSummary>
  /** « À payer » or « Expirée » (instead of a status), null for none. */
  view?: ListFilter | null
  /** What the search box holds ("" for none). */
  query?: string
  page: number
  channelsConfigured: boolean
  /** A sentence to confirm what just happened (a request deleted). */
  notice?: string
}

/** Newest first: by reception, then number. */
export function newestFirst(leads: readonly StoredLead[]): StoredLead[] {
  return [...leads].sort((a, b) => b.lead.created_at.localeCompare(a.lead.created_at) || b.lead.id.localeCompare(a.lead.id))
}

/** The query of a filter, search and page: `?statut=en_cours&q=martin&page=2`; "" for the first page of all. */
export function listQuery(status: HandlingStatus | null, page = 1, view: ListFilter | null = null, search = ""): string {
  const query = new URLSearchParams()
  if (view) query.set("vue", view)
  else if (status) query.set("statut", status)
  if (search) query.set("q", search)
  if (page > 1) query.set("page", String(page))
  const text = query.toString()
  return text ? `?${text}` : ""
}

/** Lower case, accents and spaces dropped: « Hélène » finds « helene ». */
const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()

/** Whether the request matches the search: its number, e-mail, name or the seller's name. */
function matches(stored: StoredLead, summary: BuybackSummary | undefined, search: string): boolean {
  if (!search) return true
  const words = folded(search)
  return [stored.lead.id, stored.lead.email, stored.lead.name ?? "", summary?.seller_name ?? ""].some((text) => folded(text).includes(words))
}

const inView = (view: ListFilter, summary: BuybackSummary | undefined) => (view === "a-payer" ? summary?.payable === true : summary?.expired === true)

/** What the list shows: the search, then the status or the buy-back's view. */
function shownOf({ leads, summaries, status, view, query = "" }: ListView): StoredLead[] {
  const searched = leads.filter((stored) => matches(stored, summaries?.get(stored.lead.id), query))
  if (view) return searched.filter((stored) => inView(view, summaries?.get(stored.lead.id)))
  return status ? searched.filter((stored) => stored.handling.status === status) : searched
}

/** The total owed (« À payer »): the amounts of the accepted or received sales not paid yet. */
export function owedCents(leads: readonly StoredLead[], summaries: ReadonlyMap<string, BuybackSummary> | undefined): number {
  return leads.reduce((sum, stored) => {
    const summary = summaries?.get(stored.lead.id)
    return summary?.payable ? sum + (summary.amount_cents ?? 0) : sum
  }, 0)
}

function filters(list: ListView): string {
  const { base, leads, summaries, status, view = null, query = "" } = list
  const searched = leads.filter((stored) => matches(stored, summaries?.get(stored.lead.id), query))
  const count = (wanted: HandlingStatus | null) => (wanted ? searched.filter((stored) => stored.handling.status === wanted).length : searched.length)
  const current = (wanted: HandlingStatus | null, wantedView: ListFilter | null) => (wanted === status && wantedView === view ? ' aria-current="page"' : "")
  const chip = (wanted: HandlingStatus | null, label: string) =>
    `<li><a class="chip" href="${base}/${listQuery(wanted, 1, null, query)}"${current(wanted, null)}>${label} <span class="count">${count(wanted)}</span></a></li>`
  const viewChip = (wanted: ListFilter, extra = "") =>
    `<li><a class="chip" href="${base}/${listQuery(null, 1, wanted, query)}"${current(null, wanted)}>${LIST_VIEWS[wanted]} <span class="count">${
      searched.filter((stored) => inView(wanted, summaries?.get(stored.lead.id))).length
    }</span>${extra}</a></li>`
  const sale = summaries ? `${viewChip("a-payer", ` <span class="total">${formatEuros(owedCents(searched, summaries))}</span>`)}${viewChip("expiree")}` : ""
  return `<nav aria-label="Filtrer par suivi"><ul class="chips">${chip(null, "Toutes")}${HANDLING_STATUSES.map((wanted) => chip(wanted, HANDLING_WORDS[wanted])).join("")}${sale}</ul></nav>`
}

function searchForm({ base, status, view = null, query = "" }: ListView): string {
  const kept = view ? `<input type="hidden" name="vue" value="${view}">` : status ? `<input type="hidden" name="statut" value="${status}">` : ""
  return `<form class="search" role="search" method="get" action="${base}/">
<label for="recherche">Rechercher une demande</label>
<div class="copy-row"><input type="search" id="recherche" name="q" value="${escapeHtml(query)}" maxlength="${SEARCH_LIMIT}" placeholder="Nom, e-mail ou n° de demande" autocomplete="off">${kept}<button class="button" type="submit">Rechercher</button></div>
${query ? `<p><a href="${base}/${listQuery(status, 1, view)}">Effacer la recherche</a></p>` : ""}
</form>`
}

/** The card's buy-back line: garments, then the amount as the sale stands. */
function saleLine(stored: StoredLead, summary: BuybackSummary | undefined): string {
  if (stored.lead.kind !== "estimate") return ""
  const count = leadGarments(stored.lead).length
  const parts = [`${count} article${count > 1 ? "s" : ""}`]
  if (summary?.amount_cents !== undefined) {
    const amount = formatEuros(summary.amount_cents)
    parts.push(summary.stage === "paid" ? `payée ${amount}` : summary.payable ? `à payer ${amount}` : `proposition ${amount}`)
  }
  const expired = summary?.expired ? ' <span class="badge expired">Expirée</span>' : ""
  return `<p class="sale">${parts.join(" · ")}${expired}</p>`
}

function card(stored: StoredLead, base: string, channelsConfigured: boolean, summary: BuybackSummary | undefined): string {
  const { lead, handling } = stored
  const name = summary?.seller_name ?? lead.name
  const delivery = deliveryView(stored.state, channelsConfigured)
  const words = firstWords(stored)
  const thumbnails = lead.photos
    .map(
      (photo, index) =>
        `<li><img src="${base}/${lead.id}/vignettes/${encodeURIComponent(photo.file)}" alt="Photo ${index + 1}" width="64" height="64" loading="lazy" decoding="async"></li>`,
    )
    .join("")
  return `<li class="card">
<p class="card-top"><span class="badge status-${handling.status}">${HANDLING_WORDS[handling.status]}</span> <span class="kind">${KIND_WORDS[lead.kind]}</span></p>
<h2 class="card-title"><a href="${base}/${lead.id}">${name ? `${escapeHtml(name)} · ` : ""}<span class="email">${escapeHtml(lead.email)}</span></a></h2>
<p class="meta">n° ${lead.id} · <time datetime="${escapeHtml(lead.created_at)}">${formatDate(lead.created_at)}</time></p>
${saleLine(stored, summary)}
${words ? `<p class="excerpt">${escapeHtml(words)}</p>` : ""}
${thumbnails ? `<ul class="thumbs" aria-label="${lead.photos.length} photo${lead.photos.length > 1 ? "s" : ""}">${thumbnails}</ul>` : ""}
<p class="delivery tone-${delivery.tone}"><span class="delivery-label">${delivery.label}</span>${delivery.detail ? ` · ${escapeHtml(delivery.detail)}` : ""}</p>
</li>`
}

function pager(list: ListView, pages: number): string {
  const { base, status, page, view = null, query = "" } = list
  if (pages <= 1) return ""
  const newer = page > 1 ? `<a class="button" href="${base}/${listQuery(status, page - 1, view, query)}">Plus récentes</a>` : ""
  const older = page < pages ? `<a class="button" href="${base}/${listQuery(status, page + 1, view, query)}">Plus anciennes</a>` : ""
  return `<nav class="pager" aria-label="Pages">${newer}<span>Page ${page} sur ${pages}</span>${older}</nav>`
}

export function listPage(view: ListView): string {
  const { base, leads, status, channelsConfigured, summaries, query = "" } = view
  const filter = view.view ?? null
  const shown = shownOf(view)
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE))
  const page = Math.min(Math.max(1, view.page), pages)
  const slice = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
  const label = filter ? LIST_VIEWS[filter] : status ? HANDLING_WORDS[status] : ""
  const searched = query ? ` pour « ${escapeHtml(query)} »` : ""
  const empty =
    leads.length === 0
      ? "Aucune demande pour l'instant. Les estimations envoyées par le formulaire et les contacts laissés dans le chat arrivent ici."
      : `Aucune demande${label ? ` « ${label} »` : ""}${searched}.`
  const heading = label ? `Demandes « ${label} »` : "Demandes"
  const owed = filter === "a-payer" ? `<p class="owed">Total à payer : <strong>${formatEuros(owedCents(shown, summaries))}</strong></p>` : ""
  const body = `<div class="page-head">
<h1>${heading} <span class="count">${shown.length}</span></h1>
<a class="button" href="${base}/export.csv${listQuery(status)}" download>Exporter (CSV)</a>
</div>
${view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : ""}
${searchForm(view)}
${filters({ ...view, page })}
${owed}
${slice.length > 0 ? `<ol class="cards">${slice.map((stored) => card(stored, base, channelsConfigured, summaries?.get(stored.lead.id))).join("\n")}</ol>` : `<p class="empty">${empty}</p>`}
${pager({ ...view, page }, pages)}`
  return framePage({ base, title: page > 1 ? `${heading} (page ${page})` : heading, body })
}
