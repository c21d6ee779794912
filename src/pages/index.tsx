import "../stylesheet-order"
import React, { useCallback, useEffect, useMemo, useState } from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Brands } from "../sections/Brands"
import { Buyback } from "../sections/Buyback"
import { ChatLauncher } from "../components/Chat"
import { CtaBand } from "../sections/CtaBand"
import { EnginePanel } from "../sections/EnginePanel"
import { Expertise } from "../sections/Expertise"
import { Footer } from "../sections/Footer"
import { Gallery } from "../sections/Gallery"
import { Header } from "../sections/Header"
import { Hero } from "../sections/Hero"
import { Hydrated, LazyHydrate } from "../hydration"
import { News } from "../sections/News"
import { OrganizationJsonLd, Seo } from "../components/Seo"
import { Shops } from "../sections/Shops"
import { EstimateSkipLink, SkipLink } from "../components/SkipLink"
import { Splash } from "../sections/Splash"
import { useNews } from "../hooks/useNews"
import { useStoreStats } from "../hooks/useStoreStats"
import { scrollToSection, sectionInUrl } from "../lib/scroll-to-section"

type IndexData = Queries.IndexPageQuery

/**
 * The parts of the page that depend on the content only. Built once per page data, so the
 * page's own state changes (splash, store figures, news loading) re-render only what uses them,
 * and the sections below the fold (LazyHydrate) receive no update before they hydrate.
 */
function contentParts(data: IndexData) {
  const { site, engine, buyback, items, brands: brandsFile, shops: shopsFile } = data
  // Every content file is required (the build validates them): null only if one were missing.
  if (!site || !engine || !buyback || !items || !brandsFile || !shopsFile) return null
  const shops = shopsFile.nodes
  const brands = brandsFile.nodes
  const chat = data.chat ? <ChatLauncher content={data.chat} shopUrls={shops.map((shop) => shop.url)} /> : null
  return {
    header: (
      <Hydrated>
        <Header siteName={site.name} nav={site.nav} chat={chat} />
      </Hydrated>
    ),
    beforeNews: (
      <>
        <LazyHydrate id="hydrate-expertise">
          <Expertise expertise={engine.expertise} eyebrow={site.nav.find((item) => item.id === "expertise")?.label ?? ""} />
        </LazyHydrate>
        <LazyHydrate id="hydrate-marques">
          <Brands heading={brandsFile.heading} brands={brands} />
        </LazyHydrate>
        <LazyHydrate id="hydrate-moteur">
          <EnginePanel panel={engine.panel} slides={engine.slides} />
        </LazyHydrate>
        <LazyHydrate id="hydrate-galerie">
          <Gallery heading={items.heading} items={items.nodes} categories={(data.categories?.nodes ?? []).map((category) => category.name)} />
        </LazyHydrate>
        <LazyHydrate id="hydrate-rachat">
          <Buyback
            buyback={buyback}
            wantedBrands={brands.filter((brand) => brand.wanted).map((brand) => brand.name)}
            categories={(data.categories?.nodes ?? []).map((category) => category.name)}
          />
        </LazyHydrate>
      </>
    ),
    afterNews: (
      <>
        <LazyHydrate id="hydrate-boutiques">
          <Shops heading={shopsFile.heading} shops={shops} />
        </LazyHydrate>
        <LazyHydrate id="hydrate-cta">
          <CtaBand cta={site.cta} shops={shops} />
        </LazyHydrate>
      </>
    ),
    footer: (
      <LazyHydrate id="hydrate-pied">
        <Footer siteName={site.name} footer={site.footer} brands={brands} shops={shops} />
      </LazyHydrate>
    ),
  }
}

