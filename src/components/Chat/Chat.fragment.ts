import { graphql } from "gatsby"

/**
 * What the chat widget reads from content/, in GraphQL: the page query (src/pages/index.tsx) spreads
 * these fragments and typegen turns each into its props' type (Queries.<Name>Fragment). Gatsby
 * finds this file by itself; nothing imports it.
 */
export const chatContentFragment = graphql`
  fragment ChatContent on ChatJson {
    greeting
    suggestions
    disclaimer
    infoSaved
    privacyNotice
  }
`
