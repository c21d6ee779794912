/**
 * The GraphQL types of content/*.json, every one declared (no inference): a removed optional
 * field never breaks a query, and typegen gives the sections exact types (Queries.*Fragment,
 * from the fragments beside each section). Images resolve to File nodes for sharp. A field
 * added to a content file is added here, to its JSON schema (content/schemas/) and to the
 * studio (static/admin/config.yml); __tests__/admin-config.test.ts compares the last two.
 * `@french`: a prose field, given French typography at build time (src/lib/typography.ts);
 * identifiers, addresses, formats and file paths are not.
 */
export const CONTENT_TYPES = `
    type SiteJson implements Node @dontInfer {
      name: String!
      tagline: String! @french
      seo: SiteSeo!
      nav: [SiteNavItem!]!
      hero: SiteHero!
      claims: [SiteClaim!]!
      fallbackStats: SiteFallbackStats!
      cta: SiteCta!
      footer: SiteFooter!
    }
    type SectionHeading { eyebrow: String! @french, title: String! @french, intro: String @french }
    type SiteSeo { title: String!, description: String!, url: String!, image: String!, twitter: String }
    type SiteNavItem { id: String!, label: String! }
    type SiteHero { eyebrow: String! @french, title: String! @french, text: String! @french, button: String! @french, salesLabel: String! @french, ratingLabel: String! @french }
    type SiteClaim { value: Float, text: String @french, format: String!, label: String! @french }
    type SiteFallbackStats { totalSales: Int!, rating: Float! }
    type SiteCta { title: String! @french, text: String! @french, buttonPrefix: String! @french }
    type SiteFooter { about: String! @french, brandsTitle: String! @french, shopsTitle: String! @french, copyrightYear: Int!, copyright: String! @french }

    type SplashJson implements Node @dontInfer {
      title: String! @french
      text: String! @french
      enter: String! @french
      loading: String! @french
      cards: [SplashCard!]!
    }
    type SplashCard { icon: String!, title: String! @french, text: String! @french }

    type ShopsJson implements Node @dontInfer { heading: SectionHeading!, items: [ShopsJsonItem!]! }
    type ShopsJsonItem {
      id: String!
      name: String!
      description: String! @french
      url: String!
      avatar: File! @fileByRelativePath
      badges: [String!]! @french
    }

    type BrandsJson implements Node @dontInfer { heading: SectionHeading!, items: [BrandsJsonItem!]! }
    type BrandsJsonItem {
      id: String!
      name: String!
      text: String! @french
      wanted: Boolean!
    }

    type SoldItemsJson implements Node @dontInfer { heading: SectionHeading!, items: [SoldItemsJsonItem!]! }
    type SoldItemsJsonItem {
      id: Int!
      brand: String!
      title: String! @french
      price: Float!
      image: File! @fileByRelativePath
      views: Int!
      favorites: Int!
      category: String!
      size: String
      condition: String
      url: String
    }

    type CategoriesJson implements Node @dontInfer { items: [CategoriesJsonItem!]! }
    type CategoriesJsonItem {
      name: String!
    }

    type NewsJson implements Node @dontInfer { heading: SectionHeading!, items: [NewsJsonItem!]! }
    type NewsJsonItem {
      id: String!
      source: String!
      title: String! @french
      excerpt: String! @french
      time: String!
      status: String!
      relevance: Float!
    }

    type EngineJson implements Node @dontInfer {
      expertise: EngineExpertise!
      panel: EnginePanel!
      slides: [EngineSlide!]!
    }
    type EngineExpertise { title: String! @french, intro: String! @french, steps: [EngineStep!]! }
    type EngineStep { title: String! @french, text: String! @french }
    type EnginePanel {
      eyebrow: String! @french
      title: String! @french
      subtitle: String! @french
      status: String! @french
      materialsTitle: String! @french
      materials: [String!]! @french
      analysisTitle: String! @french
      analysis: [EngineAnalysis!]!
    }
    type EngineAnalysis { label: String! @french, value: Float! }
    type EngineSlide { image: File! @fileByRelativePath, alt: String! @french, caption: String! @french }

    type BuybackJson implements Node @dontInfer {
      eyebrow: String! @french
      title: String! @french
      intro: String! @french
      promise: String! @french
      form: BuybackForm!
      whyTitle: String! @french
      why: [BuybackWhy!]!
      wantedTitle: String! @french
      grid: BuybackGrid!
      sale: BuybackSale!
    }
    type BuybackSale { offerDelay: String! @french, address: String!, send: String! @french, dropOff: String! @french, postage: String!, postageRefundMax: Float!, returnCost: String! @french, paymentDays: Int! }
    type BuybackGrid { share: Float!, conditions: [BuybackCondition!]!, prices: [BuybackPrice!]! }
    type BuybackCondition { condition: String!, low: Float!, high: Float! }
    type BuybackPrice { brand: String!, category: String!, price: Float! }
    type BuybackForm {
      title: String! @french
      emailLabel: String! @french
      emailPlaceholder: String!
      emailInvalid: String! @french
      descriptionLabel: String! @french
      descriptionPlaceholder: String! @french
      photosLabel: String! @french
      photosHint: String! @french
      submit: String! @french
      submitting: String! @french
      brandLabel: String! @french
      otherBrand: String!
      categoryLabel: String! @french
      conditionLabel: String! @french
      choose: String!
      rangeLabel: String! @french
      rangeNote: String! @french
      noRange: String! @french
      privacyNotice: String! @french
    }
    type BuybackWhy { title: String! @french, text: String! @french }

    type ChatJson implements Node @dontInfer {
      greeting: String! @french
      suggestions: [String!] @french
      disclaimer: String! @french
      infoSaved: String! @french
      privacyNotice: String! @french
    }
  
    type LegalJson implements Node @dontInfer {
      mentionsTitle: String! @french
      mentionsIntro: String! @french
      publisher: LegalPublisher!
      host: LegalHost!
      privacyTitle: String! @french
      privacyIntro: String! @french
      privacy: [LegalPart!]!
    }
    type LegalPublisher { name: String!, legalForm: String! @french, address: String!, registration: String!, vat: String!, director: String!, email: String!, phone: String! }
    type LegalHost { name: String!, address: String!, phone: String! }
    type LegalPart { title: String! @french, paragraphs: [String!]! @french }
`
