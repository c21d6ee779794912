import { graphql } from "gatsby"

/**
 * What a shop's card reads from content/ (ShopLink: what the CTA band and the footer need to link
 * to a shop), in GraphQL: the page query (src/pages/index.tsx) spreads these fragments and typegen
 * turns each into its props' type (Queries.<Name>Fragment). Gatsby finds this file by itself;
 * nothing imports it.
 */
export const shopCardFragment = graphql`
  fragment ShopCard on ShopsJsonItem {
    ...ShopLink
    description
    badges
    avatar {
      childImageSharp {
        gatsbyImageData(width: 64, height: 64, layout: FIXED)
      }
    }
  }
  fragment ShopLink on ShopsJsonItem {
    jsonId: id
    name
    url
  }
`
