/**
 * Real content from content/*.json, shaped like the page query returns it: `id` becomes
 * `jsonId` (as gatsby-transformer-json does) and image paths become fake sharp results.
 */
import path from "node:path"
import fs from "node:fs"
import type { IGatsbyImageData } from "gatsby-plugin-image"

const CONTENT_DIR = path.resolve(__dirname, "..", "..", "content")

export function readContent<T = unknown>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, `${name}.json`), "utf8")) as T
}

export function fakeImage(src: string, width = 400, height = 500): { childImageSharp: { gatsbyImageData: IGatsbyImageData } } {
  return {
    childImageSharp: {
      gatsbyImageData: {
        layout: "constrained",
        width,
        height,
        images: { fallback: { src: `/static/${path.basename(src)}`, srcSet: "", sizes: "" }, sources: [] },
      },
    },
  }
}

/** content/site.json's key figures as the page query gives them: an absent value or text is null. */
export function siteClaims(): Queries.ClaimFieldsFragment[] {
  const { claims } = readContent<{ claims: Array<{ value?: number; text?: string; format: string; label: string }> }>("site")
  return claims.map((claim) => ({ value: claim.value ?? null, text: claim.text ?? null, format: claim.format, label: claim.label }))
}

/** A list file's section heading (`heading` of brands.json, sold-items.json, news.json, shops.json) as the page query gives it. */
export function sectionHeading(name: string): Queries.SectionHeadingContentFragment {
  const { heading } = readContent<{ heading: { eyebrow: string; title: string; intro?: string } }>(name)
  return { eyebrow: heading.eyebrow, title: heading.title, intro: heading.intro ?? null }
}

type WithId = { id: string | number }

function withJsonId<T extends WithId>(entry: T): Omit<T, "id"> & { jsonId: T["id"] } {
  const { id, ...rest } = entry
  return { ...rest, jsonId: id }
}

type RawItem = WithId & {
  id: number
  brand: string
  title: string
  price: number
  image: string
  views: number
  favorites: number
  category: string
  size?: string
  condition?: string
  url?: string
}
type RawShop = WithId & {
  id: string
  name: string
  description: string
  url: string
  avatar: string
  badges: string[]
  stats: { total_sales: number; rating: number }
}

export function soldItems() {
  // As GraphQL gives them: an optional field missing from the JSON is null.
  return readContent<{ items: RawItem[] }>("sold-items").items.map((item) => ({
    ...withJsonId(item),
    size: item.size ?? null,
    condition: item.condition ?? null,
    url: item.url ?? null,
    image: fakeImage(item.image),
  }))
}

export function shops() {
  return readContent<{ items: RawShop[] }>("shops").items.map((shop) => ({ ...withJsonId(shop), avatar: fakeImage(shop.avatar, 64, 64) }))
}

export function categories(): string[] {
  return readContent<{ items: Array<{ name: string }> }>("categories").items.map((category) => category.name)
}

/** The entries of a list file (`{ "items": [...] }`: brands, categories, news, shops, sold-items). */
export function readList<T>(name: string): T[] {
  return readContent<{ items: T[] }>(name).items
}
