import { graphql } from "gatsby"

/**
 * What the brands section (and the footer's list) reads from content/, in GraphQL: the page query
 * (src/pages/index.tsx) spreads these fragments and typegen turns each into its props' type
 * (Queries.<Name>Fragment). Gatsby finds this file by itself; nothing imports it.
 */
export const brandCardFragment = graphql`
  fragment BrandCard on BrandsJsonItem {
    jsonId: id
    name
    text
  }
`
