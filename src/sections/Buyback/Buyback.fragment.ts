import { graphql } from "gatsby"

/**
 * What the buy-back section and its form reads from content/, in GraphQL: the page query (src/pages/index.tsx) spreads
 * these fragments and typegen turns each into its props' type (Queries.<Name>Fragment). Gatsby
 * finds this file by itself; nothing imports it.
 */
export const buybackContentFragment = graphql`
  fragment BuybackContent on BuybackJson {
    eyebrow
    title
    intro
    promise
    form {
      ...EstimateFormCopy
    }
    whyTitle
    why {
      title
      text
    }
    wantedTitle
    sale {
      offerDelay
    }
    grid {
      share
      conditions {
        condition
        low
        high
      }
      prices {
        brand
        category
        price
      }
    }
  }
  fragment EstimateFormCopy on BuybackForm {
    title
    emailLabel
    emailPlaceholder
    emailInvalid
    descriptionLabel
    descriptionPlaceholder
    photosLabel
    photosHint
    submit
    submitting
    brandLabel
    otherBrand
    categoryLabel
    conditionLabel
    choose
    rangeLabel
    rangeNote
    noRange
    privacyNotice
  }
`
