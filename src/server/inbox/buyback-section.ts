/**
 * The « Rachat » part of a request's page in the inbox: where the sale stands (« Expirée » once the
 * seller can no longer answer, « Refusé à la réception » for a lot the shop refused), the seller's
 * private link (to copy, e-mail or text), each garment's price, verdict and description as
 * received, and the owner's step for this stage (./buyback-forms.ts). Shapes and words from
 * src/contract/; the steps themselves run in src/server/buyback/, handed to the inbox by the host.
 *
 * What must stay true: the IBAN is shown in full only in the payment step; a refused step comes
 * back with every value typed and each problem beside its field; multi-line texts keep their lines.
 */
import { ID_TYPES, REJECTED_CHOICES, type Buyback, type GarmentReception, type OwnerStep } from "../../contract/buyback"
import { isExpired, offeredPrice, ownerStageWords } from "../../contract/buyback-garments"
import { formatEuros } from "../../contract/euros"
import { maskIban } from "../../contract/iban"
import { paidAmount, paymentPhrase } from "../../contract/payment-words"
import { dayText, shopDay } from "../shop-time"
import { garmentTitle, offerForm, paymentForm, receptionForm, renewForm, returnForm, type BuybackView } from "./buyback-forms"
import { escapeHtml, formatDate } from "./layout"

export type { BuybackView }

/** The owner's word for one garment's verdict: « Refusé à la réception », never the seller's « Refusée ». */
function verdictWords(record: Buyback, garment: GarmentReception): string {
  if (garment.verdict === "conforme") return `Conforme · ${formatEuros(offeredPrice(record, garment.index))}`
  if (garment.verdict === "refuse") return "Refusé à la réception"
  const answer = garment.answer === "accepted" ? "accepté par le vendeur" : garment.answer === "refused" ? "refusé par le vendeur" : "en attente du vendeur"
  return `Prix revu · ${formatEuros(garment.revised_cents ?? 0)} au lieu de ${formatEuros(offeredPrice(record, garment.index))} (${answer})`
}

function receivedText(garment: GarmentReception): string {
  const { received } = garment
  const head = [received.nature, received.brand, received.size, received.colour, received.condition].filter(Boolean).join(" · ")
  return [head, received.marks, received.description].filter(Boolean).map(escapeHtml).join("\n")
}

function facts(view: BuybackView): string {
  const { record } = view
  const rows: string[] = []
  if (record.offer) {
    const lines = view.garments.map((garment, index) => `${garmentTitle(garment, index)} : ${formatEuros(offeredPrice(record, index))}`)
    rows.push(
      `<div class="wide"><dt>Proposition</dt><dd class="prose">${lines.join("\n")}\nTotal ${formatEuros(record.offer.amount_cents)}, valable jusqu'au ${dayText(record.offer.valid_until)}</dd></div>`,
    )
  }
  // The seller's answer to the offer standing now: a refusal taken back (« Revenir sur mon refus »
  // appends « offered ») or an offer replaced after it is no answer; the latest one counts.
  const answered = [...record.history].reverse().find((event) => ["accepted", "refused", "offered"].includes(event.stage))
  if (answered && answered.stage !== "offered")
    rows.push(`<div><dt>Réponse du vendeur</dt><dd>${answered.stage === "refused" ? "Refusée" : "Acceptée"} le ${formatDate(answered.at)}</dd></div>`)
  if (record.seller) {
    const seller = record.seller
    rows.push(
      `<div class="wide"><dt>Vendeur (particulier)</dt><dd>${escapeHtml(`${seller.first_names} ${seller.surname}`)}<br><span class="prose">${escapeHtml(seller.address)}</span><br>${ID_TYPES[seller.id_type]} n° ${escapeHtml(seller.id_number)}, délivrée le ${dayText(seller.id_date)} par ${escapeHtml(seller.id_authority)}<br>IBAN ${maskIban(seller.iban)}</dd></div>`,
    )
  }
  if (record.tracking) rows.push(`<div><dt>Numéro de suivi du colis</dt><dd>${escapeHtml(record.tracking)}</dd></div>`)
  if (record.reception) {
    const garments = record.reception.garments.map(
      (garment) =>
        `<li><strong>${garmentTitle(view.garments[garment.index], garment.index)}</strong> : ${verdictWords(record, garment)}<span class="prose">\n${receivedText(garment)}</span></li>`,
    )
    const message = record.reception.message ? `<p class="prose">${escapeHtml(record.reception.message)}</p>` : ""
    rows.push(`<div class="wide"><dt>Reçu le ${formatDate(record.reception.at)}</dt><dd><ul class="kept">${garments.join("")}</ul>${message}</dd></div>`)
  }
  if (record.rejected_choice) rows.push(`<div><dt>Articles refusés : choix du vendeur</dt><dd>${REJECTED_CHOICES[record.rejected_choice]}</dd></div>`)
  if (record.returned)
    rows.push(`<div><dt>Retour envoyé</dt><dd>le ${formatDate(record.returned.at)} · suivi ${escapeHtml(record.returned.tracking)}</dd></div>`)
  if (record.payment) {
    const payment = record.payment
    const registered = payment.register_numbers ?? [payment.register_number]
    const numbers = registered.map((number) => `<a href="${view.registerUrl}#n${number}">n° ${number}</a>`)
    // R321-4: each garment's order number goes on the garment itself: its labels, one per number.
    const labels = `<a class="button" href="${view.registerUrl}etiquettes?numeros=${registered.join(",")}">Imprimer les étiquettes</a>`
    rows.push(
      `<div class="wide"><dt>Payée</dt><dd>${paidAmount(payment)} ${paymentPhrase(payment.method)} le ${dayText(payment.date)} · registre ${numbers.join(", ")}<br>${labels}</dd></div>`,
    )
  }
  return rows.length > 0 ? `<dl class="facts">${rows.join("")}</dl>` : ""
}

