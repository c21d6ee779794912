import React from "react"
import { card, container, sectionAlt } from "../../styles/utils.css"
import { SectionHeading, type HeadingContent } from "../../components/SectionHeading"
import * as styles from "./Brands.css"

export type Brand = Queries.BrandCardFragment

/** The four brands we authenticate (section #marques). */
export function Brands({ heading, brands }: { heading: HeadingContent; brands: ReadonlyArray<Brand> }) {
  return (
    <section id="marques" className={sectionAlt} aria-labelledby="marques-title">
      <div className={container}>
        <SectionHeading id="marques-title" eyebrow={heading.eyebrow} title={heading.title} intro={heading.intro} />
        <ul className={styles.grid}>
          {brands.map((brand) => (
            <li key={brand.jsonId} className={`${card} ${styles.brand}`}>
              <span className={styles.monogram} aria-hidden="true">
                {brand.name.charAt(0)}
              </span>
              <h3 className={styles.name}>{brand.name}</h3>
              <p className={styles.text}>{brand.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
