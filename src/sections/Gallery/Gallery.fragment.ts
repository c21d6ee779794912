import { graphql } from "gatsby"

/**
 * What a sold item's card reads from content/, in GraphQL: the page query (src/pages/index.tsx) spreads
 * these fragments and typegen turns each into its props' type (Queries.<Name>Fragment). Gatsby
 * finds this file by itself; nothing imports it.
 */
export const soldItemCardFragment = graphql`
  fragment SoldItemCard on SoldItemsJsonItem {
    jsonId: id
    brand
    title
    price
    views
    favorites
    category
    size
    condition
    url
    image {
      childImageSharp {
        # sizes follows the breakpoints of src/styles/tokens/breakpoints.ts (__tests__/image-sizes.test.ts holds it to them)
        gatsbyImageData(width: 400, aspectRatio: 0.8, layout: CONSTRAINED, sizes: "(min-width: 1100px) 270px, (min-width: 768px) 33vw, 50vw")
      }
    }
  }
`
