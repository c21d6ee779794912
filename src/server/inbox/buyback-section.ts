/**
 * The « Rachat » part of a request's page in the inbox: where the sale stands, the seller's
 * private link (to copy, e-mail or text), and the owner's step for this stage — « Faire une
 * proposition », « Réception du colis », « Paiement » — each a form posting to the request's
 * address with the record's version. Shapes and words from src/contract/buyback.ts; the steps
 * themselves run in src/server/buyback/, handed to the inbox by the host.
 *
 * What must stay true: the IBAN is shown in full only in the payment step; a refused step comes
 * back with every value typed and each problem beside its field.
 */
import {
  BUYBACK_LIMITS,
  ID_TYPES,
  OFFER_DAYS,
  PAYMENT_METHODS,
  RECEPTION_VERDICTS,
  REJECTED_CHOICES,
  STAGE_WORDS,
  type Buyback,
  type OwnerStep,
} from "../../contract/buyback"
import type { BuybackRange } from "../../contract/buyback-range"
import { eurosField, formatEuros } from "../../contract/euros"
import { groupIban, maskIban } from "../../contract/iban"
import { paymentPhrase } from "../../contract/payment-words"
import { dayText, shopDay } from "../shop-time"
import { escapeHtml, formatDate } from "./layout"

export type BuybackView = {
  record: Buyback
  /** The seller's page, absolute (https://…/suivi/<token>/). */
  sellerUrl: string
  /** The register's page, for the number of a paid purchase. */
  registerUrl: string
  range: BuybackRange | null
  now: Date
  form?: { step: OwnerStep; typed: Record<string, string>; fields: Record<string, string>; problem: string }
  done?: string
}

function plusDays(now: Date, days: number): string {
  return shopDay(new Date(now.getTime() + days * 24 * 60 * 60 * 1000))
}

/** One labelled input with its problem beside it; the value typed, else `fallback`. */
function input(
  view: BuybackView,
  step: OwnerStep,
  name: string,
  label: string,
  control: (attributes: string, value: string) => string,
  fallback = "",
  hint = "",
): string {
  const form = view.form?.step === step ? view.form : undefined
  const problem = form?.fields[name]
  const id = `${step}-${name}`
  const shown = form ? (form.typed[name] ?? "") : fallback
  const describedBy = [hint ? `${id}-aide` : "", problem ? `${id}-erreur` : ""].filter(Boolean).join(" ")
  const attributes = `id="${id}" name="${name}"${describedBy ? ` aria-describedby="${describedBy}"` : ""}${problem ? ' aria-invalid="true"' : ""}`
  return `<div class="field"><label for="${id}">${label}</label>${hint ? `<small id="${id}-aide">${hint}</small>` : ""}${control(attributes, escapeHtml(shown))}${
    problem ? `<span class="error" id="${id}-erreur">${escapeHtml(problem)}</span>` : ""
  }</div>`
}

function radios(view: BuybackView, step: OwnerStep, name: string, legend: string, choices: Readonly<Record<string, string>>, fallback: string): string {
  const form = view.form?.step === step ? view.form : undefined
  const checked = form ? form.typed[name] : fallback
  const problem = form?.fields[name]
  const options = Object.entries(choices)
    .map(([key, words]) => `<label class="choice"><input type="radio" name="${name}" value="${key}"${checked === key ? " checked" : ""}> ${words}</label>`)
    .join("")
  return `<fieldset class="field"${problem ? ` aria-describedby="${step}-${name}-erreur"` : ""}><legend>${legend}</legend><div class="choices">${options}</div>${
    problem ? `<span class="error" id="${step}-${name}-erreur">${escapeHtml(problem)}</span>` : ""
  }</fieldset>`
}

function outcome(view: BuybackView, step: OwnerStep): string {
  if (view.form?.step !== step) return ""
  return `<p class="problem" role="alert">${escapeHtml(view.form.problem)}</p>`
}

const versionField = (view: BuybackView) => `<input type="hidden" name="version" value="${escapeHtml(view.record.updated_at)}">`

