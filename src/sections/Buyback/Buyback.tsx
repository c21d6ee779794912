import React from "react"
import { CheckCircle2, Clock } from "lucide-react"
import { card } from "../../styles/utils.css"
import { EstimateForm } from "./EstimateForm"
import { Section } from "../../components/Section"
import * as styles from "./Buyback.css"

export type BuybackContent = Queries.BuybackContentFragment

/** `categories`: content/categories.json, for the form's category select. */
type BuybackProps = { buyback: BuybackContent; wantedBrands: ReadonlyArray<string>; categories: ReadonlyArray<string> }

/** 'Service de Rachat': the estimate form beside the reassurance cards (section #rachat). */
export function Buyback({ buyback, wantedBrands, categories }: BuybackProps) {
  return (
    <Section id="rachat" heading={{ eyebrow: buyback.eyebrow, title: buyback.title, intro: buyback.intro }}>
      <div className={styles.grid}>
        <div className={`${card} ${styles.panel}`}>
          <p className={styles.promise}>
            <Clock size={18} aria-hidden="true" />
            {buyback.promise}
          </p>
          <EstimateForm copy={buyback.form} choices={{ grid: buyback.grid, brands: wantedBrands, categories }} offerDelay={buyback.sale.offerDelay} />
        </div>
        <div className={styles.aside}>
          <div className={`${card} ${styles.panel}`}>
            <h3 className={styles.panelTitle}>{buyback.whyTitle}</h3>
            <ul className={styles.reasons}>
              {buyback.why.map((reason) => (
                <li key={reason.title} className={styles.reason}>
                  <CheckCircle2 size={20} className={styles.reasonIcon} aria-hidden="true" />
                  <h4 className={styles.reasonTitle}>{reason.title}</h4>
                  <p className={styles.reasonText}>{reason.text}</p>
                </li>
              ))}
            </ul>
          </div>
          <div className={`${card} ${styles.panel}`}>
            <h3 className={styles.panelTitle}>{buyback.wantedTitle}</h3>
            <ul className={styles.brands}>
              {wantedBrands.map((brand) => (
                <li key={brand} className={styles.brand}>
                  {brand}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </Section>
  )
}
