import { graphql } from "gatsby"

/**
 * What a news card reads from content/, in GraphQL: the page query (src/pages/index.tsx) spreads
 * these fragments and typegen turns each into its props' type (Queries.<Name>Fragment). Gatsby
 * finds this file by itself; nothing imports it.
 */
export const newsArticleFragment = graphql`
  fragment NewsArticle on NewsJsonItem {
    jsonId: id
    source
    title
    excerpt
    time
    status
    relevance
  }
`
