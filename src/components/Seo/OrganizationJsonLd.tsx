import React from "react"
import { withPrefix } from "gatsby"
import { LOGO_PATH, absoluteUrl, organization } from "../../lib/structured-data"
import { JsonLd } from "./JsonLd"

type OrganizationJsonLdProps = {
  name: string
  siteUrl: string
  description: string
  /** Marketplace profiles of the shops, from content/shops.json. */
  shopUrls: ReadonlyArray<string>
}

/** The seller as a schema.org Organization, its shop profiles as `sameAs`. */
export function OrganizationJsonLd({ name, siteUrl, description, shopUrls }: OrganizationJsonLdProps) {
  return (
    <JsonLd
      data={organization({
        name,
        url: absoluteUrl(siteUrl, withPrefix("/")),
        logo: absoluteUrl(siteUrl, withPrefix(LOGO_PATH)),
        description,
        sameAs: shopUrls,
      })}
    />
  )
}
