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
import { BUYBACK_LIMITS, ID_TYPES, REJECTED_CHOICES, STAGE_WORDS, type Buyback } from "../../contract/buyback"
import { formatEuros } from "../../contract/euros"
import { maskIban } from "../../contract/iban"
import { paymentPhrase } from "../../contract/payment-words"
import { documentStart, escapeHtml, withTypography } from "../http/html"
import { shopIdentity, type BuybackSale } from "../content"
import type { StoredLead } from "../leads/outbox"
import { dayText, shopFormat } from "../shop-time"
import { isExpired } from "./machine"
import type { Typed } from "./machine"
import { receiptLink } from "./receipt-page"
import { refuseControls, refusedSection, undoForm } from "./refusal-confirm"
import { paymentDelay, shippingHtml } from "./shipping"
import { timelineHtml } from "./timeline"
import { identityFooter } from "./shop-identity"

/**
 * The start of every seller's page, up to <body> (this page, the router's short pages): the head of
 * the server's own pages, the sellers' stylesheet, no referrer (the address is the key to the page).
 * `room`: the sellers' pages' address (`<prefix>/suivi`); `title`: plain text.
 */
export const sellerHead = (room: string, title: string) =>
  documentStart({ title, root: room.slice(0, room.lastIndexOf("/")), stylesheets: [`${room}/suivi.css`], noReferrer: true })

export type SellerView = {
  /** The page's own address (`<prefix>/suivi/<token>`): every form posts below it. */
  base: string
  /** The sellers' pages' address (`<prefix>/suivi`): their stylesheet is there, the site's root (its icon) above. */
  room: string
  stored: StoredLead
  buyback: Buyback
  sale: BuybackSale
  now: Date
  /** Which form was posted and refused: what was typed, each field's problem, the page's sentence. */
  form?: { name: "accepter" | "refuser" | "colis" | "choix" | "revenir"; typed: Typed; fields: Record<string, string>; problem: string }
  /** A confirmation after a step (303 then GET). */
  notice?: string
}

const DATE_TIME = shopFormat({ dateStyle: "long", timeStyle: "short" })
const DATE = shopFormat({ dateStyle: "long" })
const when = (iso: string, withTime = false) => (withTime ? DATE_TIME : DATE).format(new Date(iso))

const value = (typed: Typed | undefined, name: string) => escapeHtml(typed?.[name] ?? "")

/** A labelled field with its problem beside it (aria-describedby) and what was typed. */
function field(view: SellerView, name: string, label: string, input: (attributes: string) => string, hint = ""): string {
  const problem = view.form?.fields[name]
  const describedBy = [hint ? `${name}-aide` : "", problem ? `${name}-erreur` : ""].filter(Boolean).join(" ")
  const attributes = `id="${name}" name="${name}"${describedBy ? ` aria-describedby="${describedBy}"` : ""}${problem ? ' aria-invalid="true"' : ""}`
  return `<div class="field"><label for="${name}">${label}</label>${hint ? `<small id="${name}-aide">${hint}</small>` : ""}${input(attributes)}${
    problem ? `<span class="error" id="${name}-erreur">${escapeHtml(problem)}</span>` : ""
  }</div>`
}

function text(view: SellerView, name: string, label: string, limit: number, extra = "", hint = ""): string {
  const typed = view.form?.name === "accepter" ? view.form.typed : undefined
  return field(view, name, label, (attributes) => `<input type="text" ${attributes} value="${value(typed, name)}" maxlength="${limit}" required${extra}>`, hint)
}

/** The sentence of a refused form with problems in its fields, above that form. */
function problemLine(view: SellerView, form: string): string {
  return view.form?.name === form && hasFieldProblems(view) ? `<p class="problem" role="alert">${escapeHtml(view.form.problem)}</p>` : ""
}

const hasFieldProblems = (view: SellerView) => Object.keys(view.form?.fields ?? {}).length > 0

