/**
 * The prices on the seller's page (./seller-page.ts): each garment as the seller described it with
 * its price and the total, the acceptance of the lot (identity once) or its refusal, then at
 * reception each revised price with its own « Accepter ce prix » / « Refuser ce prix ».
 *
 * What must stay true: every form that agrees or refuses carries the `terms` version of the prices
 * it shows (src/contract/buyback.ts), so a post made from an older page is refused and nobody is
 * bound to a price not seen; an expired offer is said once, in its own section.
 */
import { BUYBACK_LIMITS, ID_TYPES, type Buyback, type Offer } from "../../contract/buyback"
import { answerDeadline, offeredPrice, pendingRevisions } from "../../contract/buyback-garments"
import { formatEuros } from "../../contract/euros"
import { leadGarments, type LeadGarment } from "../../contract/garments"
import { escapeHtml } from "../http/html"
import { dayText, shopDay } from "../shop-time"
import { isExpired } from "./machine"
import { refuseControls } from "./refusal-confirm"
import { field, problemLine, text, value, type SellerView } from "./seller-fields"

/** The form's version of the prices shown: posted back, checked against the record's. */
const termsField = (buyback: Buyback) => `<input type="hidden" name="version" value="${buyback.terms ?? 0}">`

/** « Lacoste · Polo · Très bon état », or « Article 2 » when the seller chose nothing. */
export function garmentTitle(garment: Pick<LeadGarment, "brand" | "category" | "condition">, index: number): string {
  const words = [garment.brand, garment.category, garment.condition].filter(Boolean).join(" · ")
  return escapeHtml(words || `Article ${index + 1}`)
}

/** Each garment as the seller described it, with `price` beside it when there is one. */
export function garmentList(view: SellerView, price?: (index: number) => string): string {
  const items = leadGarments(view.stored.lead).map((garment, index) => {
    const described = garment.description ? `<p class="prose">${escapeHtml(garment.description)}</p>` : ""
    const shown = price ? `<span class="price">${price(index)}</span>` : ""
    return `<li><div class="garment-head"><strong>${garmentTitle(garment, index)}</strong>${shown}</div>${described}</li>`
  })
  return `<ol class="garments">${items.join("")}</ol>`
}

function acceptForm(view: SellerView): string {
  const typed = view.form?.name === "accepter" ? view.form.typed : undefined
  const open = view.form?.name === "accepter" ? " open" : ""
  const options = Object.entries(ID_TYPES)
    .map(([key, words]) => `<option value="${key}"${typed?.piece_type === key ? " selected" : ""}>${words}</option>`)
    .join("")
  const checked = typed?.atteste === "oui" ? " checked" : ""
  const attestProblem = view.form?.fields.atteste
  const today = shopDay(view.now)
  return `<details class="accept"${open}><summary class="button primary">Accepter la proposition</summary>
<form method="post" action="${view.base}/accepter" novalidate>
<h3>Confirmer la vente</h3>
<p class="hint">La loi nous demande d'inscrire chaque achat à un particulier dans un registre (Code pénal, art. 321-7) : votre identité, votre adresse et votre pièce d'identité (son numéro seulement, aucune copie). L'IBAN sert à vous payer.</p>
${problemLine(view, "accepter")}
${text(view, "nom", "Nom", BUYBACK_LIMITS.surname, ' autocomplete="family-name"')}
${text(view, "prenom", "Prénom", BUYBACK_LIMITS.firstNames, ' autocomplete="given-name"', "Tous vos prénoms, comme sur la pièce d'identité.")}
${field(view, "adresse", "Adresse", (attributes) => `<textarea ${attributes} maxlength="${BUYBACK_LIMITS.address}" rows="3" autocomplete="street-address" required>${value(typed, "adresse")}</textarea>`, "Adresse postale complète : rue, code postal, ville.")}
${field(view, "piece_type", "Type de pièce d'identité", (attributes) => `<select ${attributes} required><option value="">Choisir…</option>${options}</select>`)}
${text(view, "piece_numero", "Numéro de la pièce", BUYBACK_LIMITS.idNumber, ' autocomplete="off" spellcheck="false"')}
${field(view, "piece_date", "Date de délivrance", (attributes) => `<input type="date" ${attributes} value="${value(typed, "piece_date")}" min="1900-01-01" max="${today}" required>`)}
${text(view, "piece_autorite", "Délivrée par", BUYBACK_LIMITS.idAuthority, "", "Ex. Préfecture du Rhône, Mairie de Lyon.")}
${text(view, "iban", "IBAN", BUYBACK_LIMITS.iban, ' autocomplete="off" spellcheck="false" inputmode="text"', "Le compte à créditer, espaces permis (ex. FR76 3000 6000 0112 3456 7890 189).")}
<div class="field"><label class="check" for="atteste"><input type="checkbox" id="atteste" name="atteste" value="oui"${checked}${attestProblem ? ' aria-invalid="true" aria-describedby="atteste-erreur"' : ""}> J'atteste être propriétaire de ces articles et les vendre à titre de particulier</label>${
    attestProblem ? `<span class="error" id="atteste-erreur">${escapeHtml(attestProblem)}</span>` : ""
  }</div>
${termsField(view.buyback)}
<button class="button primary submit" type="submit">Confirmer la vente</button>
</form>
</details>`
}

/** Above an offer that replaced another: what the struck-through figures are. */
export const REPLACED_LINE = (before: Offer) =>
  `Cette proposition remplace celle du ${dayText(shopDay(new Date(before.made_at)))}\u00a0: les montants barrés sont les anciens.`

