import React from "react"
import { ArrowDown, BadgeCheck, ShoppingBag, Sparkles, Star } from "lucide-react"
import { formatClaim, formatInteger, formatRating } from "../../lib/format"
import { container } from "../../styles/utils.css"
import { button } from "../../components/Button"
import { Stars } from "../../components/Stars"
import * as styles from "./Hero.css"

/** content/site.json's hero, as its fragment (Hero.fragment.ts) reads it. */
export type HeroCopy = Queries.HeroCopyFragment

export type HeroStats = { totalSales: number; rating: number }

type HeroProps = {
  hero: HeroCopy
  claims: ReadonlyArray<Queries.ClaimFieldsFragment>
  stats: HeroStats
  verifiedText: string
}

/** The page's one <h1>, the headline claims and the sales figures (fallbacks until stores load). */
export function Hero({ hero, claims, stats, verifiedText }: HeroProps) {
  const rating = formatRating(stats.rating)
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={`${container} ${styles.grid}`}>
        <div className={styles.copyBlock}>
          <p className={styles.badge}>
            <Sparkles size={16} aria-hidden="true" />
            {hero.eyebrow}
          </p>
          <h1 id="hero-title" className={styles.title}>
            {hero.title}
          </h1>
          <p className={styles.text}>{hero.text}</p>
          <a className={button({ tone: "primary" })} href="#boutiques">
            {hero.button}
            <ArrowDown size={18} aria-hidden="true" />
          </a>
          <ul className={styles.claims}>
            {claims.map((claim) => (
              <li key={claim.label}>
                <span className={styles.claimValue}>{formatClaim(claim)}</span>
                <span className={styles.claimLabel}>{claim.label}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.statsCard} aria-live="polite">
          <div className={styles.statRow}>
            <span className={styles.statIcon} aria-hidden="true">
              <ShoppingBag size={26} />
            </span>
            <p>
              <span className={styles.statValue} data-testid="hero-total-sales">
                {formatInteger(stats.totalSales)}
              </span>
              <span className={styles.statLabel}>{hero.salesLabel}</span>
            </p>
          </div>
          <div className={styles.statRow}>
            <span className={styles.statIcon} aria-hidden="true">
              <Star size={26} />
            </span>
            <p>
              <span className={styles.statValue} data-testid="hero-rating">
                {rating}/5
              </span>
              <span className={styles.statLabel}>{hero.ratingLabel}</span>
            </p>
            <Stars label={`${rating} sur 5`} />
          </div>
          <p className={styles.verified}>
            <BadgeCheck size={20} aria-hidden="true" />
            {verifiedText}
          </p>
        </div>
      </div>
    </section>
  )
}