function acceptForm(view: SellerView): string {
  const typed = view.form?.name === "accepter" ? view.form.typed : undefined
  const open = view.form?.name === "accepter" ? " open" : ""
  const options = Object.entries(ID_TYPES)
    .map(([key, words]) => `<option value="${key}"${typed?.piece_type === key ? " selected" : ""}>${words}</option>`)
    .join("")
  const checked = typed?.atteste === "oui" ? " checked" : ""
  const attestProblem = view.form?.fields.atteste
  const today = view.now.toISOString().slice(0, 10)
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
${field(view, "piece_date", "Date de délivrance", (attributes) => `<input type="date" ${attributes} value="${value(typed, "piece_date")}" max="${today}" required>`)}
${text(view, "piece_autorite", "Délivrée par", BUYBACK_LIMITS.idAuthority, "", "Ex. Préfecture du Rhône, Mairie de Lyon.")}
${text(view, "iban", "IBAN", BUYBACK_LIMITS.iban, ' autocomplete="off" spellcheck="false" inputmode="text"', "Le compte à créditer, espaces permis (ex. FR76 3000 6000 0112 3456 7890 189).")}
<div class="field"><label class="check" for="atteste"><input type="checkbox" id="atteste" name="atteste" value="oui"${checked}${attestProblem ? ' aria-invalid="true" aria-describedby="atteste-erreur"' : ""}> J'atteste être propriétaire de ces articles et les vendre à titre de particulier</label>${
    attestProblem ? `<span class="error" id="atteste-erreur">${escapeHtml(attestProblem)}</span>` : ""
  }</div>
