import { graphql } from "gatsby"

/**
 * What the footer reads from content/, in GraphQL: the page query (src/pages/index.tsx) spreads
 * these fragments and typegen turns each into its props' type (Queries.<Name>Fragment). Gatsby
 * finds this file by itself; nothing imports it.
 */
export const footerContentFragment = graphql`
  fragment FooterContent on SiteFooter {
    about
    brandsTitle
    shopsTitle
    copyrightYear
    copyright
  }
`
