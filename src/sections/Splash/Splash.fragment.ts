import { graphql } from "gatsby"

/**
 * What the splash reads from content/, in GraphQL: the page query (src/pages/index.tsx) spreads
 * these fragments and typegen turns each into its props' type (Queries.<Name>Fragment). Gatsby
 * finds this file by itself; nothing imports it.
 */
export const splashContentFragment = graphql`
  fragment SplashContent on SplashJson {
    title
    text
    enter
    loading
    cards {
      icon
      title
      text
    }
  }
`
