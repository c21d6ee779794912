/**
 * The mails each step of the buy-back writes (through the outbox's letters,
 * src/server/leads/letters.ts): to the seller in French with the link to their page, to the team
 * when the seller answers. Pure: the words of a step from the record before and after it.
 */
import { REJECTED_CHOICES, type Buyback } from "../../contract/buyback"
import { answerDeadline, keptTotal, offeredPrice, refusedGarments } from "../../contract/buyback-garments"
import { formatEuros } from "../../contract/euros"
import { leadGarments } from "../../contract/garments"
import { paidAmount, paymentPhrase } from "../../contract/payment-words"
import type { Lead } from "../leads/types"
import type { Letter } from "../leads/letters"
import { buybackSale } from "../content"
import { buybackRange, rangeText, type BuybackGrid } from "../../contract/buyback-range"
import { dayText, shopDay } from "../shop-time"
import { paymentDelay, shippingText } from "./shipping"

export type LetterDraft = Pick<Letter, "to" | "subject" | "text">

const SIGNATURE = "\n\nL'équipe maxAi"

/**
 * The seller's confirmation when the request is stored: its number, a recap of the garments sent
 * with each one's indicative range as the form showed it (today's grid, content/buyback.json),
 * the delay the shop states for a firm offer (`sale.offerDelay`) and the private page's address.
 */
export function receivedLetter(lead: Lead, page: string, offerDelay: string, grid: BuybackGrid): LetterDraft {
  const recap = leadGarments(lead)
    .map((garment, index) => {
      const name = [garment.brand, garment.category, garment.condition].filter(Boolean).join(" · ") || `Article ${index + 1}`
      const range = buybackRange(grid, garment)
      return `– ${name}${range ? ` : ${rangeText(range)} (fourchette indicative)` : ""}`
    })
    .join("\n")
  return {
    to: "seller",
    subject: `Demande reçue – demande n° ${lead.id}`,
    text: `Bonjour,\n\nNous avons bien reçu votre demande de rachat n° ${lead.id} :\n${recap}\n\nNous examinons vos photos : une proposition ferme vous arrivera par e-mail ${offerDelay}.\n\nVotre page privée, pour suivre la demande puis accepter ou refuser notre proposition :\n${page}\n\nCette adresse est votre clé : ne la partagez pas.${SIGNATURE}`,
  }
}

/** « Lacoste · Polo », or « Article 2 » when the seller chose nothing. */
function garmentName(lead: Lead, index: number): string {
  const garment = leadGarments(lead)[index]
  return [garment?.brand, garment?.category].filter(Boolean).join(" · ") || `Article ${index + 1}`
}

/** One line per garment with its price: « – Lacoste · Polo : 20 € ». */
function priceLines(lead: Lead, buyback: Buyback): string {
  return leadGarments(lead)
    .map((_garment, index) => {
      const now = offeredPrice(buyback, index)
      // An offer that replaced another says the old price beside each one it changed.
      const was = buyback.previous_offer ? offeredPrice({ offer: buyback.previous_offer }, index) : now
      return `– ${garmentName(lead, index)} : ${formatEuros(now)}${was !== now ? ` (au lieu de ${formatEuros(was)})` : ""}`
    })
    .join("\n")
}

/** The garments refused, one a line, with the owner's description as received for those refused on arrival. */
function refusedLines(lead: Lead, buyback: Buyback): string {
  return refusedGarments(buyback)
    .map((garment) => {
      const described = garment.verdict === "refuse" && garment.received.description ? ` : ${garment.received.description}` : ""
      return `– ${garmentName(lead, garment.index)}${garment.verdict === "refuse" ? "" : " (prix revu refusé)"}${described}`
    })
    .join("\n")
}

/**
 * The steps that change no stage: the seller's parcel tracking number and return-or-donation
 * choice (to the team, which acts on them), the owner's « Retour envoyé » (to the seller, whose
 * page promised « Nous vous écrivons pour la suite »).
 */
function parcelLetters(lead: Lead, before: Buyback, after: Buyback, page: string, site: string): LetterDraft[] {
  const inbox = `${site}/admin/demandes/${lead.id}`
  const number = `demande n° ${lead.id}`
  const letters: LetterDraft[] = []
  if (after.tracking && after.tracking !== before.tracking)
    letters.push({
      to: "team",
      subject: `Colis en route – ${number}`,
      text: `Le vendeur a donné le numéro de suivi de son colis : ${after.tracking}.\n\n${inbox}`,
    })
  // A choice made before the parcel leaves is the team's to read at the reception: mailed only once a garment is refused.
  if (after.rejected_choice && !before.rejected_choice && refusedGarments(after).length > 0) {
    const choice = REJECTED_CHOICES[after.rejected_choice]
    const next =
      after.rejected_choice === "retour" ? "Renvoyez-les, puis remplissez « Retour envoyé » avec le numéro de suivi." : "Donnez-les à une association."
    letters.push({
      to: "team",
      subject: `Articles refusés : ${choice.toLocaleLowerCase("fr-FR")} – ${number}`,
      text: `Le vendeur a choisi pour les articles refusés : « ${choice} ».\n${refusedLines(lead, after)}\n\n${next}\n\n${inbox}`,
    })
  }
  if (after.returned && !before.returned)
    letters.push({
      to: "seller",
      subject: `Retour envoyé – ${number}`,
      text: `Bonjour,\n\nNous vous avons renvoyé les articles refusés le ${dayText(shopDay(new Date(after.returned.at)))} :\n${refusedLines(lead, after)}\n\nNuméro de suivi du colis : ${after.returned.tracking}\n\nVotre page :\n${page}${SIGNATURE}`,
    })
  return letters
}

