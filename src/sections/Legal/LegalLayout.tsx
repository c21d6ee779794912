import React from "react"
import { container, section, sectionHeader, sectionIntro, sectionTitle } from "../../styles/utils.css"
import { PageChrome, type PageChromeContent } from "../PageChrome"
import * as styles from "./Legal.css"

type LegalLayoutProps = {
  /** What every legal page's query reads besides its own text (`...PageChrome`). */
  chrome: PageChromeContent
  title: string
  intro: string
  children: React.ReactNode
}

/**
 * A legal page in the site's own design, in the site's frame (PageChrome): one <h1> with its
 * introduction and the text as a reading column.
 */
export function LegalLayout({ chrome, title, intro, children }: LegalLayoutProps) {
  return (
    <PageChrome chrome={chrome}>
      <section className={section} aria-labelledby="page-titre">
        <div className={container}>
          <div className={sectionHeader}>
            <h1 id="page-titre" className={sectionTitle}>
              {title}
            </h1>
            <p className={sectionIntro}>{intro}</p>
          </div>
          <div className={styles.article}>{children}</div>
        </div>
      </section>
    </PageChrome>
  )
}

/** One titled part of a legal page: an <h2> and its text (a plain <section>, not a landmark: the page has many). */
export function LegalPart({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={styles.part}>
      <h2 className={styles.partTitle}>{title}</h2>
      {children}
    </section>
  )
}
