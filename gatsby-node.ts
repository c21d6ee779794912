import fs from "node:fs"
import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { buildAdminPreview } from "./build-steps/admin-preview"
import { addDevelopRoutes } from "./build-steps/develop-server"
import { copyDecapBundle } from "./build-steps/studio-bundle"
import { buildStudioRules } from "./build-steps/studio-rules"
import { precompress } from "./build-steps/precompress"
import { robotsTxt } from "./build-steps/robots"
import { loadScriptsAfterPaint } from "./build-steps/scripts-after-paint"
import { CONTENT_TYPES } from "./build-steps/schema"
import { frenchTypography } from "./src/lib/typography"
import { buildHeaders } from "./build-steps/security-headers"
import { orphanPhotoWarnings, orphansText } from "./build-steps/content/orphans"
import { placeholdersText, placeholderWarnings } from "./build-steps/content/placeholders"
import { problemsText } from "./build-steps/content/report"
import { readSiteForConfig } from "./build-steps/content/site-config"
import { validateContent } from "./build-steps/content/validate"
import { contentCheckedBefore } from "./build-steps/publication-build"

const CONTENT_DIR = path.resolve(__dirname, "content")
const isDevelop = process.env.gatsby_executing_command === "develop"

/** The last validation's problems (develop keeps it current on every save in content/). */
let currentProblems: string[] = []

async function revalidate(reporter: Parameters<NonNullable<GatsbyNode["onPreBootstrap"]>>[0]["reporter"]): Promise<void> {
  const before = currentProblems.length
  currentProblems = await validateContent(CONTENT_DIR)
  if (currentProblems.length > 0) reporter.error(problemsText(currentProblems))
  else if (before > 0) reporter.success("Contenu corrigé : tous les fichiers de content/ respectent leur schéma.")
  // A placeholder (« [À COMPLÉTER : …] ») is valid content: a warning, never a failed build.
  const placeholders = placeholderWarnings(CONTENT_DIR)
  if (placeholders.length > 0) reporter.warn(placeholdersText(placeholders))
  // So is a photo no content names any more (a deleted item's): named, for the owner to delete.
  const orphans = orphanPhotoWarnings(CONTENT_DIR)
  if (orphans.length > 0) reporter.warn(orphansText(orphans))
}

/**
 * Build: stop before GraphQL runs when an editor's content is wrong, naming file and field
 * (fields still to complete are only warned about); but for the studio's republication of content
 * its saves checked.
 * Develop: report it, keep running, and revalidate on every change in content/.
 */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = async ({ reporter }) => {
  // The studio's republication after its saves: each save validated the whole content with this
  // same validator (build-steps/publication-build.ts); decoding every photo again took seconds.
  if (!isDevelop && contentCheckedBefore(process.env, __dirname)) {
    reporter.info("contenu déjà validé en entier par le studio à l'enregistrement")
    return
  }
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

/** While content is invalid, develop's pages show the French problems instead of the site (build-steps/develop-server.ts). */
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = async ({ app }) => {
  await addDevelopRoutes(app, () => currentProblems)
}

/** The content's GraphQL types (build-steps/schema.ts); `@french` fields pass through the typography step. */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createFieldExtension({
    name: "french",
    extend: () => ({
      resolve: (source: Record<string, unknown>, _args: unknown, _context: unknown, info: { fieldName: string }) => {
        const value = source[info.fieldName]
        if (typeof value === "string") return frenchTypography(value)
        return Array.isArray(value) ? value.map((entry) => (typeof entry === "string" ? frenchTypography(entry) : entry)) : value
      },
    }),
  })
  actions.createTypes(CONTENT_TYPES)
}

/**
 * After the HTML exists, in this order: each page made to load its scripts after the first paint
 * (build-steps/scripts-after-paint.ts); then, from those final pages, the `_headers` file whose CSP
 * allows exactly their inline scripts (by hash; the build fails if a page holds inline code no
 * hash can allow), robots.txt and the brotli/gzip twins of the text files.
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter, pathPrefix }) => {
  copyDecapBundle(path.resolve(__dirname, "public"))
  await buildAdminPreview(path.resolve(__dirname, "public", "admin"))
  await buildStudioRules(path.resolve(__dirname, "public", "admin"))
  const publicDir = path.resolve(__dirname, "public")
  const files = fs
    .readdirSync(publicDir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => fs.statSync(path.join(publicDir, file)).isFile())
  let rewritten = 0
  const pages = files
    .filter((file) => file.endsWith(".html"))
    .map((file) => {
      const built = fs.readFileSync(path.join(publicDir, file), "utf8")
      const html = loadScriptsAfterPaint(built)
      if (html !== built) {
        fs.writeFileSync(path.join(publicDir, file), html)
        rewritten += 1
      }
      return { file, html }
    })
  reporter.info(`scripts après le premier affichage : ${rewritten} page(s) HTML`)

  const headers = buildHeaders({ pages, files, env: process.env, pathPrefix })
  if (headers.problems.length > 0) {
    reporter.panic(`En-têtes de sécurité impossibles à générer :\n${headers.problems.map((line) => `  - ${line}`).join("\n")}`)
  }
  fs.writeFileSync(path.join(publicDir, "robots.txt"), robotsTxt(readSiteForConfig(CONTENT_DIR).seo.url, pathPrefix))
  const compressed = precompress(publicDir, path.resolve(__dirname, ".cache", "precompressed"))
  reporter.info(
    `brotli/gzip : ${compressed.files} fichiers texte (${compressed.reused} déjà compressés), ${Math.round(compressed.bytes / 1000)} kB → ${Math.round(compressed.brotliBytes / 1000)} kB en brotli`,
  )
  // Written last: the server rereads the build (rules, compressed twins) when this file changes.
  fs.writeFileSync(path.join(publicDir, "_headers"), headers.text)
  reporter.info(`_headers : CSP pour ${pages.length} fichier(s) HTML, ${headers.csp.match(/'sha256-/g)?.length ?? 0} script(s) inline hachés`)
}
