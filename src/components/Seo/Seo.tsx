import React from "react"

export type SeoProps = {
  title: string
  description: string
  siteUrl: string
  /** Path of this page, starting with "/" */
  path: string
  image: string
  twitter?: string | null
}

/** Title, description, canonical and social cards for Gatsby's Head API. */
export function Seo({ title, description, siteUrl, path, image, twitter }: SeoProps) {
  const canonical = `${siteUrl}${path}`
  const imageUrl = `${siteUrl}${image}`
  return (
    <>
      <html lang="fr" />
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content="fr_FR" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={imageUrl} />
      <meta name="twitter:card" content="summary_large_image" />
      {twitter ? <meta name="twitter:site" content={twitter} /> : null}
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
    </>
  )
}
