/** robots.txt written at build time, so the sitemap address follows content/site.json's `seo.url`. */
export function robotsTxt(siteUrl: string, pathPrefix = ""): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl.replace(/\/+$/, "")}${pathPrefix}/sitemap-index.xml\n`
}
