import React from "react"
import { container, eyebrow as eyebrowClass, section, sectionAlt, sectionHeader, sectionIntro, sectionTitle } from "../../styles/utils.css"

/** A list section's heading as its content file gives it (Section.fragment.ts). */
export type HeadingContent = Queries.SectionHeadingContentFragment

type SectionProps = {
  /** The section's id, the anchor the navigation links to; its <h2> gets `${id}-title`. */
  id: string
  /** Eyebrow, title and intro at the top. */
  heading: { readonly eyebrow?: string | null; readonly title: string; readonly intro?: string | null }
  /** "alt" sets it on the alternate background, so neighbouring sections read apart. */
  tone?: "plain" | "alt"
  /** aria-busy, for a section whose content is still loading. */
  busy?: boolean
  sectionRef?: React.Ref<HTMLElement>
  children: React.ReactNode
}

/**
 * The shell every titled section of the page shares: the <section> named by its <h2>
 * (aria-labelledby, so it is a landmark a screen reader lists), the centred content column,
 * then the heading, then the section's own content.
 */
export function Section({ id, heading, tone = "plain", busy, sectionRef, children }: SectionProps) {
  const titleId = `${id}-title`
  return (
    <section id={id} ref={sectionRef} className={tone === "alt" ? sectionAlt : section} aria-labelledby={titleId} aria-busy={busy}>
      <div className={container}>
        <div className={sectionHeader}>
          {heading.eyebrow ? <p className={eyebrowClass}>{heading.eyebrow}</p> : null}
          <h2 id={titleId} className={sectionTitle}>
            {heading.title}
          </h2>
          {heading.intro ? <p className={sectionIntro}>{heading.intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  )
}
