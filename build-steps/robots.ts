/**
 * robots.txt written at build time, so the sitemap address follows content/site.json's `seo.url`.
 * The content studio (/admin/) is disallowed: it is a tool, not a page to index.
 */
export function robotsTxt(siteUrl: string, pathPrefix = ""): string {
  return `User-agent: *\nAllow: /\nDisallow: ${pathPrefix}/admin/\n\nSitemap: ${siteUrl.replace(/\/+$/, "")}${pathPrefix}/sitemap-index.xml\n`
}
