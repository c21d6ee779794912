/**
 * The seller's private page, `/suivi/<token>/` (docs/buyback.md#the-sellers-page): the request, a timeline, the offer and what the seller can do at this
 * stage. Whole HTML built on the server, French, usable without JavaScript (the acceptance form
 * opens in a <details>), phone first.
 *
 * What must stay true: the page shows the seller only their own request, never the IBAN in full;
 * every form's refusal comes back on this page with each problem beside its field and everything
 * typed in place.
 */
import { BUYBACK_LIMITS, REJECTED_CHOICES, STAGE_WORDS } from "../../contract/buyback"
import { keptGarments, keptTotal, refusedGarments } from "../../contract/buyback-garments"
import { formatEuros } from "../../contract/euros"
import { leadGarments } from "../../contract/garments"
import { maskIban } from "../../contract/iban"
import { paidAmount, paymentPhrase } from "../../contract/payment-words"
import { documentStart, escapeHtml, withTypography } from "../http/html"
import { shopIdentity } from "../content"
import { dayText, shopFormat } from "../shop-time"
import { isExpired } from "./machine"
import { registerNumbers } from "./payment-steps"
import { field, hasFieldProblems, problemLine, type SellerView } from "./seller-fields"
import { garmentTitle, offerSection } from "./seller-offer"
import { receiptLink } from "./receipt-page"
import { refusedOfferSection } from "./refusal-confirm"
import { paymentDelay, shippingHtml } from "./shipping"
import { identityFooter } from "./shop-identity"
import { timelineHtml } from "./timeline"

export type { SellerView }

/**
 * The start of every seller's page, up to <body> (this page, the router's short pages): the head of
 * the server's own pages, the sellers' stylesheet, no referrer (the address is the key to the page).
 * `room`: the sellers' pages' address (`<prefix>/suivi`); `title`: plain text.
 */
export const sellerHead = (room: string, title: string) =>
  documentStart({ title, root: room.slice(0, room.lastIndexOf("/")), stylesheets: [`${room}/suivi.css`], noReferrer: true })

const DATE_TIME = shopFormat({ dateStyle: "long", timeStyle: "short" })
const DATE = shopFormat({ dateStyle: "long" })
const when = (iso: string, withTime = false) => (withTime ? DATE_TIME : DATE).format(new Date(iso))

function trackingForm(view: SellerView): string {
  const typed = view.form?.name === "colis" ? view.form.typed : undefined
  const current = view.buyback.tracking ?? ""
  const shown = typed?.suivi_colis ?? current
  return `<form method="post" action="${view.base}/colis">
${problemLine(view, "colis")}
${field(view, "suivi_colis", "Numéro de suivi du colis <small>(facultatif)</small>", (attributes) => `<input type="text" ${attributes} value="${escapeHtml(shown)}" maxlength="${BUYBACK_LIMITS.tracking}" autocomplete="off" spellcheck="false">`)}
<button class="button submit" type="submit">${current ? "Modifier le numéro de suivi" : "Ajouter le numéro de suivi"}</button>
</form>`
}

function saleSection(view: SellerView): string {
  const { buyback, stored, sale } = view
  const numbers = registerNumbers(buyback)
  const register = numbers.length > 0 ? ` · registre n° ${numbers.join(", ")}` : ""
  // Once paid, the parcel is long gone: the number is for the seller's records, no more « dans le colis ».
  const number = buyback.payment
    ? `<p>Vente n° <strong>${stored.lead.id}</strong>${register}</p>`
    : `<p>Vente n° <strong>${stored.lead.id}</strong> : rappelez ce numéro dans le colis et dans vos messages.</p>`
  switch (buyback.stage) {
    case "accepted":
      return `<section aria-labelledby="vente"><h2 id="vente">Acceptée : envoyez-nous vos articles</h2>${number}
${shippingHtml(sale, stored.lead.id)}
${trackingForm(view)}
${rejectedChoice(view, true)}</section>`
    case "received":
      return `<section aria-labelledby="vente"><h2 id="vente">Colis reçu</h2>${number}<p>Vos articles sont arrivés et ont été vérifiés : le paiement de ${formatEuros(keptTotal(buyback))} part ${paymentDelay(sale)}${
        buyback.seller ? ` sur le compte ${maskIban(buyback.seller.iban)}` : ""
      }.</p></section>`
    case "paid": {
      const payment = buyback.payment!
      return `<section aria-labelledby="vente"><h2 id="vente">Payée</h2>${number}<p>${paidAmount(payment)} payés le ${dayText(payment.date)} ${paymentPhrase(payment.method)}${
        payment.method === "virement" && buyback.seller ? ` sur ${maskIban(buyback.seller.iban)}` : ""
      }. Merci !</p>${boughtList(view)}${receiptLink(view.base)}</section>`
    }
    case "refused":
      return refusedOfferSection(view, when)
    default:
      return ""
  }
}

