import React from "react"
import { withPrefix } from "gatsby"
import { copy } from "../../copy"
import { absoluteUrl } from "../../lib/structured-data"

/** Size of static/og-image.png (scripts/generate-images.mjs); a jest test reads the file to keep them in step. */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const

export type SeoProps = {
  title: string
  description: string
  siteName: string
  siteUrl: string
  /** Path of this page, starting with "/" (the path prefix, if any, is added here). */
  path: string
  image: string
  twitter?: string | null
  /** Pages that must stay out of search results (the 404): no canonical, robots noindex. */
  noindex?: boolean
  /** Extra head elements, e.g. <JsonLd>. */
  children?: React.ReactNode
}

/** Title, description, canonical and social cards for Gatsby's Head API. */
export function Seo({ title, description, siteName, siteUrl, path, image, twitter, noindex = false, children }: SeoProps) {
  const pageUrl = absoluteUrl(siteUrl, withPrefix(path))
  const imageUrl = absoluteUrl(siteUrl, withPrefix(image))
  return (
    <>
      <html lang="fr" />
      <title>{title}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={pageUrl} />}
      <meta property="og:type" content="website" />
      <meta property="og:locale" content="fr_FR" />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {noindex ? null : <meta property="og:url" content={pageUrl} />}
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(OG_IMAGE_SIZE.width)} />
      <meta property="og:image:height" content={String(OG_IMAGE_SIZE.height)} />
      <meta property="og:image:alt" content={copy.seo.imageAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      {twitter ? <meta name="twitter:site" content={twitter} /> : null}
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={copy.seo.imageAlt} />
      {children}
    </>
  )
}
