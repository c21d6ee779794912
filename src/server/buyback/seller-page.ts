/**
 * The seller's private page, `/suivi/<token>/` (README, "Buy-back: offer, acceptance, parcel,
 * payment, register"): the request, a timeline, the offer and what the seller can do at this
 * stage. Whole HTML built on the server, French, usable without JavaScript (the acceptance form
 * opens in a <details>), phone first.
 *
 * What must stay true: the page shows the seller only their own request, never the IBAN in full;
 * every form's refusal comes back on this page with each problem beside its field and everything
 * typed in place.
 */
import { BUYBACK_LIMITS, PAYMENT_METHODS, REJECTED_CHOICES, STAGE_WORDS, type Buyback, type BuybackStage } from "../../contract/buyback"
import { keptTotal, refusedGarments } from "../../contract/buyback-garments"
import { formatEuros } from "../../contract/euros"
import { leadGarments } from "../../contract/garments"
import { maskIban } from "../../contract/iban"
import { documentStart, escapeHtml, withTypography } from "../http/html"
import { dayText, shopFormat } from "../shop-time"
import { isExpired } from "./machine"
import { registerNumbers } from "./payment-steps"
import { field, hasFieldProblems, problemLine, type SellerView } from "./seller-fields"
import { garmentTitle, offerSection } from "./seller-offer"

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

const MAIN_PATH: readonly BuybackStage[] = ["requested", "offered", "accepted", "received", "paid"]
const TIMELINE_WORDS: Partial<Record<BuybackStage, string>> = { offered: "Proposition" }

function timeline(buyback: Buyback): string {
  const reached = new Map(buyback.history.map((event) => [event.stage, event.at]))
  const stopped = buyback.stage === "refused" || buyback.stage === "rejected"
  const items = MAIN_PATH.map((stage) => {
    const at = reached.get(stage)
    const current = stage === buyback.stage
    const className = current ? "current" : at ? "done" : ""
    const date = at ? ` <small>· ${when(at)}</small>` : ""
    return `<li class="${className}"${current ? ' aria-current="step"' : ""}>${TIMELINE_WORDS[stage] ?? STAGE_WORDS[stage]}${date}</li>`
  })
  if (buyback.stage === "revised") items.splice(3, 0, `<li class="current" aria-current="step">Prix revu après vérification</li>`)
  if (stopped) {
    const at = buyback.history.at(-1)?.at ?? buyback.updated_at
    items.push(
      `<li class="stop current" aria-current="step">${buyback.stage === "refused" ? "Proposition refusée" : "Articles refusés"} <small>· ${when(at)}</small></li>`,
    )
  }
  return `<section aria-labelledby="etapes"><h2 id="etapes">Où en est votre demande</h2><ol class="timeline">${items.join("")}</ol></section>`
}

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
  const number = `<p>Vente n° <strong>${stored.lead.id}</strong>${register} : rappelez ce numéro dans le colis et dans vos messages.</p>`
  switch (buyback.stage) {
    case "accepted":
      return `<section aria-labelledby="vente"><h2 id="vente">Acceptée : envoyez-nous vos articles</h2>${number}
<h3>Par la poste</h3><p class="prose">${escapeHtml(sale.send)}</p>
<h3>En boutique</h3><p class="prose">${escapeHtml(sale.dropOff)}</p>
${trackingForm(view)}</section>`
    case "received":
      return `<section aria-labelledby="vente"><h2 id="vente">Colis reçu</h2>${number}<p>Vos articles sont arrivés et ont été vérifiés : le paiement de ${formatEuros(keptTotal(buyback))} part sous peu${
        buyback.seller ? ` sur le compte ${maskIban(buyback.seller.iban)}` : ""
      }.</p></section>`
    case "paid": {
      const payment = buyback.payment!
      return `<section aria-labelledby="vente"><h2 id="vente">Payée</h2>${number}<p>${formatEuros(payment.amount_cents)} payés le ${dayText(payment.date)} (${PAYMENT_METHODS[payment.method]}${
        payment.method === "virement" && buyback.seller ? ` sur ${maskIban(buyback.seller.iban)}` : ""
      }). Merci !</p></section>`
    }
    case "refused":
      return `<section aria-labelledby="vente"><h2 id="vente">Proposition refusée</h2><p>Vous avez refusé notre proposition${
        buyback.answered_at ? ` le ${when(buyback.answered_at)}` : ""
      }. Rien d'autre ne vous sera demandé. Si vous changez d'avis, répondez à notre e-mail : nous pourrons vous faire une nouvelle proposition.</p></section>`
    default:
      return ""
  }
}

/** The garments the shop does not keep (refused on arrival, or their revised price refused), what becomes of them. */
function refusedSection(view: SellerView): string {
  const { buyback } = view
  const refused = refusedGarments(buyback)
  if (refused.length === 0 || buyback.stage === "revised") return ""
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

function rejectedChoice(view: SellerView): string {
  const chosen = view.buyback.rejected_choice
  if (chosen) return `<p>Votre choix : <strong>${REJECTED_CHOICES[chosen]}</strong>. Nous vous écrivons pour la suite.</p>`
  const problem = view.form?.name === "choix" ? view.form.fields.choix : undefined
  const options = Object.entries(REJECTED_CHOICES)
    .map(([key, words]) => `<label class="check"><input type="radio" name="choix" value="${key}" required> ${words}</label>`)
    .join("")
  return `<form method="post" action="${view.base}/choix">
${problemLine(view, "choix")}
<fieldset class="field"${problem ? ' aria-describedby="choix-erreur"' : ""}><legend>Que deviennent les articles refusés ?</legend>${options}${problem ? `<span class="error" id="choix-erreur">${escapeHtml(problem)}</span>` : ""}</fieldset>
<button class="button primary submit" type="submit">Enregistrer mon choix</button>
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
${timeline(buyback)}
<p class="hint">Cette page est privée : son adresse est votre clé. Ne la partagez pas.</p>
</main>
</body>
</html>
`)
}