/** `site`: the shop's address with its path prefix (https://exemple.fr), for the links. */
export function lettersFor(lead: Lead, before: Buyback, after: Buyback, site: string): LetterDraft[] {
  const page = `${site}/suivi/${after.token}/`
  const parcel = parcelLetters(lead, before, after, page, site)
  if (parcel.length > 0) return parcel
  if (before.stage === after.stage) {
    const renewed = answerDeadline(after)
    if (after.stage === "offered" && before.terms !== after.terms) return lettersFor(lead, { ...before, stage: "requested" }, after, site)
    if (renewed && renewed !== answerDeadline(before))
      return [
        {
          to: "seller",
          subject: `Proposition prolongée – demande n° ${lead.id}`,
          text: `Bonjour,\n\nVous pouvez répondre à notre proposition jusqu'au ${dayText(renewed)} inclus, aux mêmes prix :\n${page}${SIGNATURE}`,
        },
      ]
    return []
  }
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
          subject: `${after.previous_offer ? "Notre nouvelle proposition" : "Notre proposition"} de rachat – ${number}`,
          text: `Bonjour,\n\n${after.previous_offer ? "Notre proposition a changé : elle remplace la précédente. " : ""}Après examen de vos photos, nous vous proposons ${formatEuros(offer?.amount_cents ?? 0)} en tout :\n${priceLines(lead, after)}${
            offer?.message ? `\n\n${offer.message}` : ""
          }\n\nCette proposition est valable jusqu'au ${dayText(offer?.valid_until ?? "")} inclus. Pour l'accepter ou la refuser, ouvrez votre page privée :\n${page}${SIGNATURE}`,
        },
      ]
    case "accepted":
      return [
        {
          to: "seller",
          subject: `Vente confirmée – ${number}`,
          text: `Bonjour,\n\nMerci, votre vente est confirmée pour ${formatEuros(offer?.amount_cents ?? 0)}.\n\n${shippingText(buybackSale(), lead.id, leadGarments(lead).length)}\n\nSuivez chaque étape, et ajoutez le numéro de suivi du colis, sur votre page :\n${page}${SIGNATURE}`,
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
              subject: `Prix revus répondus – ${number}`,
              text: `Le vendeur a répondu aux prix revus : ${formatEuros(keptTotal(after))} à payer pour les articles gardés.\n\n${inbox}`,
            },
          ]
        : [
            {
              to: "seller",
              subject: `Colis reçu – ${number}`,
              text: `Bonjour,\n\nVos articles sont arrivés et ont été vérifiés : le paiement de ${formatEuros(keptTotal(after))} part ${paymentDelay(buybackSale())}.${
                refusedGarments(after).length > 0
                  ? `\n\nNous ne gardons pas :\n${refusedLines(lead, after)}${after.reception?.message ? `\n\n${after.reception.message}` : ""}\n\nChoisissez sur votre page leur retour à vos frais ou leur don à une association.`
                  : ""
              }\n${page}${SIGNATURE}`,
            },
          ]
    case "revised": {
      const revised = (after.reception?.garments ?? []).filter((garment) => garment.verdict === "revu")
      const lines = revised.map(
        (garment) =>
          `– ${garmentName(lead, garment.index)} : ${formatEuros(garment.revised_cents ?? 0)} au lieu de ${formatEuros(offeredPrice(after, garment.index))}`,
      )
      const refused = refusedGarments(after).length > 0 ? `\n\nNous ne gardons pas :\n${refusedLines(lead, after)}` : ""
      return [
        {
          to: "seller",
          subject: `Prix revu après vérification – ${number}`,
          text: `Bonjour,\n\nÀ la vérification de vos articles, nous revoyons le prix de :\n${lines.join("\n")}${refused}${
            after.reception?.message ? `\n\n${after.reception.message}` : ""
          }\n\nAcceptez ou refusez chaque nouveau prix sur votre page, jusqu'au ${dayText(answerDeadline(after) ?? "")} :\n${page}${SIGNATURE}`,
        },
      ]
    }
    case "rejected":
      return before.stage === "revised"
        ? [
            {
              to: "team",
              subject: `Prix revu refusé – ${number}`,
              text: `Le vendeur a refusé le prix revu : aucun article gardé, retour ou don selon son choix sur sa page.\n\n${inbox}`,
            },
          ]
        : [
            {
              to: "seller",
              subject: `Article refusé – ${number}`,
              text: `Bonjour,\n\nÀ la vérification, nous ne pouvons pas racheter vos articles :\n${refusedLines(lead, after)}${
                after.reception?.message ? `\n\n${after.reception.message}` : ""
              }\n\nChoisissez sur votre page leur retour à vos frais ou leur don à une association :\n${page}${SIGNATURE}`,
            },
          ]
    case "paid": {
      const payment = after.payment
      return [
        {
          to: "seller",
          subject: `Paiement envoyé – ${number}`,
          text: `Bonjour,\n\n${payment ? paidAmount(payment) : ""} vous ont été payés le ${dayText(payment?.date ?? "")}${
            payment ? ` ${paymentPhrase(payment.method)}` : ""
          }. Merci pour votre confiance ! Votre bordereau de rachat suit dans un autre e-mail, et reste sur votre page :\n${page}${SIGNATURE}`,
        },
      ]
    }
    default:
      return []
  }
}
