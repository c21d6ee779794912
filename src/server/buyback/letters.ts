/**
 * The mails each step of the buy-back writes (through the outbox's letters,
 * src/server/leads/letters.ts): to the seller in French with the link to their page, to the team
 * when the seller answers. Pure: the words of a step from the record before and after it.
 */
import type { Buyback } from "../../contract/buyback"
import { formatEuros } from "../../contract/euros"
import { paymentPhrase } from "../../contract/payment-words"
import type { Lead } from "../leads/types"
import type { Letter } from "../leads/letters"
import { buybackSale } from "../content"
import { dayText } from "../shop-time"
import { paymentDelay, shippingText } from "./shipping"

export type LetterDraft = Pick<Letter, "to" | "subject" | "text">

const SIGNATURE = "\n\nL'équipe maxAi"

/**
 * The seller's confirmation when the request is stored: its number, the delay the shop states for
 * a firm offer (content/buyback.json `sale.offerDelay`) and the private page's address.
 */
export function receivedLetter(lead: Lead, page: string, offerDelay: string): LetterDraft {
  return {
    to: "seller",
    subject: `Demande reçue – demande n° ${lead.id}`,
    text: `Bonjour,\n\nNous avons bien reçu votre demande de rachat n° ${lead.id}. Nous examinons vos photos : une proposition ferme vous arrivera par e-mail ${offerDelay}.\n\nVotre page privée, pour suivre la demande puis accepter ou refuser notre proposition :\n${page}\n\nCette adresse est votre clé : ne la partagez pas.${SIGNATURE}`,
  }
}

/** `site`: the shop's address with its path prefix (https://exemple.fr), for the links. */
export function lettersFor(lead: Lead, before: Buyback, after: Buyback, site: string): LetterDraft[] {
  if (before.stage === after.stage && after.stage !== "offered") return []
  if (before.stage === after.stage && before.offer?.made_at === after.offer?.made_at) return []
  const page = `${site}/suivi/${after.token}/`
  const inbox = `${site}/admin/demandes/${lead.id}`
  const number = `demande n° ${lead.id}`
  const offer = after.offer
  // « Revenir sur mon refus » (./refusal-confirm.ts): the owner learns it; the seller has the offer already.
  if ((before.stage === "refused" || before.stage === "rejected") && (after.stage === "offered" || after.stage === "revised"))
    return [
      {
        to: "team",
        subject: `Refus annulé – ${number}`,
        text: `Le vendeur est revenu sur son refus : la proposition de ${formatEuros(offer?.amount_cents ?? 0)} est de nouveau ouverte, jusqu'au ${dayText(offer?.valid_until ?? "")}.\n\n${inbox}`,
      },
    ]
  switch (after.stage) {
    case "offered":
      return [
        {
          to: "seller",
          subject: `Notre proposition de rachat – ${number}`,
          text: `Bonjour,\n\nAprès examen de vos photos, nous vous proposons ${formatEuros(offer?.amount_cents ?? 0)} pour votre article.${
            offer?.message ? `\n\n${offer.message}` : ""
          }\n\nCette proposition est valable jusqu'au ${dayText(offer?.valid_until ?? "")} inclus. Pour l'accepter ou la refuser, ouvrez votre page privée :\n${page}${SIGNATURE}`,
        },
      ]
    case "accepted":
      return [
        {
          to: "seller",
          subject: `Vente confirmée – ${number}`,
          text: `Bonjour,\n\nMerci, votre vente est confirmée pour ${formatEuros(offer?.amount_cents ?? 0)}.\n\n${shippingText(buybackSale(), lead.id)}\n\nSuivez chaque étape, et ajoutez le numéro de suivi du colis, sur votre page :\n${page}${SIGNATURE}`,
        },
        { to: "team", subject: `Proposition acceptée – ${number}`, text: `Le vendeur a accepté ${formatEuros(offer?.amount_cents ?? 0)}.\n\n${inbox}` },
      ]
    case "refused":
      return [
        {
          to: "team",
          subject: `Proposition refusée – ${number}`,
          text: `Le vendeur a refusé la proposition de ${formatEuros(offer?.amount_cents ?? 0)}.\n\n${inbox}`,
        },
      ]
    case "received":
      return before.stage === "revised"
        ? [
            {
              to: "team",
              subject: `Prix revu accepté – ${number}`,
              text: `Le vendeur a accepté le prix revu de ${formatEuros(offer?.amount_cents ?? 0)}.\n\n${inbox}`,
            },
          ]
        : [
            {
              to: "seller",
              subject: `Colis reçu – ${number}`,
              text: `Bonjour,\n\nVotre article est arrivé et il est conforme : le paiement de ${formatEuros(offer?.amount_cents ?? 0)} part ${paymentDelay(buybackSale())}.\n${page}${SIGNATURE}`,
            },
          ]
    case "revised":
      return [
        {
          to: "seller",
          subject: `Prix revu après vérification – ${number}`,
          text: `Bonjour,\n\nÀ la vérification de votre article, nous vous proposons ${formatEuros(offer?.amount_cents ?? 0)}.${
            offer?.message ? `\n\n${offer.message}` : ""
          }\n\nAcceptez ou refusez ce nouveau prix sur votre page, jusqu'au ${dayText(offer?.valid_until ?? "")} :\n${page}${SIGNATURE}`,
        },
      ]
    case "rejected":
      return before.stage === "revised"
        ? [
            {
              to: "team",
              subject: `Prix revu refusé – ${number}`,
              text: `Le vendeur a refusé le prix revu : retour ou don, selon son choix sur sa page.\n\n${inbox}`,
            },
          ]
        : [
            {
              to: "seller",
              subject: `Article refusé – ${number}`,
              text: `Bonjour,\n\nÀ la vérification, nous ne pouvons pas racheter votre article.${
                after.reception ? `\n\n${after.reception.description}` : ""
              }${after.reception?.message ? `\n\n${after.reception.message}` : ""}\n\nChoisissez sur votre page son retour à vos frais ou son don à une association :\n${page}${SIGNATURE}`,
            },
          ]
    case "paid": {
      const payment = after.payment
      return [
        {
          to: "seller",
          subject: `Paiement envoyé – ${number}`,
          text: `Bonjour,\n\n${formatEuros(payment?.amount_cents ?? 0)} vous ont été payés le ${dayText(payment?.date ?? "")}${
            payment ? ` ${paymentPhrase(payment.method)}` : ""
          }. Merci pour votre confiance ! Votre bordereau de rachat suit dans un autre e-mail, et reste sur votre page :\n${page}${SIGNATURE}`,
        },
      ]
    }
    default:
      return []
  }
}
