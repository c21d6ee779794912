import type { GatsbyConfig } from "gatsby"
import { readSiteForConfig, SITE_ICON } from "./build-steps/content/site-config"
import { isPublicationBuild } from "./build-steps/publication-build"
import { brand, lightPalette } from "./src/styles/tokens/palette"

const site = readSiteForConfig(`${__dirname}/content`)

const config: GatsbyConfig = {
  siteMetadata: {
    title: site.seo.title,
    description: site.seo.description,
    siteUrl: site.seo.url,
  },
  // The studio's republication builds in a workspace whose types nobody reads: it skips writing them.
  graphqlTypegen: isPublicationBuild(process.env) ? false : { generateOnBuild: true, typesOutputPath: "src/__generated__/gatsby-types.d.ts" },
  trailingSlash: "always",
  // Only for a site served under a sub-path: `PATH_PREFIX=/boutique npm run build:prefixed`.
  ...(process.env.PATH_PREFIX ? { pathPrefix: process.env.PATH_PREFIX } : {}),
  plugins: [
    "gatsby-plugin-vanilla-extract",
    "gatsby-plugin-image",
    {
      resolve: "gatsby-plugin-sharp",
      options: {
        defaults: {
          formats: ["auto", "avif", "webp"],
          placeholder: "blurred",
          quality: 70,
        },
      },
    },
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      options: {
        name: "content",
        path: `${__dirname}/content`,
        // Schemas and the editors' guide are not site data.
        ignore: ["**/schemas/**", "**/README.md"],
      },
    },
    {
      resolve: "gatsby-transformer-json",
      options: {
        // One GraphQL type per file (site.json → SiteJson); the default names object files after their folder.
        typeName: ({ node }: { node: { name: string } }) =>
          `${node.name.replace(/(^|-)(\w)/g, (_match: string, _dash: string, letter: string) => letter.toUpperCase())}Json`,
      },
    },
    "gatsby-plugin-sitemap",
    {
      resolve: "gatsby-plugin-manifest",
      options: {
        name: site.name,
        short_name: site.name,
        description: site.seo.description,
        lang: "fr",
        start_url: "/",
        background_color: lightPalette.bg,
        theme_color: brand.indigo,
        display: "standalone",
        // Our own meta follows the visitor's theme (gatsby-ssr); the plugin's would duplicate it.
        theme_color_in_head: false,
        icon: SITE_ICON,
        // The icon is linked from our own Head; no cache-busting digest keeps its URL stable.
        cache_busting_mode: "none",
      },
    },
  ],
}

export default config
