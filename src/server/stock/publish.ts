/**
 * « Publier sur le site »: the garment becomes an entry of the gallery (content/sold-items.json),
 * made from the stock item (brand, category, size, condition, photo, price, Vinted link), saved
 * through the studio's one validated save (handed over by the host, as the questions' room saves
 * chat.json), then opened in the studio for a last look. Nothing is typed twice.
 *
 * What must stay true: the entry holds only what the gallery shows to visitors: never the cost,
 * the margin, the seller nor the register's number; its price is the sale's once sold, else the
 * asking price, and follows the item afterwards (galleryPriceFollows: sold, put on sale again);
 * the photo is the kept one (./photos.ts) cut to the card's 4:5 portrait, at least 600 × 750 px
 * as the gallery's schema asks; a refusal of the studio's validator comes back in its French.
 */
import { readFile } from "node:fs/promises"
import sharp from "sharp"
import type { StockItem } from "../../contract/stock"
import { photoFile } from "./photos"

/** content/sold-items.json and the gallery's categories as the studio holds them, and its validated save (src/server/studio/mount.ts contentFile). */
export type GalleryPort = {
  read: () => Promise<string>
  categories: () => Promise<string>
  save: (
    raw: string,
    author: string,
    message: string,
    base: string,
    photos: ReadonlyArray<{ name: string; bytes: Buffer }>,
  ) => Promise<{ ok: true } | { ok: false; status: number; error: string }>
}

export type PublishOutcome = { ok: true; id: number } | { ok: false; status: number; error: string }

/** The gallery's conditions (content/schemas/sold-items.schema.json), the only ones its entry may name. */
const CONDITIONS = ["Neuf avec étiquette", "Neuf sans étiquette", "Très bon état", "Bon état", "Satisfaisant"]
/** The gallery's highest price, in cents (its schema's maximum). */
const MAX_GALLERY_CENTS = 200_000

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()

/** The price the gallery shows: what it sold for, else what is asked. */
const shownPrice = (item: StockItem) => item.sale?.price_cents ?? item.listing?.asking_cents

type GalleryFile = { items: Array<Record<string, unknown> & { id: number }> }

/** The gallery entry of the item (without its id and photo), or the reason it cannot be made. */
export function galleryEntry(item: StockItem, categories: readonly string[]): { ok: true; entry: Record<string, unknown> } | { ok: false; error: string } {
  const price = shownPrice(item)
  if (price === undefined) return { ok: false, error: "Indiquez d'abord le prix demandé (« Mettre en vente ») : la galerie affiche un prix." }
  if (price > MAX_GALLERY_CENTS) return { ok: false, error: "La galerie du site affiche des prix de 2 000 € au plus." }
  const { brand, nature, size, colour, condition } = item.garment
  const category = categories.find((name) => fold(name) === fold(nature))
  if (!category) {
    return {
      ok: false,
      error: `La nature « ${nature} » n'est pas une catégorie de la galerie (${categories.join(", ")}) : ajoutez la catégorie dans le studio, ou rectifiez la nature dans le registre.`,
    }
  }
  if (!brand.trim()) return { ok: false, error: "Cet article n'a pas de marque au registre : la galerie en affiche une." }
  const words = [nature.trim(), colour.trim().toLowerCase()].filter(Boolean).join(" ")
  // « polo vert » as typed at reception reads « Polo vert » on the card.
  const title = words.charAt(0).toUpperCase() + words.slice(1)
  return {
    ok: true,
    entry: {
      brand: brand.trim(),
      title,
      price: price / 100,
      views: 0,
      favorites: 0,
      category,
      ...(item.listing?.vinted_url ? { url: item.listing.vinted_url } : {}),
      ...(size.trim() && size.trim().length <= 12 ? { size: size.trim() } : {}),
      ...(CONDITIONS.includes(condition) ? { condition } : {}),
    },
  }
}

/** Creates the gallery entry, first in the list (the gallery shows the file's order), and returns its id. */
export async function publishOnSite(item: StockItem, stockDir: string, gallery: GalleryPort, author: string): Promise<PublishOutcome> {
  const categories = (JSON.parse(await gallery.categories()) as { items: Array<{ name: string }> }).items.map((category) => category.name)
  const made = galleryEntry(item, categories)
  if (!made.ok) return { ok: false, status: 422, error: made.error }
  let photo: Buffer
  try {
    photo = await sharp(await readFile(photoFile(stockDir, item.number, "photo")))
      .resize(1200, 1500, { fit: "cover" })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer()
  } catch {
    return { ok: false, status: 422, error: "Cet article n'a pas de photo : la galerie du site en demande une. Créez la fiche dans le studio avec une photo." }
  }
  const base = await gallery.read()
  const file = JSON.parse(base) as GalleryFile
  const id = Math.max(0, ...file.items.map((entry) => entry.id)) + 1
  const name = `images/items/stock-${item.number}.jpg`
  const raw = JSON.stringify({ ...file, items: [{ id, ...made.entry, image: name }, ...file.items] }, null, 2)
  const saved = await gallery.save(raw, author, `Galerie : article n° ${id} depuis le stock`, base, [{ name, bytes: photo }])
  return saved.ok ? { ok: true, id } : saved
}

/**
 * After a change of a published item (sold, put on sale again, back in stock): its gallery entry
 * shows the price the item has now, saved through the studio's save; unchanged, nothing is saved.
 * An entry removed in the studio meanwhile is left alone.
 */
export async function galleryPriceFollows(item: StockItem, gallery: GalleryPort, author: string): Promise<PublishOutcome> {
  const price = shownPrice(item)
  if (item.site_id === undefined || price === undefined || price > MAX_GALLERY_CENTS) return { ok: true, id: item.site_id ?? 0 }
  const base = await gallery.read()
  const file = JSON.parse(base) as GalleryFile
  const entry = file.items.find((listed) => listed.id === item.site_id)
  if (!entry || entry.price === price / 100) return { ok: true, id: item.site_id }
  const items = file.items.map((listed) => (listed === entry ? { ...listed, price: price / 100 } : listed))
  const saved = await gallery.save(
    JSON.stringify({ ...file, items }, null, 2),
    author,
    `Galerie : prix de l'article n° ${item.site_id} depuis le stock`,
    base,
    [],
  )
  return saved.ok ? { ok: true, id: item.site_id } : saved
}