/** « Articles achetés »: each garment bought, its price and its number in the register (given in the same order, ./payment-steps.ts registerEntries). */
function boughtList(view: SellerView): string {
  const { buyback } = view
  const garments = leadGarments(view.stored.lead)
  const numbers = registerNumbers(buyback)
  const items = keptGarments(buyback).map((garment, place) => {
    const title = garmentTitle(garments[garment.index] ?? { brand: garment.received.brand }, garment.index)
    const number = numbers[place] === undefined ? "" : `<p class="meta">N° ${numbers[place]} au registre</p>`
    return `<li><div class="garment-head"><strong>${title}</strong><span class="price">${formatEuros(garment.price_cents)}</span></div>${number}</li>`
  })
  return items.length > 0 ? `<h3>Articles achetés</h3><ol class="garments">${items.join("")}</ol>` : ""
}

/** The garments the shop does not keep (refused on arrival, or their revised price refused), what becomes of them. */
function refusedSection(view: SellerView): string {
  const { buyback } = view
  const refused = refusedGarments(buyback)
  if (refused.length === 0) return ""
  const garments = leadGarments(view.stored.lead)
  const items = refused.map((garment) => {
    const why = garment.verdict === "refuse" ? "refusé à la vérification" : "prix revu refusé"
    const described = garment.verdict === "refuse" && garment.received.description ? `<p class="prose">${escapeHtml(garment.received.description)}</p>` : ""
    return `<li><div class="garment-head"><strong>${garmentTitle(garments[garment.index] ?? { brand: garment.received.brand }, garment.index)}</strong><span>${why}</span></div>${described}</li>`
  })
  const message = buyback.reception?.message ? `<p class="prose">${escapeHtml(buyback.reception.message)}</p>` : ""
  const returned = buyback.returned
    ? `<p>Retour envoyé le ${when(buyback.returned.at)} · numéro de suivi <strong>${escapeHtml(buyback.returned.tracking)}</strong>.</p>`
    : ""
  return `<section aria-labelledby="refuses"><h2 id="refuses">${refused.length > 1 ? "Articles refusés" : "Article refusé"}</h2><ol class="garments">${items.join("")}</ol>${message}${rejectedChoice(view)}${returned}</section>`
}

/**
 * « Retour à mes frais » or « Don à une association »: asked once a garment is refused, and offered
 * before the parcel leaves (`early`, « Acceptée »), where it can still change, its cost said beside it.
 */
function rejectedChoice(view: SellerView, early = false): string {
  const chosen = view.buyback.rejected_choice
  if (chosen && !early) return `<p>Votre choix : <strong>${REJECTED_CHOICES[chosen]}</strong>. Nous vous écrivons pour la suite.</p>`
  const problem = view.form?.name === "choix" ? view.form.fields.choix : undefined
  const options = Object.entries(REJECTED_CHOICES)
    .map(
      ([key, words]) => `<label class="option"><input type="radio" name="choix" value="${key}"${chosen === key ? " checked" : ""} required> ${words}</label>`,
    )
    .join("")
  const legend = early ? "Si un article est refusé à la vérification, que devient-il ?" : "Que deviennent les articles refusés ?"
  const hint = early
    ? `<p class="hint">${escapeHtml(view.sale.returnCost)} Vous pouvez choisir maintenant, ou plus tard si un article est refusé${chosen ? " ; ce choix se change jusqu'à la réception du colis" : ""}.</p>`
    : `<p class="hint">${escapeHtml(view.sale.returnCost)}</p>`
  return `<form method="post" action="${view.base}/choix">
${problemLine(view, "choix")}
<fieldset class="field"${problem ? ' aria-describedby="choix-erreur"' : ""}><legend>${legend}</legend>${options}${problem ? `<span class="error" id="choix-erreur">${escapeHtml(problem)}</span>` : ""}</fieldset>
${hint}
<button class="button${early ? "" : " primary"} submit" type="submit">${chosen ? "Changer mon choix" : "Enregistrer mon choix"}</button>
</form>`
}

/** The seller's word for where the sale stands: « Expirée » once the offer can no longer be answered. */
function stageWord(view: SellerView): string {
  if (isExpired(view.buyback, view.now)) return "Expirée"
  return view.buyback.stage === "rejected" ? "Articles refusés" : STAGE_WORDS[view.buyback.stage]
}

export function sellerPage(view: SellerView): string {
  const { stored, buyback } = view
  const { lead } = stored
  // A step refused as a whole (prices changed, already refused…): said at the top, whatever the page
  // shows now; an expiry only in the offer's section, where it is said anyway.
  const refusal =
    view.form && !hasFieldProblems(view) && view.form.code !== "offer_expired" ? `<p class="problem" role="alert">${escapeHtml(view.form.problem)}</p>` : ""
  const notice = view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : refusal
  return withTypography(`${sellerHead(view.room, `Demande n° ${lead.id}`)}
<body>
<header class="bar">maxAi · Rachat</header>
<main>
<h1>Demande n° ${lead.id}</h1>
<p class="meta">Envoyée le ${when(lead.created_at, true)} · <strong data-stage>${stageWord(view)}</strong></p>
${notice}
${offerSection(view)}
${saleSection(view)}
${refusedSection(view)}
${timelineHtml(buyback, when)}
<p class="hint">Cette page est privée : son adresse est votre clé. Ne la partagez pas.</p>
</main>
${identityFooter(shopIdentity(), view.room.slice(0, view.room.lastIndexOf("/")))}
</body>
</html>
`)
}
