import fs from "node:fs"
import path from "node:path"
import type { NextFunction, Request, Response } from "express"
import type { GatsbyNode } from "gatsby"
import { buildAdminPreview } from "./gatsby/admin-preview"
import { precompress } from "./gatsby/precompress"
import { robotsTxt } from "./gatsby/robots"
import { buildHeaders } from "./gatsby/security-headers"
import { problemsPage, problemsText } from "./gatsby/content/report"
import { readSiteForConfig } from "./gatsby/content/site-config"
import { validateContent } from "./gatsby/content/validate"

const CONTENT_DIR = path.resolve(__dirname, "content")
/** The files of Decap's standalone bundle the admin loads (entry, lazy chunks, wasm). */
const DECAP_FILE = /decap-cms\.js$|\.wasm$/
const isDevelop = process.env.gatsby_executing_command === "develop"
/** Polled by the problems page develop shows, so it reloads once the content is fixed. */
const STATUS_PATH = "/__contenu/etat"

/** The last validation's problems (develop keeps it current on every save in content/). */
let currentProblems: string[] = []

async function revalidate(reporter: Parameters<NonNullable<GatsbyNode["onPreBootstrap"]>>[0]["reporter"]): Promise<void> {
  const before = currentProblems.length
  currentProblems = await validateContent(CONTENT_DIR)
  if (currentProblems.length > 0) reporter.error(problemsText(currentProblems))
  else if (before > 0) reporter.success("Contenu corrigé : tous les fichiers de content/ respectent leur schéma.")
}

/**
 * Build: stop before GraphQL runs when an editor's content is wrong, naming file and field.
 * Develop: report it, keep running, and revalidate on every change in content/.
 */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = async ({ reporter }) => {
  await revalidate(reporter)
  if (!isDevelop) {
    if (currentProblems.length > 0) reporter.panic(problemsText(currentProblems))
    return
  }
  let timer: NodeJS.Timeout | undefined
  fs.watch(CONTENT_DIR, { recursive: true }, () => {
    clearTimeout(timer)
    // An editor's save is often several writes (temp file, rename): validate once they settle.
    timer = setTimeout(() => void revalidate(reporter), 250)
  }).unref()
}

/**
 * The content studio's code: Decap's standalone bundle (it carries its own React, so nothing of
 * it enters the site's webpack graph). The build copies it next to static/admin/; develop serves
 * it from node_modules (develop empties public/ after onPreBootstrap).
 */
function decapDist(): string {
  return path.resolve(__dirname, "node_modules", "decap-cms", "dist")
}

function copyDecapBundle(): void {
  const from = decapDist()
  const to = path.resolve(__dirname, "public", "admin", "decap")
  fs.mkdirSync(to, { recursive: true })
  for (const file of fs.readdirSync(from)) {
    if (DECAP_FILE.test(file)) fs.copyFileSync(path.join(from, file), path.join(to, file))
  }
}

/** Develop's copy of the studio's previews, bundled when the dev server starts. */
const DEV_PREVIEW_DIR = path.resolve(__dirname, ".cache", "admin-preview")

/** While content is invalid, develop's pages show the French problems instead of the site. */
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = async ({ app }) => {
  await buildAdminPreview(DEV_PREVIEW_DIR)
  app.get("/admin/", (_req: Request, res: Response) => res.sendFile(path.resolve(__dirname, "static", "admin", "index.html")))
  // preview.js, preview.css and the fonts they use; the studio's other files come from static/admin/.
  app.get("/admin/:file", (req: Request, res: Response, next: NextFunction) => {
    const file = path.join(DEV_PREVIEW_DIR, path.basename(String(req.params.file)))
    if (!fs.existsSync(file)) return next()
    res.sendFile(file)
  })
  app.get("/admin/decap/:file", (req: Request, res: Response, next: NextFunction) => {
    const file = String(req.params.file)
    if (!DECAP_FILE.test(file) || file.includes("/")) return next()
    res.sendFile(path.join(decapDist(), file))
  })
  // Where the admin finds decap-server (npm run edit sets DECAP_SERVER_PORT).
  app.get("/__contenu/decap", (_req: Request, res: Response) => {
    const port = Number(process.env.DECAP_SERVER_PORT ?? 8081)
    res.set("Cache-Control", "no-store").json({ local_backend: { url: `http://localhost:${port}/api/v1`, allowed_hosts: ["localhost", "127.0.0.1"] } })
  })
  app.get(STATUS_PATH, (_req: Request, res: Response) => {
    res.set("Cache-Control", "no-store").json({ valid: currentProblems.length === 0, problems: currentProblems })
  })
  app.use((req: Request, res: Response, next: NextFunction) => {
    const wantsPage = req.method === "GET" && (req.headers.accept ?? "").includes("text/html") && !req.path.startsWith("/admin")
    if (currentProblems.length === 0 || !wantsPage) return next()
    res.status(500).set("Cache-Control", "no-store").type("html").send(problemsPage(currentProblems, STATUS_PATH))
  })
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

    type ShopsJson implements Node @dontInfer { items: [ShopsJsonItem!]! }
    type ShopsJsonItem {
      id: String!
      name: String!
      description: String!
      url: String!
      avatar: File! @fileByRelativePath
      badges: [String!]!
      stats: ShopStats!
    }
    type ShopStats { total_sales: Int!, rating: Float! }

    type BrandsJson implements Node @dontInfer { items: [BrandsJsonItem!]! }
    type BrandsJsonItem {
      id: String!
      name: String!
      text: String!
      wanted: Boolean!
    }

    type SoldItemsJson implements Node @dontInfer { items: [SoldItemsJsonItem!]! }
    type SoldItemsJsonItem {
      id: Int!
      brand: String!
      title: String!
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

    type NewsJson implements Node @dontInfer { items: [NewsJsonItem!]! }
    type NewsJsonItem {
      id: String!
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
      suggestions: [String!]
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
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter, pathPrefix }) => {
  copyDecapBundle()
  await buildAdminPreview(path.resolve(__dirname, "public", "admin"))
  const publicDir = path.resolve(__dirname, "public")
  const files = fs
    .readdirSync(publicDir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => fs.statSync(path.join(publicDir, file)).isFile())
  const pages = files.filter((file) => file.endsWith(".html")).map((file) => ({ file, html: fs.readFileSync(path.join(publicDir, file), "utf8") }))

  const headers = buildHeaders({ pages, files, env: process.env, pathPrefix })
  if (headers.problems.length > 0) {
    reporter.panic(`En-têtes de sécurité impossibles à générer :\n${headers.problems.map((line) => `  - ${line}`).join("\n")}`)
  }
  fs.writeFileSync(path.join(publicDir, "robots.txt"), robotsTxt(readSiteForConfig(CONTENT_DIR).seo.url, pathPrefix))
  const compressed = precompress(publicDir)
  reporter.info(
    `brotli/gzip : ${compressed.files} fichiers texte, ${Math.round(compressed.bytes / 1000)} kB → ${Math.round(compressed.brotliBytes / 1000)} kB en brotli`,
  )
  // Written last: the server rereads the build (rules, compressed twins) when this file changes.
  fs.writeFileSync(path.join(publicDir, "_headers"), headers.text)
  reporter.info(`_headers : CSP pour ${pages.length} fichier(s) HTML, ${headers.csp.match(/'sha256-/g)?.length ?? 0} script(s) inline hachés`)
}