/** The sentence of an expired offer: said here only, never again at the top of the page. */
export const expiredLine = (until: string) =>
  `Cette proposition a expiré le ${dayText(until)}. Pour en recevoir une nouvelle, répondez à notre e-mail : nous vous en ferons une autre.`

/**
 * The whole lot after the check, in the seller's order: each revised price with its answer, or the
 * two buttons that answer it (that garment only); the garments kept at their price and those
 * refused on arrival beside them, so the seller answers knowing what the shop keeps.
 */
function revisedList(view: SellerView, open: boolean): string {
  const { buyback } = view
  const garments = leadGarments(view.stored.lead)
  const items = (buyback.reception?.garments ?? []).map((garment) => {
    const was = formatEuros(offeredPrice(buyback, garment.index))
    const title = garmentTitle(garments[garment.index] ?? { brand: garment.received.brand }, garment.index)
    if (garment.verdict !== "revu") {
      const kept = garment.verdict === "conforme"
      return `<li><div class="garment-head"><strong>${title}</strong><span class="price">${kept ? was : "refusé à la vérification"}</span></div>${
        kept ? "<p>Gardé au prix proposé.</p>" : ""
      }</li>`
    }
    const now = formatEuros(garment.revised_cents ?? 0)
    const answer =
      garment.answer === "accepted"
        ? `<p><strong>Prix revu accepté.</strong></p>`
        : garment.answer === "refused"
          ? `<p><strong>Prix revu refusé.</strong></p>`
          : open
            ? `<div class="choices-row">${["accepter", "refuser"]
                .map(
                  (answer) =>
                    `<form method="post" action="${view.base}/prix-revu"><input type="hidden" name="article" value="${garment.index}">${termsField(buyback)}<button class="button${answer === "accepter" ? " primary" : ""}" type="submit" name="reponse" value="${answer}">${answer === "accepter" ? "Accepter ce prix" : "Refuser ce prix"}</button></form>`,
                )
                .join("")}</div>`
            : ""
    return `<li><div class="garment-head"><strong>${title}</strong><span class="price"><s>${was}</s> ${now}</span></div>${answer}</li>`
  })
  return `<ol class="garments">${items.join("")}</ol>`
}

export function offerSection(view: SellerView): string {
  const { buyback, sale } = view
  const offer = buyback.offer
  if (!offer) {
    return `<section aria-labelledby="proposition"><h2 id="proposition">Proposition</h2><p>Nous examinons vos photos : une proposition ferme vous arrivera par e-mail ${escapeHtml(sale.offerDelay)}, et s'affichera ici.</p>${garmentList(view)}</section>`
  }
  const expired = isExpired(buyback, view.now)
  const deadline = answerDeadline(buyback)
  const expiry = expired && deadline ? `<p class="problem" role="alert">${expiredLine(deadline)}</p>` : ""
  if (buyback.stage === "revised" || (buyback.reception?.garments ?? []).some((garment) => garment.verdict === "revu")) {
    const message = buyback.reception?.message ? `<p class="prose">${escapeHtml(buyback.reception.message)}</p>` : ""
    const waiting = buyback.stage === "revised" && pendingRevisions(buyback).length > 0 && !expired
    const until = waiting && deadline ? `<p class="meta">Répondez pour chaque article jusqu'au ${dayText(deadline)} inclus.</p>` : ""
    const hint = waiting ? `<p class="hint">Un article dont vous refusez le prix revu vous est rendu ou donné à une association, selon votre choix.</p>` : ""
    return `<section aria-labelledby="proposition"><h2 id="proposition">Prix revu après vérification</h2>${message}${revisedList(view, waiting)}${until}${expiry}${problemLine(view, "prix-revu")}${hint}</section>`
  }
  // While it can be answered, an offer that replaced another strikes through what it changed (the seller decides on the new one knowing the old).
  const before = buyback.stage === "offered" ? buyback.previous_offer : undefined
  const changed = (was: number | undefined, now: number) =>
    was !== undefined && was !== now ? `<s>${formatEuros(was)}</s> ${formatEuros(now)}` : formatEuros(now)
  const price = (index: number) => changed(before && offeredPrice({ offer: before }, index), offeredPrice(buyback, index))
  const message = offer.message ? `<p class="prose">${escapeHtml(offer.message)}</p>` : ""
  // The validity matters while the offer can be answered; once accepted (or paid) it would read as a deadline still running.
  const longer = before && before.valid_until !== offer.valid_until ? ` (au lieu du ${dayText(before.valid_until)})` : ""
  const validity = buyback.stage === "offered" ? `<p class="meta">Valable jusqu'au ${dayText(offer.valid_until)} inclus${longer}.</p>` : ""
  const replaced = before ? `<p class="meta">${REPLACED_LINE(before)}</p>` : ""
  const facts = `${replaced}${garmentList(view, price)}<p class="total">Total : <span class="amount">${changed(before?.amount_cents, offer.amount_cents)}</span></p>${message}${validity}`
  let actions = expiry
  if (buyback.stage === "offered" && !expired) {
    actions = `${problemLine(view, "refuser")}<div class="choices-row">${acceptForm(view)}${refuseControls(view, "Refuser la proposition")}</div>
<p class="hint">Vous acceptez ou refusez l'ensemble des articles. Refuser ne vous demande rien : aucune information personnelle.</p>`
  }
  return `<section aria-labelledby="proposition"><h2 id="proposition">Notre proposition</h2>${facts}${buyback.stage === "offered" ? actions : ""}</section>`
}