function offerForm(view: BuybackView, action: string): string {
  const { record, range } = view
  const amount = record.offer ? eurosField(record.offer.amount_cents) : range ? String(range.low) : ""
  const hint = range
    ? `Fourchette de la grille : ${range.low} à ${range.high}\u00a0€. Décimales avec une virgule (35,50).`
    : "Décimales avec une virgule (35,50)."
  const again = record.stage === "offered" ? "Une nouvelle proposition remplace celle en cours ; le vendeur reçoit la nouvelle." : ""
  return `<form class="step" method="post" action="${action}/proposition">
<h3>Faire une proposition</h3>${again ? `<p class="hint">${again}</p>` : ""}
${outcome(view, "proposition")}
${input(view, "proposition", "montant", "Montant proposé (€)", (attributes, value) => `<input type="text" inputmode="decimal" ${attributes} value="${value}" maxlength="${BUYBACK_LIMITS.amount}" required>`, amount, hint)}
${input(view, "proposition", "valable", "Valable jusqu'au", (attributes, value) => `<input type="date" ${attributes} value="${value}" required>`, plusDays(view.now, OFFER_DAYS))}
${input(view, "proposition", "message", "Message au vendeur", (attributes, value) => `<textarea ${attributes} rows="4" maxlength="${BUYBACK_LIMITS.message}">${value}</textarea>`, "")}
${versionField(view)}
<button class="button primary" type="submit">Envoyer la proposition</button>
</form>`
}

function receptionForm(view: BuybackView, action: string): string {
  return `<form class="step" method="post" action="${action}/reception">
<h3>Réception du colis</h3>
${outcome(view, "reception")}
${radios(view, "reception", "verdict", "L'article reçu est", RECEPTION_VERDICTS, "conforme")}
${input(view, "reception", "montant", "Nouveau montant (€) <small>(seulement si « Prix revu »)</small>", (attributes, value) => `<input type="text" inputmode="decimal" ${attributes} value="${value}" maxlength="${BUYBACK_LIMITS.amount}">`)}
${input(view, "reception", "description", "Description de l'article reçu", (attributes, value) => `<textarea ${attributes} rows="4" maxlength="${BUYBACK_LIMITS.description}" required>${value}</textarea>`, "", "Marque, taille, couleur, signes distinctifs : elle va au registre.")}
${input(view, "reception", "message", "Message au vendeur <small>(prix revu ou refus : pourquoi)</small>", (attributes, value) => `<textarea ${attributes} rows="3" maxlength="${BUYBACK_LIMITS.message}">${value}</textarea>`)}
${versionField(view)}
<button class="button primary" type="submit">Enregistrer la réception</button>
</form>`
}

function paymentForm(view: BuybackView, action: string): string {
  const { record } = view
  // « Copier l'IBAN »: the inbox's script shows the button (./save-in-place.js); without it the IBAN stays selectable text.
  const iban = record.seller
    ? `<div class="copy-row"><p>IBAN du vendeur : <strong class="iban" id="iban-vendeur">${groupIban(record.seller.iban)}</strong></p><button class="button" type="button" data-copy="iban-vendeur" data-copied="IBAN copié" hidden>Copier l'IBAN</button></div>`
    : ""
  return `<form class="step" method="post" action="${action}/paiement">
<h3>Paiement</h3>${iban}
${outcome(view, "paiement")}
${input(view, "paiement", "montant", "Montant payé (€)", (attributes, value) => `<input type="text" inputmode="decimal" ${attributes} value="${value}" maxlength="${BUYBACK_LIMITS.amount}" required>`, record.offer ? eurosField(record.offer.amount_cents) : "")}
${radios(view, "paiement", "mode", "Mode de paiement", PAYMENT_METHODS, "virement")}
<p class="hint">Espèces : 1 000 € au plus (Code monétaire et financier, art. D112-3).</p>
${input(view, "paiement", "date", "Date du paiement", (attributes, value) => `<input type="date" ${attributes} value="${value}" required>`, plusDays(view.now, 0))}
${versionField(view)}
<p class="hint">L'achat est inscrit au registre à l'enregistrement du paiement, définitivement.</p>
<button class="button primary" type="submit">Enregistrer le paiement</button>
</form>`
}

