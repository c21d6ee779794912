import React from "react"
import { withPrefix } from "gatsby"
import { House, SearchX } from "lucide-react"
import { copy } from "../../copy"
import { container, eyebrow } from "../../styles/utils.css"
import { button } from "../Button"
import * as styles from "./NotFound.css"

/**
 * The 404 message: what happened, and one clear way back to the home page. A plain link (a full
 * load, not Gatsby's client-side navigation) so the home page starts as on a first visit: its
 * splash takes focus, which a client-side route change would move to Gatsby's focus wrapper.
 */
export function NotFound() {
  return (
    <section className={styles.section} aria-labelledby="introuvable-titre">
      <div className={container}>
        <div className={styles.card}>
          <span className={styles.icon} aria-hidden="true">
            <SearchX size={34} strokeWidth={2} />
          </span>
          <p className={eyebrow}>{copy.notFound.eyebrow}</p>
          <h1 id="introuvable-titre" className={styles.title}>
            {copy.notFound.heading}
          </h1>
          <p className={styles.text}>{copy.notFound.text}</p>
          <div className={styles.actions}>
            <a className={button({ tone: "primary" })} href={withPrefix("/")}>
              <House size={20} aria-hidden="true" />
              {copy.notFound.home}
            </a>
          </div>
        </div>
      </div>
    </section>
  )
}
