/**
 * One request in the inbox (`/admin/demandes/<number>`): everything the visitor sent (who, the
 * item's choices and the indicative range, the description, every photo — each garment with its
 * own when there are several, ./garments-section.ts —, the chat conversation),
 * its delivery, « Répondre », the owner's status and private note, and « Supprimer ».
 */
import { buybackRange, rangeText, type BuybackGrid } from "../../contract/buyback-range"
import { HANDLING_STATUSES, HANDLING_WORDS, NOTE_MAX_LENGTH, type HandlingStatus } from "../leads/handling"
import type { StoredLead } from "../leads/outbox"
import { buybackSection, type BuybackView } from "./buyback-section"
import { garmentsSection, photoFigure } from "./garments-section"
import { BUYBACK_STATUSES } from "./handling-form"
import { deliveryView, escapeHtml, formatDate, framePage, KIND_WORDS, replyLink } from "./layout"

export type RequestView = {
  base: string
  stored: StoredLead
  channelsConfigured: boolean
  /** The buy-back grid the site shows today (content/buyback.json). */
  grid: BuybackGrid
  /** What the form shows: the saved values, or what the owner typed when a save was refused. */
  form?: { status: HandlingStatus; note: string }
  /** The outcome of the last save: a confirmation (status) or a refusal (alert). */
  saved?: boolean
  problem?: string
  /** The buy-back of an estimate request (the owner's offer, reception and payment), when the host runs it. */
  buyback?: BuybackView
  /** The buy-back runs for this request even when its part is not drawn (a refused « Suivi »): its statuses are not chosen by hand. */
  buybackRuns?: boolean
}

const row = (term: string, value: string) => (value ? `<div><dt>${term}</dt><dd>${value}</dd></div>` : "")

function itemSection({ stored, grid }: RequestView): string {
  const { lead } = stored
  const item = lead.item ?? {}
  const range = lead.kind === "estimate" ? buybackRange(grid, item) : null
  const rows = [
    row("Marque", escapeHtml(item.brand ?? "")),
    row("Catégorie", escapeHtml(item.category ?? "")),
    row("État", escapeHtml(item.condition ?? "")),
    row("Fourchette indicative", range ? `${rangeText(range)} <small>(grille actuelle du site)</small>` : ""),
  ].join("")
  const description = lead.description ? `<div class="wide"><dt>Description</dt><dd class="prose">${escapeHtml(lead.description)}</dd></div>` : ""
  if (!rows && !description) return ""
  return `<section aria-labelledby="article"><h2 id="article">L'article</h2><dl class="facts">${rows}${description}</dl></section>`
}

function photosSection({ base, stored }: RequestView): string {
  const { lead } = stored
  if (lead.photos.length === 0) return ""
  const figures = lead.photos.map((photo, index) => photoFigure(base, lead.id, photo, index + 1))
  return `<section aria-labelledby="photos"><h2 id="photos">Photos (${lead.photos.length})</h2><ul class="photos">${figures.join("")}</ul></section>`
}

function conversationSection({ stored }: RequestView): string {
  const lines = stored.lead.conversation ?? []
  if (lines.length === 0) return ""
  const items = lines.map(
    (line) =>
      `<li class="from-${line.from === "user" ? "user" : "bot"}"><p class="who">${line.from === "user" ? "Visiteur" : "maxAi"} <time datetime="${escapeHtml(line.at)}">${formatDate(line.at)}</time></p><p class="prose">${escapeHtml(line.text)}</p></li>`,
  )
  return `<section aria-labelledby="conversation"><h2 id="conversation">Conversation dans le chat</h2><ol class="conversation">${items.join("")}</ol></section>`
}

