import React from "react"
import { eyebrow as eyebrowClass, sectionHeader, sectionIntro, sectionTitle } from "../../styles/utils.css"

/** A list section's heading as its content file gives it (SectionHeading.fragment.ts). */
export type HeadingContent = Queries.SectionHeadingContentFragment

type SectionHeadingProps = {
  /** id of the <h2>, for the section's aria-labelledby */
  id: string
  title: string
  eyebrow?: string | null
  intro?: string | null
  className?: string
}

/** Eyebrow, title and intro at the top of every section. */
export function SectionHeading({ id, title, eyebrow, intro, className }: SectionHeadingProps) {
  return (
    <div className={className ? `${sectionHeader} ${className}` : sectionHeader}>
      {eyebrow ? <p className={eyebrowClass}>{eyebrow}</p> : null}
      <h2 id={id} className={sectionTitle}>
        {title}
      </h2>
      {intro ? <p className={sectionIntro}>{intro}</p> : null}
    </div>
  )
}
