/**
 * The owner's forms of the « Rachat » part (./buyback-section.ts): « Faire une proposition » (one
 * « Montant proposé (€) » per garment, the total shown), « Renouveler », « Réception du colis »
 * (a verdict and the garment as received, for each), « Retour envoyé », « Paiement » (the total of
 * the garments kept, computed). Each posts to the request's address with the record's version.
 *
 * What must stay true: a refused step comes back with every value typed and each problem beside
 * its field; the IBAN is shown in full only in the payment step.
 */
import { BUYBACK_LIMITS, OFFER_DAYS, PAYMENT_METHODS, RECEPTION_VERDICTS, type Buyback, type OwnerStep } from "../../contract/buyback"
import { keptGarments, keptTotal, offeredPrice, offerLines } from "../../contract/buyback-garments"
import { isFarAboveRange, OFFER_CHECKED, OFFER_CHECKED_LABEL, type BuybackRange } from "../../contract/buyback-range"
import { eurosField, formatEuros, parseEuros } from "../../contract/euros"
import type { LeadGarment } from "../../contract/garments"
import { groupIban } from "../../contract/iban"
import { addDays, shopDay } from "../shop-time"
import { escapeHtml } from "./layout"

export type BuybackView = {
  record: Buyback
  /** The request's garments as the seller described them (src/contract/garments.ts leadGarments). */
  garments: LeadGarment[]
  /** Each garment's indicative range from today's grid, in the same order (null: none). */
  ranges: (BuybackRange | null)[]
  /** The seller's page, absolute (https://…/suivi/<token>/). */
  sellerUrl: string
  /** The register's page, for the numbers of a paid purchase. */
  registerUrl: string
  /** The postage the sale's terms refund with the payment, in cents (src/server/content.ts postageRefundCap), or null. */
  postageCap: number | null
  now: Date
  form?: { step: OwnerStep; typed: Record<string, string>; fields: Record<string, string>; problem: string }
  done?: string
}

/** The Paris calendar day `days` after `now`'s (never 24-hour steps: the nights the clocks change have 23 or 25). */
const plusDays = (now: Date, days: number) => addDays(shopDay(now), days)

/** « Lacoste · Polo · Très bon état », or « Article 2 » when the seller chose nothing. */
export const garmentTitle = (garment: LeadGarment | undefined, index: number) =>
  escapeHtml([garment?.brand, garment?.category, garment?.condition].filter(Boolean).join(" · ") || `Article ${index + 1}`)

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

const amountInput = (attributes: string, value: string, required = " required") =>
  `<input type="text" inputmode="decimal" ${attributes} value="${value}" maxlength="${BUYBACK_LIMITS.amount}"${required}>`
const textInput =
  (limit: number, required = "") =>
  (attributes: string, value: string) =>
    `<input type="text" ${attributes} value="${value}" maxlength="${limit}"${required}>`
const textArea = (limit: number, rows: number) => (attributes: string, value: string) =>
  `<textarea ${attributes} rows="${rows}" maxlength="${limit}">${value}</textarea>`
const dateInput = (attributes: string, value: string) => `<input type="date" ${attributes} value="${value}" required>`

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

