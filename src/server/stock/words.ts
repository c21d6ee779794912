/**
 * The stock room's own words and small formats, in one place for its pages (the owner's guide,
 * docs/owner/stock.md, quotes them: __tests__/content-guide.test.ts checks they are still here).
 */
import { SALE_CHANNELS, STATUS_WORDS, WITHDRAWAL_REASONS, type StockChange, type StockItem } from "../../contract/stock"
import { FrenchDateFormat, isDay, shopFormat } from "../shop-time"
import { escapeHtml } from "../http/html"
import { garmentLine } from "./exports"
import { signedEuros } from "./money"

export const STOCK_WORDS = {
  title: "Stock",
  exports: "Exports comptables",
  list: "Tout le stock",
  empty: "Aucun article ne correspond à ces filtres.",
  emptyStock: "Aucun article pour l'instant : chaque article payé et inscrit au registre arrive ici tout seul.",
  filter: "Filtrer",
  listing: "Mettre en vente",
  listingHint: "Facultatif : l'adresse de l'annonce Vinted et le prix demandé.",
  vinted: "Annonce Vinted (adresse https)",
  asking: "Prix demandé (€)",
  publish: "Publier sur le site",
  publishHint:
    "Crée la fiche de l'article dans la galerie du site (marque, catégorie, taille, photo, prix demandé) et l'ouvre dans le studio pour une dernière relecture.",
  openInStudio: "Ouvrir dans le studio",
  sold: "Marquer vendu",
  correctSale: "Corriger la vente",
  price: "Prix de vente (€)",
  date: "Date de la vente",
  channel: "Canal",
  fees: "Frais (€)",
  feesHint: "Commission, port payé par la boutique… 0 si aucun.",
  reference: "Référence de la commande",
  withdraw: "Retirer du stock",
  reason: "Motif",
  backInStock: "Remettre en stock",
  backHint: "Annule une vente ou un retrait enregistré par erreur : les deux restent dans l'historique.",
  history: "Historique",
  margin: "Marge",
  notFound: "Article introuvable : ce numéro d'ordre n'est pas dans le registre.",
} as const

export const DONE_WORDS: Readonly<Record<string, string>> = {
  vente: "Mise en vente enregistrée.",
  vendu: "Vente enregistrée.",
  retrait: "Article retiré du stock.",
  retour: "Article remis en stock.",
  site: "Fiche créée dans la galerie du site : relisez-la dans le studio, puis publiez.",
}

const DAY = new FrenchDateFormat("fr-FR", { dateStyle: "medium", timeZone: "UTC" })
const MOMENT = shopFormat({ dateStyle: "medium", timeStyle: "short" })

/** « 3 nov. 2026 » for the calendar day "2026-11-03". */
export const dayShort = (day: string) => (isDay(day) ? DAY.format(new Date(`${day}T12:00:00Z`)) : escapeHtml(day))
export const momentShort = (iso: string) => MOMENT.format(Date.parse(iso))

/** « Lacoste · Polo · taille M », escaped. */
export const garmentTitle = (item: StockItem) => escapeHtml(garmentLine(item) || "Article sans description")

export const statusBadge = (item: StockItem) => `<span class="badge stock-${item.status}">${STATUS_WORDS[item.status]}</span>`

/** One line of the history, in the owner's words. */
export function changeWords(change: StockChange, corrected: boolean): string {
  switch (change.kind) {
    case "listing": {
      const parts = [
        change.listing.asking_cents !== undefined ? `prix demandé ${signedEuros(change.listing.asking_cents)}` : "",
        change.listing.vinted_url ? "annonce Vinted" : "",
      ]
      return `Mis en vente${parts.some(Boolean) ? ` (${parts.filter(Boolean).join(", ")})` : ""}`
    }
    case "published":
      return `Fiche créée dans la galerie du site (n° ${change.site_id})`
    case "sale":
      return `${corrected ? "Vente corrigée" : "Vendu"} le ${dayShort(change.sale.date)} (${SALE_CHANNELS[change.sale.channel]}) ${signedEuros(change.sale.price_cents)}, frais ${signedEuros(change.sale.fees_cents)}`
    case "withdrawal":
      return `Retiré du stock : ${WITHDRAWAL_REASONS[change.reason].toLowerCase()}`
    case "back_in_stock":
      return `Remis en stock${change.note ? ` : ${escapeHtml(change.note)}` : ""}`
  }
}
