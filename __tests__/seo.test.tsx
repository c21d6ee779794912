import fs from "node:fs"
import path from "node:path"
import React from "react"
import { render } from "@testing-library/react"
import type { HeadProps } from "gatsby"
import { Head as HomeHead } from "../src/pages/index"
import { Head as NotFoundHead } from "../src/pages/404"
import { LOGO_PATH, serializeJsonLd } from "../src/lib/structured-data"
import { readContent, shops, readList } from "./helpers/content"
import { SITE_ICON } from "../build-steps/content/site-config"

// Page modules carry a page query; the project's Gatsby mock makes `graphql` inert.
jest.mock("gatsby", () => jest.requireActual("../__mocks__/gatsby"))

type SiteContent = { name: string; seo: { title: string; description: string; url: string; image: string; twitter: string } }
const site = readContent<SiteContent>("site")
const shopUrls = readList<{ url: string }>("shops").map((shop) => shop.url)

function headProps<T>(data: unknown, pathname: string): HeadProps<T> {
  return { data: data as T, location: { pathname }, params: {}, pageContext: {}, serverData: {} }
}

/** Renders a page's Head where Gatsby puts it, and returns document.head for querying. */
function renderHead(element: React.ReactElement): HTMLElement {
  render(element, { container: document.head })
  return document.head
}

// Gatsby lifts the Head's <html> element onto the document's own; React, rendering it in
// place here, warns about nesting. Only that warning is silenced.
const consoleError = console.error
beforeEach(() => {
  jest.spyOn(console, "error").mockImplementation((message: unknown, ...rest: unknown[]) => {
    const [element, parent] = rest.map(String)
    if (String(message).startsWith("Warning: validateDOMNesting") && element === "<html>" && parent === "head") return
    consoleError(message, ...rest)
  })
})
afterEach(() => jest.restoreAllMocks())

const meta = (head: HTMLElement, key: string) => head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content")

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = fs.readFileSync(file)
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** Every key anywhere in a JSON value, to prove a property is absent at any depth. */
function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys)
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, inner]) => [key, ...allKeys(inner)])
  return []
}

describe("the home page's head", () => {
  const renderHome = () => renderHead(<HomeHead {...headProps<Queries.IndexPageQuery>({ site, shops: { nodes: shops() } }, "/")} />)

  it("has the title, description and canonical address from content/site.json", () => {
    const head = renderHome()
    expect(head.querySelector("title")).toHaveTextContent(site.seo.title)
    expect(meta(head, "description")).toBe(site.seo.description)
    expect(head.querySelector('link[rel="canonical"]')).toHaveAttribute("href", "https://www.maxai-seconde-main.fr/")
    expect(meta(head, "robots")).toBeUndefined()
    expect(head.querySelector("html")).toHaveAttribute("lang", "fr")
  })

  it("gives social networks a large card with the share image as an absolute URL", () => {
    const head = renderHome()
    const image = `${site.seo.url}${site.seo.image}`
    expect(meta(head, "og:title")).toBe(site.seo.title)
    expect(meta(head, "og:description")).toBe(site.seo.description)
    expect(meta(head, "og:url")).toBe(`${site.seo.url}/`)
    expect(meta(head, "og:site_name")).toBe("maxAi")
    expect(meta(head, "og:locale")).toBe("fr_FR")
    expect(meta(head, "og:image")).toBe(image)
    expect(meta(head, "og:image:alt")).toMatch(/^maxAi\u00a0: vêtements de marque de seconde main/)
    expect(meta(head, "twitter:card")).toBe("summary_large_image")
    expect(meta(head, "twitter:site")).toBe(site.seo.twitter)
    expect(meta(head, "twitter:title")).toBe(site.seo.title)
    expect(meta(head, "twitter:image")).toBe(image)
    expect(meta(head, "twitter:image:alt")).toBe(meta(head, "og:image:alt"))
  })

  it("states the real size of the share image", () => {
    const head = renderHome()
    const { width, height } = pngSize(path.resolve(__dirname, "..", "static", site.seo.image.slice(1)))
    expect(meta(head, "og:image:width")).toBe(String(width))
    expect(meta(head, "og:image:height")).toBe(String(height))
  })

  it("describes the seller as a schema.org Organization with its two shops and no self-awarded rating", () => {
    const head = renderHome()
    const scripts = head.querySelectorAll('script[type="application/ld+json"]')
    expect(scripts).toHaveLength(1)
    const data: unknown = JSON.parse(scripts[0]?.textContent ?? "")
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "maxAi",
      url: "https://www.maxai-seconde-main.fr/",
      logo: `https://www.maxai-seconde-main.fr${LOGO_PATH}`,
      description: site.seo.description,
      sameAs: shopUrls,
    })
    expect(shopUrls).toHaveLength(2)
    expect(allKeys(data).filter((key) => /rating|review/i.test(key))).toEqual([])
  })

  it("points the logo at an icon gatsby-plugin-manifest emits from the one source image", () => {
    const config = fs.readFileSync(path.resolve(__dirname, "..", "gatsby-config.ts"), "utf8")
    // The manifest plugin's source image is the one the orphan-photo check knows (one place for both).
    expect(config).toContain("icon: SITE_ICON")
    expect(SITE_ICON).toBe("content/images/icon.png")
    // The plugin's default sizes go up to 512 px, written as icons/icon-<size>x<size>.png.
    expect(LOGO_PATH).toBe("/icons/icon-512x512.png")
    expect(pngSize(path.resolve(__dirname, "..", "content", "images", "icon.png")).width).toBeGreaterThanOrEqual(512)
  })
})

describe("the 404 page's head", () => {
  const renderNotFound = () => renderHead(<NotFoundHead {...headProps<Queries.NotFoundPageQuery>({ site }, "/page-inexistante/")} />)

  it("has its own title and keeps the page out of search results", () => {
    const head = renderNotFound()
    expect(head.querySelector("title")).toHaveTextContent("Page introuvable – maxAi")
    expect(meta(head, "robots")).toBe("noindex")
    expect(head.querySelector('link[rel="canonical"]')).toBeNull()
    expect(head.querySelector('script[type="application/ld+json"]')).toBeNull()
  })

  it("still shares like the rest of the site", () => {
    const head = renderNotFound()
    expect(meta(head, "og:image")).toBe(`${site.seo.url}${site.seo.image}`)
    expect(meta(head, "twitter:card")).toBe("summary_large_image")
  })
})

describe("JSON-LD serialisation", () => {
  it("cannot be closed early by a value containing </script>", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>" })
    expect(json).not.toContain("</script")
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>" })
  })
})