/** The owner's forms this stage shows, in order: the first is the one a refusal of another step is not shown beside. */
function stepsShown(record: Buyback, expired: boolean): OwnerStep[] {
  const steps: OwnerStep[] = []
  if (expired) steps.push("renouveler")
  if (record.stage === "requested" || record.stage === "offered" || record.stage === "refused") steps.push("proposition")
  if (record.stage === "accepted") steps.push("reception")
  if (record.stage === "received") steps.push("paiement")
  if (record.rejected_choice === "retour" && !record.returned) steps.push("retour")
  return steps
}

const FORMS: Readonly<Record<OwnerStep, (view: BuybackView, action: string) => string>> = {
  proposition: offerForm,
  renouveler: renewForm,
  reception: receptionForm,
  retour: returnForm,
  paiement: paymentForm,
}

export function buybackSection(view: BuybackView, action: string): string {
  const { record } = view
  const today = shopDay(view.now)
  const expired = isExpired(record, today)
  const shown = stepsShown(record, expired)
  const forms = shown.map((step) => FORMS[step](view, action)).join("\n")
  const waiting =
    record.stage === "revised" && !expired ? '<p class="hint">Prix revu envoyé : en attente de la réponse du vendeur, article par article.</p>' : ""
  // A step refused whose form this stage does not show (paying before the reception…): said at the top.
  const elsewhere = view.form && !shown.includes(view.form.step) ? `<p class="problem" role="alert">${escapeHtml(view.form.problem)}</p>` : ""
  const done = view.done ? `<p class="notice" role="status">${escapeHtml(view.done)}</p>` : elsewhere
  const badge = expired ? "expired" : record.stage
  return `<section aria-labelledby="rachat"><h2 id="rachat">Rachat <span class="badge stage-${badge}" data-buyback-stage>${ownerStageWords(record, today)}</span></h2>
${done}
<div class="field"><label for="lien-vendeur">Page privée du vendeur</label><small id="lien-aide">À envoyer au vendeur seulement (e-mail, SMS) : elle donne accès à sa demande.</small>
<div class="copy-row"><input type="text" id="lien-vendeur" value="${escapeHtml(view.sellerUrl)}" readonly aria-describedby="lien-aide"><button class="button" type="button" data-copy="lien-vendeur" hidden>Copier le lien</button></div></div>
${facts(view)}
${waiting}
${forms}
</section>`
}
