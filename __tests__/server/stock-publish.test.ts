/**
 * @jest-environment node
 *
 * « Publier sur le site » (src/server/stock/publish.ts, issue 47): the gallery's entry made from a
 * stock item holds only what visitors see, and what the gallery cannot show is refused in French
 * before anything is saved.
 */
import type { StockItem } from "../../src/contract/stock"
import { galleryEntry } from "../../src/server/stock/publish"

const CATEGORIES = ["Polo", "Chemise", "Pull", "Maroquinerie", "Accessoires"]
const item = (extra: Partial<StockItem> = {}, garment: Partial<StockItem["garment"]> = {}): StockItem => ({
  number: 7,
  request: "20261102-0900-K7Q2MX",
  garment: { index: 0, nature: "polo", brand: "Lacoste", size: "M", colour: "Vert", marks: "accroc", condition: "Bon état", description: "usé", ...garment },
  cost_cents: 1234,
  bought_on: "2026-11-03",
  payment_method: "Virement",
  status: "en_vente",
  listing: { asking_cents: 3950 },
  history: [],
  version: "1",
  ...extra,
})

it("makes the entry from the item: its category matched without case or accents, the asking price in euros, nothing else", () => {
  expect(galleryEntry(item(), CATEGORIES)).toEqual({
    ok: true,
    entry: { brand: "Lacoste", title: "Polo vert", price: 39.5, views: 0, favorites: 0, category: "Polo", size: "M", condition: "Bon état" },
  })
})

it.each([
  [item({ listing: {} }), "Indiquez d'abord le prix demandé (« Mettre en vente ») : la galerie affiche un prix."],
  [item({ listing: { asking_cents: 250_000 } }), "La galerie du site affiche des prix de 2 000 € au plus."],
  [
    item({}, { nature: "Gilet" }),
    "La nature « Gilet » n'est pas une catégorie de la galerie (Polo, Chemise, Pull, Maroquinerie, Accessoires) : ajoutez la catégorie dans le studio, ou rectifiez la nature dans le registre.",
  ],
  [item({}, { brand: " " }), "Cet article n'a pas de marque au registre : la galerie en affiche une."],
])("refuses what the gallery cannot show, in French", (refused, error) => {
  expect(galleryEntry(refused, CATEGORIES)).toEqual({ ok: false, error })
})
