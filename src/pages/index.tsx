import React, { useCallback, useEffect, useState } from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Brands } from "../components/Brands"
import { Buyback } from "../components/Buyback"
import { CtaBand } from "../components/CtaBand"
import { EnginePanel } from "../components/EnginePanel"
import { Expertise } from "../components/Expertise"
import { Footer } from "../components/Footer"
import { Gallery } from "../components/Gallery"
import { Header } from "../components/Header"
import { Hero } from "../components/Hero"
import { News } from "../components/News"
import { Seo } from "../components/Seo"
import { Shops } from "../components/Shops"
import { SkipLink } from "../components/SkipLink"
import { Splash } from "../components/Splash"

type IndexData = Queries.IndexPageQuery

/** The single page: every section, rendered statically from content/*.json. */
export default function IndexPage({ data }: PageProps<IndexData>) {
  const { site, splash, engine, buyback } = data
  const [splashOpen, setSplashOpen] = useState(true)

  // While the splash is open the page behind it is inert: no focus, no screen-reader browsing.
  useEffect(() => {
    const page = document.getElementById("page")
    if (!page) return
    if (splashOpen) page.setAttribute("inert", "")
    else page.removeAttribute("inert")
  }, [splashOpen])

  const enter = useCallback(() => {
    setSplashOpen(false)
    window.requestAnimationFrame(() => document.getElementById("contenu")?.focus())
  }, [])

  if (!site || !splash || !engine || !buyback) return null
  const shops = data.shops.nodes
  const brands = data.brands.nodes

  return (
    <>
      {splashOpen ? <Splash splash={splash} claims={site.claims} onEnter={enter} /> : null}
      <div id="page">
        <SkipLink />
        <Header siteName={site.name} nav={site.nav} />
        <main id="contenu" tabIndex={-1}>
          <Hero hero={site.hero} claims={site.claims} stats={site.fallbackStats} verifiedText={site.tagline} />
          <Expertise expertise={engine.expertise} eyebrow={site.nav.find((item) => item.id === "expertise")?.label ?? ""} />
          <Brands brands={brands} />
          <EnginePanel panel={engine.panel} slides={engine.slides} />
          <Gallery items={data.items.nodes} categories={data.categories.nodes.map((category) => category.name)} />
          <Buyback buyback={buyback} wantedBrands={brands.filter((brand) => brand.wanted).map((brand) => brand.name)} />
          <News articles={data.news.nodes} />
          <Shops shops={shops} />
          <CtaBand cta={site.cta} shops={shops} />
        </main>
        <Footer siteName={site.name} footer={site.footer} brands={brands} shops={shops} />
      </div>
    </>
  )
}

export function Head({ data }: HeadProps<IndexData>) {
  const seo = data.site?.seo
  if (!seo) return null
  return <Seo title={seo.title} description={seo.description} siteUrl={seo.url} path="/" image={seo.image} twitter={seo.twitter} />
}

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
        id
        label
      }
      hero {
        eyebrow
        title
        text
        button
        salesLabel
        ratingLabel
      }
      claims {
        value
        text
        format
        label
      }
      fallbackStats {
        totalSales
        rating
      }
      cta {
        title
        text
        buttonPrefix
      }
      footer {
        about
        brandsTitle
        shopsTitle
        copyrightYear
        copyright
      }
    }
    splash: splashJson {
      title
      text
      enter
      loading
      cards {
        icon
        title
        text
      }
    }
    engine: engineJson {
      expertise {
        title
        intro
        steps {
          title
          text
        }
      }
      panel {
        title
        subtitle
        status
        materialsTitle
        materials
        analysisTitle
        analysis {
          label
          value
        }
      }
      slides {
        alt
        caption
        image {
          childImageSharp {
            gatsbyImageData(width: 720, aspectRatio: 1.3333, layout: CONSTRAINED, sizes: "(min-width: 960px) 620px, 100vw")
          }
        }
      }
    }
    items: allSoldItemsJson(sort: { jsonId: ASC }) {
      nodes {
        jsonId
        brand
        title
        price
        views
        favorites
        category
        image {
          childImageSharp {
            gatsbyImageData(
              width: 400
              aspectRatio: 0.8
              layout: CONSTRAINED
              sizes: "(min-width: 1100px) 270px, (min-width: 768px) 33vw, 50vw"
            )
          }
        }
      }
    }
    categories: allCategoriesJson {
      nodes {
        name
      }
    }
    brands: allBrandsJson {
      nodes {
        jsonId
        name
        text
        wanted
      }
    }
    news: allNewsJson {
      nodes {
        jsonId
        source
        title
        excerpt
        time
        status
        relevance
      }
    }
    shops: allShopsJson {
      nodes {
        jsonId
        name
        description
        url
        badges
        avatar {
          childImageSharp {
            gatsbyImageData(width: 64, height: 64, layout: FIXED)
          }
        }
      }
    }
    buyback: buybackJson {
      title
      intro
      promise
      form {
        title
        emailLabel
        emailPlaceholder
        emailInvalid
        descriptionLabel
        descriptionPlaceholder
        photosLabel
        photosHint
        submit
        submitting
      }
      whyTitle
      why {
        title
        text
      }
      wantedTitle
    }
  }
`

