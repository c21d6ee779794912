/**
 * What a seller needs once the sale is confirmed, the same on the page and in the « Vente
 * confirmée » mail: where to send the parcel, what to write on it (the request's number), how to
 * pack it, who pays the postage and when the shop pays (content/buyback.json `sale`, edited in the
 * studio).
 *
 * What must stay true: the page and the mail say the same thing, from the same content; a
 * postage « remboursé » names its ceiling in euros.
 */
import { formatEuros } from "../../contract/euros"
import { escapeHtml } from "../http/html"
import type { BuybackSale } from "../content"

/** « Frais d'envoi : … », one of the three choices of the studio. */
export function postageSentence(sale: BuybackSale): string {
  switch (sale.postage) {
    case "shop":
      return "Frais d'envoi : à notre charge (étiquette envoyée par e-mail)."
    case "refunded":
      return `Frais d'envoi : remboursés au paiement jusqu'à ${formatEuros(Math.round(sale.postageRefundMax * 100))}, sur présentation du justificatif de dépôt.`
    default:
      return "Frais d'envoi : à votre charge."
  }
}

/** « sous 2 jours ouvrés »: the shop's payment commitment after the parcel's reception (content/buyback.json `sale.paymentDays`). */
export const paymentDelay = (sale: BuybackSale) => {
  const plural = sale.paymentDays > 1 ? "s" : ""
  return `sous ${sale.paymentDays} jour${plural} ouvré${plural}`
}

export const paymentSentence = (sale: BuybackSale) => `Paiement ${paymentDelay(sale)} après réception.`

/** What becomes of a garment refused at the check, and what its return costs: known before the parcel leaves. */
export const refusedSentence = (sale: BuybackSale) =>
  `Un article refusé à la vérification vous est renvoyé ou donné à une association, selon votre choix. ${sale.returnCost}`

/** What to write on the parcel and on the sheet inside it. */
export const parcelSentence = (id: string) => `Écrivez sur le colis, et sur une feuille glissée dedans : « Demande n° ${id} ».`

/** The mail's block, plain text; `garments`: how many the parcel holds (the heading says « l'article » or « les articles »). */
export function shippingText(sale: BuybackSale, id: string, garments: number): string {
  return [
    garments > 1 ? "Où envoyer les articles :" : "Où envoyer l'article :",
    sale.address,
    "",
    parcelSentence(id),
    "",
    sale.send,
    "",
    postageSentence(sale),
    paymentSentence(sale),
    refusedSentence(sale),
    "",
    "Ou en boutique :",
    sale.dropOff,
  ].join("\n")
}

/** The page's block, for the « Acceptée » section (the tracking number's form follows it). */
export function shippingHtml(sale: BuybackSale, id: string): string {
  return `<h3>Par la poste</h3>
<p class="prose address">${escapeHtml(sale.address)}</p>
<p><strong>${escapeHtml(parcelSentence(id))}</strong></p>
<p class="prose">${escapeHtml(sale.send)}</p>
<ul class="terms"><li>${escapeHtml(postageSentence(sale))}</li><li>${escapeHtml(paymentSentence(sale))}</li><li>${escapeHtml(refusedSentence(sale))}</li></ul>
<h3>En boutique</h3><p class="prose">${escapeHtml(sale.dropOff)}</p>`
}
