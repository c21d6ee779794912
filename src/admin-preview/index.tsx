/**
 * The content studio's previews (Decap CMS at /admin/): the sold-item cards, the hero and the
 * news cards drawn by the site's own components and styles, with what the editor is typing.
 *
 * Bundled apart from the site (scripts/build-admin-preview.mjs, esbuild): it carries its own
 * React 18 and its own CSS, and only /admin/ loads it, so nothing of it enters the visitor's
 * bundle. Decap's standalone bundle has another React: each preview is a Decap component
 * (window.createClass / window.h) that renders an empty <div> and mounts the site's component
 * into it with this bundle's React, again on every change of the entry.
 */
import React, { type ReactElement } from "react"
import { createRoot, type Root } from "react-dom/client"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { ItemCard, type SoldItem } from "../sections/Gallery/ItemCard"
import { grid } from "../sections/Gallery/Gallery.css"
import { Hero, type HeroCopy, type HeroStats } from "../sections/Hero"
import type { HeadingContent } from "../components/Section"
import { News, type NewsArticle } from "../sections/News"
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2"
import { fontFaceCss } from "../styles/font-faces"
import { container } from "../styles/utils.css"
import "../styles/global.css"

/** What the preview pane gives each template (Decap 3): the entry being edited and a resolver for media paths. */
type PreviewProps = {
  readonly entry: { getIn(path: ReadonlyArray<string>): { toJS(): unknown } | undefined }
  readonly getAsset: (path: string) => { toString(): string } | undefined
}

type DecapWindow = Window & {
  CMS: { registerPreviewTemplate(name: string, component: unknown): void; registerPreviewStyle(style: string, options?: { raw: boolean }): void }
  createClass: (spec: Record<string, unknown>) => unknown
  h: (type: string, props: Record<string, unknown>) => unknown
}

/** A photo of the media library as the site's Picture draws it: a plain image, no responsive set. */
function photo(url: string): IGatsbyImageData {
  return { layout: "constrained", width: 800, height: 1000, images: { fallback: { src: url } } }
}

type RawItem = Partial<Omit<SoldItem, "image" | "jsonId">> & { id?: number; image?: string }

function SoldItemsPreview({ entry, getAsset }: PreviewProps): ReactElement {
  const items = (entry.getIn(["data", "items"])?.toJS() ?? []) as RawItem[]
  return (
    <div className={container} style={{ paddingBlock: 24 }}>
      <ul className={grid}>
        {items.map((item, index) => {
          const url = item.image ? getAsset(item.image)?.toString() : undefined
          // A freshly added item has no fields yet: the card shows it empty rather than failing.
          const card: SoldItem = {
            brand: item.brand ?? "",
            title: item.title ?? "",
            // The studio's decimal field stores a number, or "" while the owner has emptied it.
            price: typeof item.price === "number" ? item.price : 0,
            views: item.views ?? 0,
            favorites: item.favorites ?? 0,
            category: item.category ?? "",
            size: item.size ?? null,
            condition: item.condition ?? null,
            url: item.url ?? null,
            jsonId: item.id ?? index,
            image: { childImageSharp: url ? { gatsbyImageData: photo(url) } : null },
          }
          return <ItemCard key={`${index}-${url ?? ""}`} item={card} beyondVisible={false} />
        })}
      </ul>
    </div>
  )
}

type RawClaim = { value?: number | null; text?: string | null; format: string; label: string }
type RawSite = { hero: HeroCopy; claims: ReadonlyArray<RawClaim>; fallbackStats: HeroStats; tagline: string }

function HeroPreview({ entry }: PreviewProps): ReactElement | null {
  const site = entry.getIn(["data"])?.toJS() as Partial<RawSite> | undefined
  if (!site?.hero || !site.fallbackStats) return null
  return (
    <Hero
      hero={site.hero}
      claims={(site.claims ?? []).map((claim) => ({ ...claim, value: claim.value ?? null, text: claim.text ?? null }))}
      stats={site.fallbackStats}
      verifiedText={site.tagline ?? ""}
    />
  )
}

type RawArticle = Partial<Omit<NewsArticle, "jsonId">> & { id?: string }

function NewsPreview({ entry }: PreviewProps): ReactElement {
  const items = (entry.getIn(["data", "items"])?.toJS() ?? []) as RawArticle[]
  const articles = items.map((item, index) => ({
    source: item.source ?? "",
    title: item.title ?? "",
    excerpt: item.excerpt ?? "",
    time: item.time ?? "",
    status: item.status ?? "",
    relevance: item.relevance ?? 0,
    jsonId: item.id ?? String(index),
  }))
  const heading = (entry.getIn(["data", "heading"])?.toJS() ?? {}) as Partial<HeadingContent>
  return <News heading={{ eyebrow: heading.eyebrow ?? "", title: heading.title ?? "", intro: heading.intro ?? null }} articles={articles} />
}

const decap = window as unknown as DecapWindow
const roots = new WeakMap<Element, Root>()

/** A Decap preview component (Decap's React) that mounts `Preview` (this bundle's React) into its node. */
function bridge(Preview: (props: PreviewProps) => ReactElement | null): unknown {
  return decap.createClass({
    componentDidMount(this: { mount(): void }) {
      this.mount()
    },
    componentDidUpdate(this: { mount(): void }) {
      this.mount()
    },
    componentWillUnmount(this: { node?: HTMLElement }) {
      if (this.node) roots.get(this.node)?.unmount()
    },
    mount(this: { node?: HTMLElement; props: PreviewProps }) {
      const node = this.node
      if (!node) return
      let root = roots.get(node)
      if (!root) {
        root = createRoot(node)
        roots.set(node, root)
      }
      root.render(<Preview entry={this.props.entry} getAsset={this.props.getAsset} />)
    },
    render(this: { node?: HTMLElement }) {
      return decap.h("div", {
        ref: (node: HTMLElement | null) => {
          if (node) this.node = node
        },
      })
    },
  })
}

/** This script's address: the stylesheet and the fonts were written beside it. */
const here = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : location.href
const beside = (file: string) => new URL(file, here).href

decap.CMS.registerPreviewStyle(beside("preview.css"))
decap.CMS.registerPreviewStyle(fontFaceCss(beside(interLatin), beside(interLatinExt)), { raw: true })
decap.CMS.registerPreviewTemplate("sold-items", bridge(SoldItemsPreview))
decap.CMS.registerPreviewTemplate("site", bridge(HeroPreview))
decap.CMS.registerPreviewTemplate("news", bridge(NewsPreview))
