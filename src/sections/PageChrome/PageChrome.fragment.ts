import { graphql } from "gatsby"

/**
 * What a page other than the home page reads to wear the site's header, footer and chat (the 404
 * and the legal pages): spread in its page query, beside the page's own text.
 */
export const fragment = graphql`
  fragment PageChrome on Query {
    site: siteJson {
      name
      seo {
        url
        image
        twitter
      }
      nav {
        ...NavItem
      }
      footer {
        ...FooterContent
      }
    }
    brands: brandsJson {
      nodes: items {
        jsonId: id
        name
      }
    }
    shops: shopsJson {
      nodes: items {
        ...ShopLink
      }
    }
    chat: chatJson {
      ...ChatContent
    }
  }
`
