/**
 * The stock book's tests: paid garments as the buy-back writes them to the register (one entry per
 * garment, the new shape), and the request folder in LEADS_DIR their photos are first found in.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import type { RegisterGarment } from "../../src/contract/garments"
import type { NewEntry } from "../../src/server/register/register"
import { purchase } from "./buyback"

const ROOT = path.resolve(__dirname, "../..")
const JPEG = readFileSync(path.join(ROOT, "content/images/items/01-lacoste-polo-blanc.jpg"))
const JPEG_2 = readFileSync(path.join(ROOT, "content/images/items/02-ralph-lauren-polo-marine.jpg"))

/** A garment of request `request`, paid `price_cents` on `payment_date`. */
export function garmentEntry(request: string, garment: Partial<RegisterGarment> & { index: number }, price_cents: number, payment_date: string): NewEntry {
  return purchase(request, {
    item: { nature: "Polo", brand: "Lacoste", size: "M", colour: "Blanc", marks: "", condition: "Très bon état", description: "", ...garment },
    price_cents,
    payment_date,
  })
}

/** A request of two garments with a photo each, as the estimate form leaves it in LEADS_DIR. */
export function storeTwoGarmentRequest(leadsDir: string, id: string): void {
  const dir = path.join(leadsDir, id)
  mkdirSync(dir, { recursive: true })
  writeFileSync(path.join(dir, "photo-1.jpg"), JPEG)
  writeFileSync(path.join(dir, "photo-2.jpg"), JPEG_2)
  const photo = (file: string, size: number) => ({ file, name: file, type: "image/jpeg", size })
  const lead = {
    id,
    kind: "estimate",
    created_at: "2026-11-02T09:00:00.000Z",
    email: "claire@exemple.fr",
    photos: [photo("photo-1.jpg", JPEG.length), photo("photo-2.jpg", JPEG_2.length)],
    garments: [
      { brand: "Lacoste", category: "Polo", photos: ["photo-1.jpg"] },
      { brand: "Ralph Lauren", category: "Polo", photos: ["photo-2.jpg"] },
    ],
  }
  writeFileSync(path.join(dir, "lead.json"), JSON.stringify(lead))
  writeFileSync(path.join(dir, "delivery.json"), JSON.stringify({ status: "sent", attempts: 1, delivered: ["mail"], sent_at: lead.created_at }))
}
