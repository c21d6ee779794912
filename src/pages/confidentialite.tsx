import "../stylesheet-order"
import React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Seo } from "../components/Seo"
import { LEGAL_PATHS } from "../lib/legal-paths"
import { EmailValue, Facts, LegalLayout, LegalPart, legalLabels } from "../sections/Legal"

type PrivacyData = Queries.ConfidentialitePageQuery

/**
 * /confidentialite/: the privacy policy, from content/legal.json. The controller is the site's
 * publisher, read from the same fields as the mentions légales (one place for the address).
 */
export default function ConfidentialitePage({ data }: PageProps<PrivacyData>) {
  const { legal } = data
  if (!legal) return null
  const { publisher } = legal
  const labels = legalLabels.publisher
  return (
    <LegalLayout chrome={data} title={legal.privacyTitle} intro={legal.privacyIntro}>
      <LegalPart title={legalLabels.controllerTitle}>
        <Facts
          rows={[
            { label: labels.name, value: publisher.name },
            { label: labels.address, value: publisher.address },
            { label: labels.email, value: <EmailValue email={publisher.email} /> },
          ]}
        />
      </LegalPart>
      {legal.privacy.map((part) => (
        <LegalPart key={part.title} title={part.title}>
          {part.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </LegalPart>
      ))}
    </LegalLayout>
  )
}

export function Head({ data }: HeadProps<PrivacyData>) {
  const { site, legal } = data
  if (!site || !legal) return null
  return (
    <Seo
      title={`${legal.privacyTitle} – ${site.name}`}
      description={legal.privacyIntro}
      siteName={site.name}
      siteUrl={site.seo.url}
      path={LEGAL_PATHS.privacy}
      image={site.seo.image}
      twitter={site.seo.twitter}
    />
  )
}

export const query = graphql`
  query ConfidentialitePage {
    legal: legalJson {
      privacyTitle
      privacyIntro
      publisher {
        name
        address
        email
      }
      privacy {
        title
        paragraphs
      }
    }
    ...PageChrome
  }
`
