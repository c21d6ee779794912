/**
 * The few site.json values gatsby-config needs, read without `import` so that a broken site.json
 * no longer stops Gatsby before the validator runs: the French problem is printed here, the
 * values fall back to neutral ones, and onPreBootstrap's validation then reports it like any
 * other content error (build stops; develop shows it in the browser until it is fixed).
 */
import path from "node:path"
import { readJsonFile } from "./json-file"

/** The site's icon (gatsby-plugin-manifest), relative to the project: a photo of content/images/ no content file names. */
export const SITE_ICON = "content/images/icon.png"

export type SiteConfigValues = { name: string; seo: { title: string; description: string; url: string } }

const FALLBACK: SiteConfigValues = { name: "maxAi", seo: { title: "maxAi", description: "", url: "https://example.invalid" } }

export function readSiteForConfig(contentDir: string): SiteConfigValues {
  const read = readJsonFile(path.join(contentDir, "site.json"), "content/site.json")
  const site = read.data as Partial<SiteConfigValues> | undefined
  if (read.problem !== undefined || typeof site?.name !== "string" || typeof site.seo?.url !== "string") {
    console.error(read.problem ?? "content/site.json : name ou seo.url manquant")
    return FALLBACK
  }
  return site as SiteConfigValues
}
