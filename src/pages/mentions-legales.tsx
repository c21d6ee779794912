import "../stylesheet-order"
import React from "react"
import { graphql, withPrefix, type HeadProps, type PageProps } from "gatsby"
import { Seo } from "../components/Seo"
import { LEGAL_PATHS } from "../lib/legal-paths"
import { EmailValue, Facts, LegalLayout, LegalPart, legalLabels, legalLinkClass } from "../sections/Legal"

type MentionsData = Queries.MentionsLegalesPageQuery

/** /mentions-legales/: who publishes the site and who hosts it (LCEN art. 6), from content/legal.json. */
export default function MentionsLegalesPage({ data }: PageProps<MentionsData>) {
  const { legal } = data
  if (!legal) return null
  const { publisher, host } = legal
  const labels = legalLabels.publisher
  return (
    <LegalLayout chrome={data} title={legal.mentionsTitle} intro={legal.mentionsIntro}>
      <LegalPart title={legalLabels.publisherTitle}>
        <Facts
          rows={[
            { label: labels.name, value: publisher.name },
            { label: labels.legalForm, value: publisher.legalForm },
            { label: labels.address, value: publisher.address },
            { label: labels.registration, value: publisher.registration },
            { label: labels.vat, value: publisher.vat },
            { label: labels.director, value: publisher.director },
            { label: labels.email, value: <EmailValue email={publisher.email} /> },
            { label: labels.phone, value: publisher.phone },
          ]}
        />
      </LegalPart>
      <LegalPart title={legalLabels.hostTitle}>
        <Facts
          rows={[
            { label: legalLabels.host.name, value: host.name },
            { label: legalLabels.host.address, value: host.address },
            { label: legalLabels.host.phone, value: host.phone },
          ]}
        />
      </LegalPart>
      <LegalPart title={legalLabels.dataTitle}>
        <p>
          {legalLabels.dataText}{" "}
          <a className={legalLinkClass} href={withPrefix(LEGAL_PATHS.privacy)}>
            {legalLabels.privacyLink}
          </a>
          .
        </p>
      </LegalPart>
    </LegalLayout>
  )
}

export function Head({ data }: HeadProps<MentionsData>) {
  const { site, legal } = data
  if (!site || !legal) return null
  return (
    <Seo
      title={`${legal.mentionsTitle} – ${site.name}`}
      description={legal.mentionsIntro}
      siteName={site.name}
      siteUrl={site.seo.url}
      path={LEGAL_PATHS.mentions}
      image={site.seo.image}
      twitter={site.seo.twitter}
    />
  )
}

export const query = graphql`
  query MentionsLegalesPage {
    legal: legalJson {
      mentionsTitle
      mentionsIntro
      publisher {
        name
        legalForm
        address
        registration
        vat
        director
        email
        phone
      }
      host {
        name
        address
        phone
      }
    }
    ...PageChrome
  }
`
