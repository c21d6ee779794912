import "../stylesheet-order"
import React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { NotFound } from "../components/NotFound"
import { Seo } from "../components/Seo"
import { PageChrome } from "../sections/PageChrome"
import { copy } from "../copy"

type NotFoundData = Queries.NotFoundPageQuery

/**
 * Any unknown address. The header's section links lead back to the home page's anchors; no
 * splash here, the visitor is already on the site and wants to find their way. The chat is
 * mounted as on the home page (spec: available on every page).
 */
export default function NotFoundPage({ data }: PageProps<NotFoundData>) {
  return (
    <PageChrome chrome={data}>
      <NotFound />
    </PageChrome>
  )
}

export function Head({ data }: HeadProps<NotFoundData>) {
  const site = data.site
  if (!site) return null
  return (
    <Seo
      title={`${copy.notFound.title} – ${site.name}`}
      description={copy.notFound.text}
      siteName={site.name}
      siteUrl={site.seo.url}
      path="/404/"
      image={site.seo.image}
      twitter={site.seo.twitter}
      noindex
    />
  )
}

export const query = graphql`
  query NotFoundPage {
    ...PageChrome
  }
`