function facts(view: BuybackView): string {
  const { record } = view
  const rows: string[] = []
  if (record.offer) {
    rows.push(
      `<div><dt>${record.offer.revised ? "Prix revu" : "Proposition"}</dt><dd>${formatEuros(record.offer.amount_cents)}, valable jusqu'au ${dayText(record.offer.valid_until)}</dd></div>`,
    )
  }
  if (record.answered_at) {
    const answer = record.stage === "refused" || record.stage === "rejected" ? "Refusée" : "Acceptée"
    rows.push(`<div><dt>Réponse du vendeur</dt><dd>${answer} le ${formatDate(record.answered_at)}</dd></div>`)
  }
  if (record.seller) {
    const seller = record.seller
    rows.push(
      `<div class="wide"><dt>Vendeur (particulier)</dt><dd>${escapeHtml(`${seller.first_names} ${seller.surname}`)}<br>${escapeHtml(seller.address)}<br>${ID_TYPES[seller.id_type]} n° ${escapeHtml(seller.id_number)}, délivrée le ${dayText(seller.id_date)} par ${escapeHtml(seller.id_authority)}<br>IBAN ${maskIban(seller.iban)}</dd></div>`,
    )
  }
  if (record.tracking) rows.push(`<div><dt>Numéro de suivi du colis</dt><dd>${escapeHtml(record.tracking)}</dd></div>`)
  if (record.reception)
    rows.push(
      `<div class="wide"><dt>Reçu le ${formatDate(record.reception.at)} : ${RECEPTION_VERDICTS[record.reception.verdict]}</dt><dd class="prose">${escapeHtml(record.reception.description)}</dd></div>`,
    )
  if (record.rejected_choice) rows.push(`<div><dt>Choix du vendeur</dt><dd>${REJECTED_CHOICES[record.rejected_choice]}</dd></div>`)
  if (record.payment) {
    const payment = record.payment
    rows.push(
      `<div class="wide"><dt>Payée</dt><dd>${formatEuros(payment.amount_cents)} ${paymentPhrase(payment.method)} le ${dayText(payment.date)} · <a href="${view.registerUrl}#n${payment.register_number}">registre n° ${payment.register_number}</a></dd></div>`,
    )
  }
  return rows.length > 0 ? `<dl class="facts">${rows.join("")}</dl>` : ""
}

export function buybackSection(view: BuybackView, action: string): string {
  const { record } = view
  const shown: OwnerStep | null =
    record.stage === "requested" || record.stage === "offered" || record.stage === "refused"
      ? "proposition"
      : record.stage === "accepted"
        ? "reception"
        : record.stage === "received"
          ? "paiement"
          : null
  const step =
    shown === "proposition"
      ? offerForm(view, action)
      : shown === "reception"
        ? receptionForm(view, action)
        : shown === "paiement"
          ? paymentForm(view, action)
          : ""
  const waiting = record.stage === "revised" ? '<p class="hint">Prix revu envoyé : en attente de la réponse du vendeur.</p>' : ""
  // A step refused whose form this stage does not show (paying before the reception…): said at the top.
  const elsewhere = view.form && view.form.step !== shown ? `<p class="problem" role="alert">${escapeHtml(view.form.problem)}</p>` : ""
  const done = view.done ? `<p class="notice" role="status">${escapeHtml(view.done)}</p>` : elsewhere
  return `<section aria-labelledby="rachat"><h2 id="rachat">Rachat <span class="badge stage-${record.stage}">${STAGE_WORDS[record.stage]}</span></h2>
${done}
<div class="field"><label for="lien-vendeur">Page privée du vendeur</label><small id="lien-aide">À envoyer au vendeur seulement (e-mail, SMS) : elle donne accès à sa demande.</small>
<div class="copy-row"><input type="text" id="lien-vendeur" value="${escapeHtml(view.sellerUrl)}" readonly aria-describedby="lien-aide"><button class="button" type="button" data-copy="lien-vendeur" hidden>Copier le lien</button></div></div>
${facts(view)}
${waiting}
${step}
</section>`
}