/** The single page: every section, rendered statically from content/*.json. */
export default function IndexPage({ data }: PageProps<IndexData>) {
  const { site, splash } = data
  const parts = useMemo(() => contentParts(data), [data])
  const [splashOpen, setSplashOpen] = useState(true)
  const storeTotals = useStoreStats()
  const news = useNews()
  // Its props change only once it has hydrated: the load starts when its own ref sees it.
  const newsSection = useMemo(
    () => (
      <LazyHydrate id="hydrate-actualites">
        {data.news ? <News heading={data.news.heading} articles={data.news.nodes} loading={news.loading} sectionRef={news.sectionRef} /> : null}
      </LazyHydrate>
    ),
    [data.news, news.loading, news.sectionRef],
  )

  // While the splash is open the page behind it is inert: no focus, no screen-reader browsing.
  // Once it closes, after `inert` is gone (focus() on an inert node is ignored), the section named
  // in the address (/#rachat) is shown and focused, as an anchor jump would; otherwise focus goes to <main>.
  useEffect(() => {
    const page = document.getElementById("page")
    if (!page) return
    if (splashOpen) {
      page.setAttribute("inert", "")
      return
    }
    page.removeAttribute("inert")
    const section = sectionInUrl()
    if (section) void scrollToSection(section, { behavior: "instant", history: "none" })
    else document.getElementById("contenu")?.focus()
  }, [splashOpen])

  const enter = useCallback(() => setSplashOpen(false), [])

  if (!site || !splash || !parts) return null

  return (
    <>
      {splashOpen ? (
        <Hydrated>
          <Splash splash={splash} claims={site.claims} onEnter={enter} />
        </Hydrated>
      ) : null}
      <div id="page" data-covered={splashOpen ? "" : undefined}>
        <SkipLink />
        <EstimateSkipLink />
        {parts.header}
        <main id="contenu" tabIndex={-1}>
          <Hydrated>
            <Hero hero={site.hero} claims={site.claims} stats={storeTotals ?? site.fallbackStats} verifiedText={site.tagline} />
          </Hydrated>
          {parts.beforeNews}
          {newsSection}
          {parts.afterNews}
        </main>
        {parts.footer}
      </div>
    </>
  )
}

export function Head({ data }: HeadProps<IndexData>) {
  const site = data.site
  if (!site) return null
  const { seo } = site
  return (
    <Seo title={seo.title} description={seo.description} siteName={site.name} siteUrl={seo.url} path="/" image={seo.image} twitter={seo.twitter}>
      <OrganizationJsonLd name={site.name} siteUrl={seo.url} description={seo.description} shopUrls={(data.shops?.nodes ?? []).map((shop) => shop.url)} />
    </Seo>
  )
}

/** The page's data: each section's fragment (beside the section, *.fragment.ts) and the SEO fields. */
export const query = graphql`
  query IndexPage {
    site: siteJson {
      name
      tagline
      seo {
        title
        description
        url
        image
        twitter
      }
      nav {
        ...NavItem
      }
      hero {
        ...HeroCopy
      }
      claims {
        ...ClaimFields
      }
      fallbackStats {
        totalSales
        rating
      }
      cta {
        ...CtaContent
      }
      footer {
        ...FooterContent
      }
    }
    splash: splashJson {
      ...SplashContent
    }
    engine: engineJson {
      expertise {
        ...ExpertiseContent
      }
      panel {
        ...EnginePanelContent
      }
      slides {
        ...EngineSlideContent
      }
    }
    items: soldItemsJson {
      heading {
        ...SectionHeadingContent
      }
      nodes: items {
        ...SoldItemCard
      }
    }
    categories: categoriesJson {
      nodes: items {
        name
      }
    }
    brands: brandsJson {
      heading {
        ...SectionHeadingContent
      }
      nodes: items {
        ...BrandCard
        wanted
      }
    }
    news: newsJson {
      heading {
        ...SectionHeadingContent
      }
      nodes: items {
        ...NewsArticle
      }
    }
    shops: shopsJson {
      heading {
        ...SectionHeadingContent
      }
      nodes: items {
        ...ShopCard
      }
    }
    chat: chatJson {
      ...ChatContent
    }
    buyback: buybackJson {
      ...BuybackContent
    }
  }
`
