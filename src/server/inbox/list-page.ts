/**
 * The inbox's list (`/admin/demandes/`): requests newest first, each a card (status, kind, who,
 * when, first words, photo thumbnails, delivery), filtered by status, a page at a time.
 */
import { HANDLING_STATUSES, HANDLING_WORDS, type HandlingStatus } from "../leads/handling"
import type { StoredLead } from "../leads/outbox"
import { deliveryView, escapeHtml, firstWords, formatDate, framePage, KIND_WORDS } from "./layout"

export const PAGE_SIZE = 20

export type ListView = {
  base: string
  /** Every request, newest first. */
  leads: readonly StoredLead[]
  /** The status filter, null for all. */
  status: HandlingStatus | null
  page: number
  channelsConfigured: boolean
  /** A sentence to confirm what just happened (a request deleted). */
  notice?: string
}

/** Newest first: by reception, then number. */
export function newestFirst(leads: readonly StoredLead[]): StoredLead[] {
  return [...leads].sort((a, b) => b.lead.created_at.localeCompare(a.lead.created_at) || b.lead.id.localeCompare(a.lead.id))
}

/** The query of a filter and page: `?statut=en_cours&page=2`; "" for the first page of all. */
export function listQuery(status: HandlingStatus | null, page = 1): string {
  const query = new URLSearchParams()
  if (status) query.set("statut", status)
  if (page > 1) query.set("page", String(page))
  const text = query.toString()
  return text ? `?${text}` : ""
}

function filters({ base, leads, status }: ListView): string {
  const count = (wanted: HandlingStatus | null) => (wanted ? leads.filter((stored) => stored.handling.status === wanted).length : leads.length)
  const chip = (wanted: HandlingStatus | null, label: string) =>
    `<li><a class="chip" href="${base}/${listQuery(wanted)}"${wanted === status ? ' aria-current="page"' : ""}>${label} <span class="count">${count(wanted)}</span></a></li>`
  return `<nav aria-label="Filtrer par suivi"><ul class="chips">${chip(null, "Toutes")}${HANDLING_STATUSES.map((wanted) => chip(wanted, HANDLING_WORDS[wanted])).join("")}</ul></nav>`
}

function card(stored: StoredLead, base: string, channelsConfigured: boolean): string {
  const { lead, handling } = stored
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
<h2 class="card-title"><a href="${base}/${lead.id}">${lead.name ? `${escapeHtml(lead.name)} · ` : ""}<span class="email">${escapeHtml(lead.email)}</span></a></h2>
<p class="meta">n° ${lead.id} · <time datetime="${escapeHtml(lead.created_at)}">${formatDate(lead.created_at)}</time></p>
${words ? `<p class="excerpt">${escapeHtml(words)}</p>` : ""}
${thumbnails ? `<ul class="thumbs" aria-label="${lead.photos.length} photo${lead.photos.length > 1 ? "s" : ""}">${thumbnails}</ul>` : ""}
<p class="delivery tone-${delivery.tone}"><span class="delivery-label">${delivery.label}</span>${delivery.detail ? ` · ${escapeHtml(delivery.detail)}` : ""}</p>
</li>`
}

function pager({ base, status, page }: ListView, pages: number): string {
  if (pages <= 1) return ""
  const newer = page > 1 ? `<a class="button" href="${base}/${listQuery(status, page - 1)}">Plus récentes</a>` : ""
  const older = page < pages ? `<a class="button" href="${base}/${listQuery(status, page + 1)}">Plus anciennes</a>` : ""
  return `<nav class="pager" aria-label="Pages">${newer}<span>Page ${page} sur ${pages}</span>${older}</nav>`
}

export function listPage(view: ListView): string {
  const { base, leads, status, channelsConfigured } = view
  const shown = status ? leads.filter((stored) => stored.handling.status === status) : leads
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE))
  const page = Math.min(Math.max(1, view.page), pages)
  const slice = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
  const empty =
    leads.length === 0
      ? "Aucune demande pour l'instant. Les estimations envoyées par le formulaire et les contacts laissés dans le chat arrivent ici."
      : `Aucune demande « ${status ? HANDLING_WORDS[status] : ""} ».`
  const heading = status ? `Demandes « ${HANDLING_WORDS[status]} »` : "Demandes"
  const body = `<div class="page-head">
<h1>${heading} <span class="count">${shown.length}</span></h1>
<a class="button" href="${base}/export.csv${listQuery(status)}" download>Exporter (CSV)</a>
</div>
${view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : ""}
${filters({ ...view, page })}
${slice.length > 0 ? `<ol class="cards">${slice.map((stored) => card(stored, base, channelsConfigured)).join("\n")}</ol>` : `<p class="empty">${empty}</p>`}
${pager({ ...view, page }, pages)}`
  return framePage({ base, title: page > 1 ? `${heading} (page ${page})` : heading, body })
}