<button class="button primary submit" type="submit">Confirmer la vente</button>
</form>
</details>`
}

function offerSection(view: SellerView): string {
  const { buyback, sale } = view
  const offer = buyback.offer
  if (!offer) {
    return `<section aria-labelledby="proposition"><h2 id="proposition">Proposition</h2><p>Nous examinons vos photos : une proposition ferme vous arrivera par e-mail ${escapeHtml(sale.offerDelay)}, et s'affichera ici.</p></section>`
  }
  const title = offer.revised ? "Prix revu après vérification" : "Notre proposition"
  const message = offer.message ? `<p class="prose">${escapeHtml(offer.message)}</p>` : ""
  const facts = `<p class="amount">${formatEuros(offer.amount_cents)}</p>${message}<p class="meta">Valable jusqu'au ${dayText(offer.valid_until)} inclus.</p>`
  let actions = ""
  if (buyback.stage === "offered" || buyback.stage === "revised") {
    if (isExpired(buyback, view.now)) {
      actions = `<p class="problem" role="alert">Cette proposition a expiré le ${dayText(offer.valid_until)}. Pour en recevoir une nouvelle, répondez à notre e-mail : nous vous en ferons une autre.</p>`
    } else if (buyback.stage === "revised") {
      actions = `${problemLine(view, "accepter")}<div class="choices-row"><form method="post" action="${view.base}/accepter"><button class="button primary" type="submit">Accepter la proposition</button></form>${refuseControls(view, "Refuser la proposition")}</div>
<p class="hint">Si vous refusez le prix revu, vous choisirez ensuite le retour de l'article ou son don à une association.</p>`
    } else {
      actions = `${problemLine(view, "refuser")}<div class="choices-row">${acceptForm(view)}${refuseControls(view, "Refuser la proposition")}</div>
<p class="hint">Refuser ne vous demande rien : aucune information personnelle.</p>`
    }
  }
  return `<section aria-labelledby="proposition"><h2 id="proposition">${title}</h2>${facts}${actions}</section>`
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
  // Once paid, the parcel is long gone: the number is for the seller's records, no more « dans le colis ».
  const number = buyback.payment
    ? `<p>Vente n° <strong>${stored.lead.id}</strong> · registre n° ${buyback.payment.register_number}</p>`
    : `<p>Vente n° <strong>${stored.lead.id}</strong> : rappelez ce numéro dans le colis et dans vos messages.</p>`
  switch (buyback.stage) {
    case "accepted":
      return `<section aria-labelledby="vente"><h2 id="vente">Acceptée : envoyez-nous l'article</h2>${number}
${shippingHtml(sale, stored.lead.id)}
${trackingForm(view)}</section>`
    case "received":
      return `<section aria-labelledby="vente"><h2 id="vente">Colis reçu</h2>${number}<p>Votre article est arrivé et a été vérifié : le paiement de ${formatEuros(buyback.offer?.amount_cents ?? 0)} part ${paymentDelay(sale)}${
        buyback.seller ? ` sur le compte ${maskIban(buyback.seller.iban)}` : ""
      }.</p></section>`
    case "paid": {
      const payment = buyback.payment!
      return `<section aria-labelledby="vente"><h2 id="vente">Payée</h2>${number}<p>${formatEuros(payment.amount_cents)} payés le ${dayText(payment.date)} ${paymentPhrase(payment.method)}${
        payment.method === "virement" && buyback.seller ? ` sur ${maskIban(buyback.seller.iban)}` : ""
      }. Merci !</p>${receiptLink(view.base)}</section>`
    }
    case "rejected":
      return `<section aria-labelledby="vente"><h2 id="vente">Article refusé</h2>${number}${
        buyback.reception ? `<p class="prose">${escapeHtml(buyback.reception.description)}</p>` : ""
      }${buyback.reception?.message ? `<p class="prose">${escapeHtml(buyback.reception.message)}</p>` : ""}${undoForm(view)}${rejectedChoice(view)}</section>`
    case "refused":
      return refusedSection(view, when)
    default:
      return ""
  }
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
<fieldset class="field"${problem ? ' aria-describedby="choix-erreur"' : ""}><legend>Que devient l'article ?</legend>${options}${problem ? `<span class="error" id="choix-erreur">${escapeHtml(problem)}</span>` : ""}</fieldset>
<button class="button primary submit" type="submit">Enregistrer mon choix</button>
</form>`
}

export function sellerPage(view: SellerView): string {
  const { stored, buyback } = view
  const { lead } = stored
  const item = lead.item ?? {}
  const rows = [
    ["Marque", item.brand],
    ["Catégorie", item.category],
    ["État", item.condition],
  ]
    .filter(([, shown]) => shown)
    .map(([term, shown]) => `<div><dt>${term}</dt><dd>${escapeHtml(shown ?? "")}</dd></div>`)
    .join("")
  const described =
    rows || lead.description
      ? `<section aria-labelledby="article"><h2 id="article">Ce que vous avez décrit</h2>${rows ? `<dl class="facts">${rows}</dl>` : ""}${
          lead.description ? `<p class="prose">${escapeHtml(lead.description)}</p>` : ""
        }</section>`
      : ""
  // A step refused as a whole (expired, already refused…): said at the top, whatever the page shows now.
  const refusal = view.form && !hasFieldProblems(view) ? `<p class="problem" role="alert">${escapeHtml(view.form.problem)}</p>` : ""
  const notice = view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : refusal
  return withTypography(`${sellerHead(view.room, `Demande n° ${lead.id}`)}
<body>
<header class="bar">maxAi · Rachat</header>
<main>
<h1>Demande n° ${lead.id}</h1>
<p class="meta">Envoyée le ${when(lead.created_at, true)} · <strong data-stage>${STAGE_WORDS[buyback.stage]}</strong></p>
${notice}
${offerSection(view)}
${saleSection(view)}
${timelineHtml(buyback, when)}
${described}
<p class="hint">Cette page est privée : son adresse est votre clé. Ne la partagez pas.</p>
</main>
${identityFooter(shopIdentity(), view.room.slice(0, view.room.lastIndexOf("/")))}
</body>
</html>
`)
}
