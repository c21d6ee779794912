import React from "react"
import { card } from "../../styles/utils.css"
import { Section, type HeadingContent } from "../../components/Section"
import * as styles from "./Brands.css"

export type Brand = Queries.BrandCardFragment

/** The four brands we authenticate (section #marques). */
export function Brands({ heading, brands }: { heading: HeadingContent; brands: ReadonlyArray<Brand> }) {
  return (
    <Section id="marques" tone="alt" heading={heading}>
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
    </Section>
  )
}
