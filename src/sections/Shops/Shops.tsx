import React from "react"
import { ExternalLink, ThumbsUp } from "lucide-react"
import { copy } from "../../copy"
import { card, visuallyHidden } from "../../styles/utils.css"
import { button } from "../../components/Button"
import { Picture } from "../../components/Picture"
import { Section, type HeadingContent } from "../../components/Section"
import { Stars } from "../../components/Stars"
import * as styles from "./Shops.css"

export type Shop = Queries.ShopCardFragment

/** The two marketplace shops, each opening its profile in a new tab (section #boutiques). */
export function Shops({ heading, shops }: { heading: HeadingContent; shops: ReadonlyArray<Shop> }) {
  return (
    <Section id="boutiques" tone="alt" heading={heading}>
      <ul className={styles.grid}>
        {shops.map((shop) => {
          const avatar = shop.avatar.childImageSharp?.gatsbyImageData
          return (
            <li key={shop.jsonId}>
              <article className={`${card} ${styles.shop}`}>
                <div className={styles.head}>
                  {avatar ? <Picture image={avatar} alt="" className={styles.avatar} /> : null}
                  <div>
                    <h3 className={styles.name}>{shop.name}</h3>
                    <Stars label={copy.stars("5")} />
                  </div>
                </div>
                <p className={styles.description}>{shop.description}</p>
                <ul className={styles.badges}>
                  {shop.badges.map((badge) => (
                    <li key={badge} className={styles.badge}>
                      <ThumbsUp size={14} aria-hidden="true" />
                      {badge}
                    </li>
                  ))}
                </ul>
                <a className={button({ tone: "primary", block: true })} href={shop.url} target="_blank" rel="noopener noreferrer">
                  {copy.shopVisit}
                  <span className={visuallyHidden}>
                    {" "}
                    {shop.name} {copy.newTab}
                  </span>
                  <ExternalLink size={18} aria-hidden="true" />
                </a>
              </article>
            </li>
          )
        })}
      </ul>
    </Section>
  )
}
