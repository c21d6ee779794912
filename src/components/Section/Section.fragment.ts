import { graphql } from "gatsby"

/**
 * The heading editors give a list section in its content file (`heading` of brands.json,
 * sold-items.json, news.json, shops.json), in GraphQL: the page query spreads this fragment and
 * typegen turns it into the `heading` prop's type (Queries.SectionHeadingContentFragment).
 * Gatsby finds this file by itself; nothing imports it.
 */
export const sectionHeadingContentFragment = graphql`
  fragment SectionHeadingContent on SectionHeading {
    eyebrow
    title
    intro
  }
`
