import { graphql } from "gatsby"

/**
 * What the AI panel reads from content/, in GraphQL: the page query (src/pages/index.tsx) spreads
 * these fragments and typegen turns each into its props' type (Queries.<Name>Fragment). Gatsby
 * finds this file by itself; nothing imports it.
 */
export const enginePanelContentFragment = graphql`
  fragment EnginePanelContent on EnginePanel {
    eyebrow
    title
    subtitle
    status
    materialsTitle
    materials
    analysisTitle
    analysis {
      label
      value
    }
  }
  fragment EngineSlideContent on EngineSlide {
    alt
    caption
    image {
      childImageSharp {
        # sizes follows the breakpoints of src/styles/tokens/breakpoints.ts (__tests__/image-sizes.test.ts holds it to them)
        gatsbyImageData(width: 720, aspectRatio: 1.3333, layout: CONSTRAINED, sizes: "(min-width: 960px) 620px, 100vw")
      }
    }
  }
`