export function offerForm(view: BuybackView, action: string): string {
  const { record } = view
  const prices = view.garments.map((garment, index) => {
    const range = view.ranges[index]
    const fallback =
      record.offer && offerLines(record).some((line) => line.index === index) ? eurosField(offeredPrice(record, index)) : range ? String(range.low) : ""
    const hint = range ? `Fourchette de la grille : ${range.low} à ${range.high}\u00a0€.` : ""
    return input(view, "proposition", `montant_${index}`, `${garmentTitle(garment, index)} · Montant proposé (€)`, amountInput, fallback, hint)
  })
  const again = record.stage === "offered" ? "Une nouvelle proposition remplace celle en cours ; le vendeur reçoit la nouvelle." : ""
  // Shown once a refused offer held an amount far above its range (offer-steps.ts): ticked, they go as typed.
  const typed = view.form?.step === "proposition" ? view.form.typed : undefined
  const far = typed
    ? view.ranges.some((range, index) => {
        const cents = parseEuros(typed[`montant_${index}`] ?? "")
        return range !== null && cents !== null && isFarAboveRange(cents, range)
      })
    : false
  const checked = far
    ? `<p><label class="choice" for="proposition-${OFFER_CHECKED}"><input type="checkbox" id="proposition-${OFFER_CHECKED}" name="${OFFER_CHECKED}" value="oui"${typed?.[OFFER_CHECKED] === "oui" ? " checked" : ""}> ${OFFER_CHECKED_LABEL} : les envoyer tels quels</label></p>`
    : ""
  const total = record.offer ? `<p class="hint">Total de la proposition en cours : ${formatEuros(record.offer.amount_cents)}.</p>` : ""
  return `<form class="step" method="post" action="${action}/proposition">
<h3>Faire une proposition</h3>${again ? `<p class="hint">${again}</p>` : ""}
${outcome(view, "proposition")}
<p class="hint">Un montant par article, décimales avec une virgule (35,50) ; le vendeur voit chaque prix et le total.</p>
${prices.join("\n")}
${checked}
${total}
${input(view, "proposition", "valable", "Valable jusqu'au", dateInput, plusDays(view.now, OFFER_DAYS))}
${input(view, "proposition", "message", "Message au vendeur", textArea(BUYBACK_LIMITS.message, 4))}
${versionField(view)}
<button class="button primary" type="submit">Envoyer la proposition</button>
</form>`
}

/** « Renouveler »: an offer (or revised prices) waiting for the seller, open again until a new day. */
export function renewForm(view: BuybackView, action: string): string {
  return `<form class="step" method="post" action="${action}/renouveler">
<h3>Renouveler</h3>
<p class="hint">Les mêmes prix, une nouvelle date limite : le vendeur peut répondre à nouveau et reçoit un e-mail.</p>
${outcome(view, "renouveler")}
${input(view, "renouveler", "valable", "Valable jusqu'au", dateInput, plusDays(view.now, OFFER_DAYS))}
${versionField(view)}
<button class="button primary" type="submit">Renouveler</button>
</form>`
}

const NOT_IF_REFUSED = "Obligatoire, sauf pour un article refusé."

/** The garment's photos beside its reception fields (the owner checks the garment against them), each opening the original. */
function receptionPhotos(garment: LeadGarment, index: number, action: string): string {
  if (garment.photos.length === 0) return ""
  const thumbs = garment.photos.map((photo, place) => {
    const file = encodeURIComponent(photo)
    return `<li><a href="${action}/photos/${file}"><img src="${action}/apercus/${file}" alt="Article ${index + 1}, photo ${place + 1} (ouvrir l'original)" loading="lazy" decoding="async"></a></li>`
  })
  return `<ul class="reception-photos" aria-label="Photos de l'article ${index + 1}">${thumbs.join("")}</ul>`
}

function garmentReception(view: BuybackView, garment: LeadGarment, index: number, action: string): string {
  const field = (name: string) => `${name}_${index}`
  const fieldset = [
    radios(view, "reception", field("verdict"), "Verdict", RECEPTION_VERDICTS, "conforme"),
    input(
      view,
      "reception",
      field("montant"),
      "Nouveau montant (€) <small>(seulement si « Prix revu »)</small>",
      (a, v) => amountInput(a, v, ""),
      "",
      `Proposé : ${formatEuros(offeredPrice(view.record, index))}.`,
    ),
    input(view, "reception", field("nature"), "Nature", textInput(BUYBACK_LIMITS.nature, " required"), garment.category ?? ""),
    input(view, "reception", field("marque"), "Marque", textInput(BUYBACK_LIMITS.brand, " required"), garment.brand ?? ""),
    // Not required by the browser: a garment « Refusé » goes back or to a charity, never to the register.
    input(view, "reception", field("taille"), "Taille", textInput(BUYBACK_LIMITS.size), "", NOT_IF_REFUSED),
    input(view, "reception", field("couleur"), "Couleur", textInput(BUYBACK_LIMITS.colour), "", NOT_IF_REFUSED),
    input(view, "reception", field("signes"), "Signes distinctifs <small>(étiquettes, marques, défauts)</small>", textArea(BUYBACK_LIMITS.description, 2)),
    input(view, "reception", field("etat"), "État", textInput(BUYBACK_LIMITS.condition), garment.condition ?? ""),
    input(
      view,
      "reception",
      field("description"),
      "Description de l'article reçu",
      textArea(BUYBACK_LIMITS.description, 3),
      garment.description ?? "",
      garment.description ? "Les mots du vendeur : corrigez-les d'après l'article reçu." : "",
    ),
  ]
  return `<fieldset class="garment"><legend>Article ${index + 1} · ${garmentTitle(garment, index)}</legend>${receptionPhotos(garment, index, action)}${fieldset.join("\n")}</fieldset>`
}

