/**
 * schema.org markup for search engines. Only facts the site states itself (name, address, logo,
 * description, shop profiles); no AggregateRating: Google ignores, and may penalise, ratings
 * an organisation publishes about itself.
 */

/** Emitted by gatsby-plugin-manifest from content/images/icon.png; Google wants a logo ≥ 112 px. */
export const LOGO_PATH = "/icons/icon-512x512.png"

export type Organization = {
  readonly "@context": "https://schema.org"
  readonly "@type": "Organization"
  readonly name: string
  readonly url: string
  readonly logo: string
  readonly description: string
  readonly sameAs: ReadonlyArray<string>
}

/** `siteUrl` + an already prefixed path, without a doubled slash. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`
}

type OrganizationInput = {
  readonly name: string
  readonly url: string
  readonly logo: string
  readonly description: string
  /** The marketplace profiles of the shops (content/shops.json). */
  readonly sameAs: ReadonlyArray<string>
}

export function organization({ name, url, logo, description, sameAs }: OrganizationInput): Organization {
  return { "@context": "https://schema.org", "@type": "Organization", name, url, logo, description, sameAs: [...sameAs] }
}

/** JSON for a <script type="application/ld+json">; `<` escaped so no value can close the tag. */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, "\\u003c")
}
