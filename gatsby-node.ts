import fs from "node:fs"
import path from "node:path"
import type { GatsbyNode } from "gatsby"
import site from "./content/site.json"
import { precompress } from "./scripts/precompress"
import { robotsTxt } from "./scripts/robots"
import { buildHeaders } from "./scripts/security-headers"
import { validateContent } from "./src/content/validate"

/** Stop the build before GraphQL runs when an editor's JSON is wrong, naming file and field. */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  const problems = validateContent(path.resolve(__dirname, "content"))
  if (problems.length > 0) {
    reporter.panic(
      `Contenu invalide (${problems.length} problème(s)) :\n${problems.map((line) => `  - ${line}`).join("\n")}`,
    )
  }
}

/**
 * Every content type is declared (no inference), so a removed optional field never
 * breaks a query and typegen gives exact types. Images resolve to File nodes for sharp.
 */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(`
    type SiteJson implements Node @dontInfer {
      name: String!
      tagline: String!
      seo: SiteSeo!
      nav: [SiteNavItem!]!
      hero: SiteHero!
      claims: [SiteClaim!]!
      fallbackStats: SiteFallbackStats!
      cta: SiteCta!
      footer: SiteFooter!
    }
    type SiteSeo { title: String!, description: String!, url: String!, image: String!, twitter: String }
    type SiteNavItem { id: String!, label: String! }
    type SiteHero { eyebrow: String!, title: String!, text: String!, button: String!, salesLabel: String!, ratingLabel: String! }
    type SiteClaim { value: Float, text: String, format: String!, label: String! }
    type SiteFallbackStats { totalSales: Int!, rating: Float! }
    type SiteCta { title: String!, text: String!, buttonPrefix: String! }
    type SiteFooter { about: String!, brandsTitle: String!, shopsTitle: String!, copyrightYear: Int!, copyright: String! }

    type SplashJson implements Node @dontInfer {
      title: String!
      text: String!
      enter: String!
      loading: String!
      cards: [SplashCard!]!
    }
    type SplashCard { icon: String!, title: String!, text: String! }

    type ShopsJson implements Node @dontInfer {
      jsonId: String!
      name: String!
      description: String!
      url: String!
      avatar: File! @fileByRelativePath
      badges: [String!]!
      stats: ShopStats!
    }
    type ShopStats { total_sales: Int!, rating: Float! }

    type BrandsJson implements Node @dontInfer {
      jsonId: String!
      name: String!
      text: String!
      wanted: Boolean!
    }

    type SoldItemsJson implements Node @dontInfer {
      jsonId: Int!
      brand: String!
      title: String!
      price: Float!
      image: File! @fileByRelativePath
      views: Int!
      favorites: Int!
      category: String!
    }

    type CategoriesJson implements Node @dontInfer {
      name: String!
    }

    type NewsJson implements Node @dontInfer {
      jsonId: String!
      source: String!
      title: String!
      excerpt: String!
      time: String!
      status: String!
      relevance: Float!
    }

    type EngineJson implements Node @dontInfer {
      expertise: EngineExpertise!
      panel: EnginePanel!
      slides: [EngineSlide!]!
    }
    type EngineExpertise { title: String!, intro: String!, steps: [EngineStep!]! }
    type EngineStep { title: String!, text: String! }
    type EnginePanel {
      title: String!
      subtitle: String!
      status: String!
      materialsTitle: String!
      materials: [String!]!
      analysisTitle: String!
      analysis: [EngineAnalysis!]!
    }
    type EngineAnalysis { label: String!, value: Float! }
    type EngineSlide { image: File! @fileByRelativePath, alt: String!, caption: String! }

    type BuybackJson implements Node @dontInfer {
      title: String!
      intro: String!
      promise: String!
      form: BuybackForm!
      whyTitle: String!
      why: [BuybackWhy!]!
      wantedTitle: String!
    }
    type BuybackForm {
      title: String!
      emailLabel: String!
      emailPlaceholder: String!
      emailInvalid: String!
      descriptionLabel: String!
      descriptionPlaceholder: String!
      photosLabel: String!
      photosHint: String!
      submit: String!
      submitting: String!
    }
    type BuybackWhy { title: String!, text: String! }

    type ChatJson implements Node @dontInfer {
      greeting: String!
      disclaimer: String!
      infoSaved: String!
      fallback: String!
    }
  `)
}

/**
 * After the HTML exists: robots.txt, brotli/gzip twins of the text files, and the `_headers` file whose CSP allows exactly the inline
 * scripts Gatsby wrote (by hash). The build fails if a page holds inline code no hash can allow.
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = ({ reporter, pathPrefix }) => {
  const publicDir = path.resolve(__dirname, "public")
  const files = fs
    .readdirSync(publicDir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => fs.statSync(path.join(publicDir, file)).isFile())
  const pages = files
    .filter((file) => file.endsWith(".html"))
    .map((file) => ({ file, html: fs.readFileSync(path.join(publicDir, file), "utf8") }))

  const headers = buildHeaders({ pages, files, env: process.env, pathPrefix })
  if (headers.problems.length > 0) {
    reporter.panic(`En-têtes de sécurité impossibles à générer :\n${headers.problems.map((line) => `  - ${line}`).join("\n")}`)
  }
  fs.writeFileSync(path.join(publicDir, "robots.txt"), robotsTxt(site.seo.url, pathPrefix))
  const compressed = precompress(publicDir)
  reporter.info(`brotli/gzip : ${compressed.files} fichiers texte, ${Math.round(compressed.bytes / 1000)} kB → ${Math.round(compressed.brotliBytes / 1000)} kB en brotli`)
  // Written last: the server rereads the build (rules, compressed twins) when this file changes.
  fs.writeFileSync(path.join(publicDir, "_headers"), headers.text)
  reporter.info(`_headers : CSP pour ${pages.length} fichier(s) HTML, ${headers.csp.match(/'sha256-/g)?.length ?? 0} script(s) inline hachés`)
}