export function receptionForm(view: BuybackView, action: string): string {
  return `<form class="step" method="post" action="${action}/reception">
<h3>Réception du colis</h3>
<p class="hint">Pour chaque article : son verdict et sa description telle que reçue (nature, marque, taille, couleur, signes distinctifs) : elle va au registre.</p>
${outcome(view, "reception")}
${view.garments.map((garment, index) => garmentReception(view, garment, index, action)).join("\n")}
${input(view, "reception", "message", "Message au vendeur <small>(prix revu ou refus : pourquoi)</small>", textArea(BUYBACK_LIMITS.message, 3))}
${versionField(view)}
<button class="button primary" type="submit">Enregistrer la réception</button>
</form>`
}

/** « Retour envoyé »: the garments the seller asked back, with the parcel's tracking number. */
export function returnForm(view: BuybackView, action: string): string {
  return `<form class="step" method="post" action="${action}/retour">
<h3>Retour des articles refusés</h3>
${outcome(view, "retour")}
${input(view, "retour", "suivi_retour", "Numéro de suivi du retour", textInput(BUYBACK_LIMITS.tracking, " required"), view.record.returned?.tracking ?? "")}
${versionField(view)}
<button class="button primary" type="submit">Retour envoyé</button>
</form>`
}

/**
 * « Frais d'envoi remboursés (€) », when the sale's terms refund the postage (content/buyback.json
 * `sale`): empty without the seller's proof of postage; the register keeps the garments only.
 */
function postageField(view: BuybackView): string {
  if (view.postageCap === null) return ""
  const hint = `Sur le justificatif de dépôt du vendeur, ${formatEuros(view.postageCap)} au plus ; vide sans justificatif. Le registre ne garde que le prix des articles.`
  return input(view, "paiement", "port", "Frais d'envoi remboursés (€)", (attributes, value) => amountInput(attributes, value, ""), "", hint)
}

export function paymentForm(view: BuybackView, action: string): string {
  const { record } = view
  // « Copier l'IBAN »: the inbox's script shows the button (./save-in-place.js); without it the IBAN stays selectable text.
  const iban = record.seller
    ? `<div class="copy-row"><p>IBAN du vendeur : <strong class="iban" id="iban-vendeur">${groupIban(record.seller.iban)}</strong></p><button class="button" type="button" data-copy="iban-vendeur" data-copied="IBAN copié" hidden>Copier l'IBAN</button></div>`
    : ""
  const total = keptTotal(record)
  const kept = keptGarments(record)
    .map((garment) => `<li>${garmentTitle(view.garments[garment.index], garment.index)} : ${formatEuros(garment.price_cents)}</li>`)
    .join("")
  return `<form class="step" method="post" action="${action}/paiement">
<h3>Paiement</h3>${iban}
<p>Articles gardés :</p><ul class="kept">${kept}</ul>
<p><strong>Total des articles : ${formatEuros(total)}</strong></p>
${outcome(view, "paiement")}
${postageField(view)}
${input(view, "paiement", "montant", "Montant payé (€)", amountInput, eurosField(total), view.postageCap === null ? "Le total des articles gardés, au centime près." : "Le total des articles gardés plus les frais d'envoi remboursés, au centime près.")}
${radios(view, "paiement", "mode", "Mode de paiement", PAYMENT_METHODS, "virement")}
<p class="hint">Espèces : 1 000 € au plus (Code monétaire et financier, art. D112-3).</p>
${input(view, "paiement", "date", "Date du paiement", dateInput, plusDays(view.now, 0))}
${versionField(view)}
<p class="hint">Chaque article gardé est inscrit au registre à l'enregistrement du paiement, définitivement : une entrée par article.</p>
<button class="button primary" type="submit">Enregistrer le paiement</button>
</form>`
}
