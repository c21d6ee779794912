import React from "react"
import { ExternalLink } from "lucide-react"
import { copy } from "../../copy"
import { container, visuallyHidden } from "../../styles/utils.css"
import { button } from "../../components/Button"
import * as styles from "./CtaBand.css"

type CtaBandProps = {
  cta: Queries.CtaContentFragment
  shops: ReadonlyArray<Queries.ShopLinkFragment>
}

/** Closing call to action: one button per shop profile. */
export function CtaBand({ cta, shops }: CtaBandProps) {
  return (
    <section className={styles.band} aria-labelledby="cta-title">
      <div className={`${container} ${styles.inner}`}>
        <h2 id="cta-title" className={styles.title}>
          {cta.title}
        </h2>
        <p className={styles.text}>{cta.text}</p>
        <div className={styles.buttons}>
          {shops.map((shop, index) => (
            <a
              key={shop.jsonId}
              className={button({ tone: index === 0 ? "inverse" : "inverseOutline" })}
              href={shop.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              {cta.buttonPrefix} {shop.name}
              <span className={visuallyHidden}> {copy.newTab}</span>
              <ExternalLink size={18} aria-hidden="true" />
            </a>
          ))}
        </div>
      </div>
    </section>
  )
}