function handlingSection({ base, stored, form, saved, problem, buyback, buybackRuns }: RequestView): string {
  const { lead, handling } = stored
  const values = form ?? handling
  // On a buy-back, its own statuses follow its steps: only the current one stays, to keep it when saving a note.
  const runs = buyback !== undefined || buybackRuns === true
  const offered = runs ? HANDLING_STATUSES.filter((status) => !BUYBACK_STATUSES.includes(status) || status === handling.status) : HANDLING_STATUSES
  const followed = runs ? '<p class="hint">« Proposition envoyée », « Acceptée », « Refusée » et « Payée » suivent les étapes du rachat ci-dessus.</p>' : ""
  const choices = offered
    .map(
      (status) =>
        `<label class="choice"><input type="radio" name="statut" value="${status}"${status === values.status ? " checked" : ""}> ${HANDLING_WORDS[status]}</label>`,
    )
    .join("")
  const outcome = problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : saved ? '<p class="notice" role="status">Suivi enregistré.</p>' : ""
  const changed = handling.status_changed_at
    ? `<p class="hint">Statut « ${HANDLING_WORDS[handling.status]} » depuis le ${formatDate(handling.status_changed_at)}.</p>`
    : ""
  return `<section aria-labelledby="suivi"><h2 id="suivi">Suivi</h2>
<form class="handling" method="post" action="${base}/${lead.id}/suivi" data-save-in-place>
<fieldset><legend>Statut</legend><div class="choices">${choices}</div></fieldset>
${followed}${changed}
<label for="note">Note privée <small>(visible seulement dans cet espace)</small></label>
<textarea id="note" name="note" rows="5" maxlength="${NOTE_MAX_LENGTH}">${escapeHtml(values.note)}</textarea>
<input type="hidden" name="version" value="${escapeHtml(handling.updated_at ?? "")}">
<div class="outcome" data-outcome>${outcome}</div>
<button class="button primary" type="submit">Enregistrer le suivi</button>
</form>
</section>`
}

function eraseSection({ base, stored }: RequestView): string {
  const { lead } = stored
  return `<section aria-labelledby="effacer"><h2 id="effacer">Supprimer</h2>
<details class="erase"><summary>Supprimer cette demande…</summary>
<p>La demande n° ${lead.id}, ses photos, sa note et son suivi seront effacés définitivement de ce serveur (droit à l'effacement du visiteur). Les e-mails déjà reçus par l'équipe ne sont pas touchés.</p>
<form method="post" action="${base}/${lead.id}/supprimer"><button class="button danger" type="submit">Supprimer définitivement</button></form>
</details>
</section>`
}

export function requestPage(view: RequestView): string {
  const { base, stored, channelsConfigured } = view
  const { lead, handling } = stored
  const delivery = deliveryView(stored.state, channelsConfigured)
  const visitor = [row("E-mail", `<a href="${escapeHtml(replyLink(lead))}">${escapeHtml(lead.email)}</a>`), row("Nom", escapeHtml(lead.name ?? ""))].join("")
  const body = `<p class="back"><a href="${base}/">← Toutes les demandes</a></p>
<div class="page-head">
<h1>Demande n° ${lead.id}</h1>
<span class="badge status-${handling.status}" data-status-badge>${HANDLING_WORDS[handling.status]}</span>
</div>
<p class="meta">${KIND_WORDS[lead.kind]} · reçue le <time datetime="${escapeHtml(lead.created_at)}">${formatDate(lead.created_at, true)}</time></p>
<p class="actions"><a class="button primary" href="${escapeHtml(replyLink(lead))}">Répondre</a></p>
<div class="columns">
<div class="column">
<section aria-labelledby="visiteur"><h2 id="visiteur">Le visiteur</h2><dl class="facts">${visitor}</dl></section>
${garmentsSection(view) || `${itemSection(view)}\n${photosSection(view)}`}
${conversationSection(view)}
</div>
<div class="column">
<section aria-labelledby="envoi"><h2 id="envoi">Envoi à l'équipe</h2><p class="delivery tone-${delivery.tone}"><span class="delivery-label">${delivery.label}</span>${delivery.detail ? ` · ${escapeHtml(delivery.detail)}` : ""}</p></section>
${view.buyback ? buybackSection(view.buyback, `${base}/${lead.id}`) : ""}
${handlingSection(view)}
${eraseSection(view)}
</div>
</div>`
  return framePage({ base, title: `Demande n° ${lead.id}`, body })
}
