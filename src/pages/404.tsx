import "../stylesheet-order"
import React from "react"
import { graphql, withPrefix, type HeadProps, type PageProps } from "gatsby"
import { ChatLauncher } from "../components/Chat"
import { Footer } from "../sections/Footer"
import { Header } from "../sections/Header"
import { NotFound } from "../components/NotFound"
import { Seo } from "../components/Seo"
import { SkipLink } from "../components/SkipLink"
import { copy } from "../copy"

type NotFoundData = Queries.NotFoundPageQuery

/**
 * Any unknown address. The header's section links lead back to the home page's anchors; no
 * splash here, the visitor is already on the site and wants to find their way. The chat is
 * mounted as on the home page (spec: available on every page).
 */
export default function NotFoundPage({ data }: PageProps<NotFoundData>) {
  const { site } = data
  if (!site) return null
  return (
    <>
      <SkipLink />
      <Header
        siteName={site.name}
        nav={site.nav}
        linkBase={withPrefix("/")}
        chat={data.chat ? <ChatLauncher content={data.chat} shopUrls={(data.shops?.nodes ?? []).map((shop) => shop.url)} linkBase={withPrefix("/")} /> : null}
      />
      <main id="contenu" tabIndex={-1}>
        <NotFound />
      </main>
      <Footer siteName={site.name} footer={site.footer} brands={data.brands?.nodes ?? []} shops={data.shops?.nodes ?? []} />
    </>
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
    site: siteJson {
      name
      seo {
        url
        image
        twitter
      }
      nav {
        ...NavItem
      }
      footer {
        ...FooterContent
      }
    }
    brands: brandsJson {
      nodes: items {
        jsonId: id
        name
      }
    }
    shops: shopsJson {
      nodes: items {
        ...ShopLink
      }
    }
    chat: chatJson {
      ...ChatContent
    }
  }
`
