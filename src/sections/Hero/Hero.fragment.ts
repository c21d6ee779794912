import { graphql } from "gatsby"

/**
 * What the hero reads from content/ (ClaimFields: the key figures it shares with the splash), in
 * GraphQL: the page query (src/pages/index.tsx) spreads these fragments and typegen turns each
 * into its props' type (Queries.<Name>Fragment). Gatsby finds this file by itself; nothing imports
 * it.
 */
export const heroCopyFragment = graphql`
  fragment HeroCopy on SiteHero {
    eyebrow
    title
    text
    button
    salesLabel
    ratingLabel
  }
  fragment ClaimFields on SiteClaim {
    value
    text
    format
    label
  }
`
