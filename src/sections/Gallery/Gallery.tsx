import React, { useEffect, useRef, useState } from "react"
import { copy } from "../../copy"
import { formatInteger, formatPrice } from "../../lib/format"
import { card, visuallyHidden } from "../../styles/utils.css"
import { button } from "../../components/Button"
import { Section, type HeadingContent } from "../../components/Section"
import { ItemCard, type SoldItem } from "./ItemCard"
import { ALL_CATEGORIES, INITIAL_VISIBLE, categoryChips, galleryStats, itemsInCategory, nextVisibleCount } from "./gallery"
import * as styles from "./Gallery.css"

type GalleryProps = { heading: HeadingContent; items: ReadonlyArray<SoldItem>; categories: ReadonlyArray<string> }

/** Sold-items gallery: summary stats, category chips, cards and 'Voir plus d'articles'. */
export function Gallery({ heading, items, categories }: GalleryProps) {
  const [category, setCategory] = useState(ALL_CATEGORIES)
  const [visible, setVisible] = useState(INITIAL_VISIBLE)
  const focusIndex = useRef<number | null>(null)
  const cardRefs = useRef<Array<HTMLLIElement | null>>([])

  const shown = itemsInCategory(items, category)
  const remaining = Math.max(shown.length - visible, 0)
  const stats = galleryStats(items)

  useEffect(() => {
    if (focusIndex.current === null) return
    cardRefs.current[focusIndex.current]?.focus()
    focusIndex.current = null
  }, [visible])

  const chooseCategory = (name: string) => {
    setCategory(name)
    setVisible(INITIAL_VISIBLE)
  }

  const showMore = () => {
    focusIndex.current = visible
    setVisible(nextVisibleCount(visible, shown.length))
  }

  return (
    <Section id="galerie" tone="alt" heading={heading}>
      <dl className={styles.stats} aria-label={copy.gallery.statsLabel}>
        <div className={`${card} ${styles.stat}`}>
          <dt className={styles.statLabel}>{copy.gallery.totalSold}</dt>
          <dd className={styles.statValue}>{formatInteger(stats.totalSold)}</dd>
        </div>
        <div className={`${card} ${styles.stat}`}>
          <dt className={styles.statLabel}>{copy.gallery.totalViews}</dt>
          <dd className={styles.statValue}>+{formatInteger(stats.totalViews)}</dd>
        </div>
        <div className={`${card} ${styles.stat}`}>
          <dt className={styles.statLabel}>{copy.gallery.averagePrice}</dt>
          <dd className={styles.statValue}>{formatPrice(stats.averagePrice)}</dd>
        </div>
        <div className={`${card} ${styles.stat}`}>
          <dt className={styles.statLabel}>{copy.gallery.topBrand}</dt>
          <dd className={styles.statValue}>{stats.topBrand}</dd>
        </div>
      </dl>

      <div className={`${styles.chips} js-only`} role="group" aria-label={copy.gallery.filterLabel}>
        {categoryChips(items, categories).map((chip) => (
          <button
            key={chip.name}
            type="button"
            className={styles.chip}
            aria-pressed={chip.name === category}
            onClick={() => chooseCategory(chip.name)}
            // On a phone the row scrolls sideways: a chip reached by Tab comes fully into view (jsdom has no scrollIntoView).
            onFocus={(event) => event.currentTarget.scrollIntoView?.({ block: "nearest", inline: "nearest" })}
          >
            {chip.name}{" "}
            <span className={styles.chipCount} aria-hidden="true">
              {chip.count}
            </span>
            <span className={visuallyHidden}>({copy.gallery.chipCount(chip.count)})</span>
          </button>
        ))}
      </div>

      <p className={visuallyHidden} aria-live="polite">
        {copy.gallery.shown(Math.min(visible, shown.length), shown.length)}
      </p>

      <ul className={styles.grid}>
        {shown.map((item, index) => (
          <ItemCard
            key={item.jsonId}
            item={item}
            beyondVisible={index >= visible}
            ref={(element) => {
              cardRefs.current[index] = element
            }}
          />
        ))}
      </ul>

      {remaining > 0 ? (
        <div className={`${styles.more} js-only`}>
          <button type="button" className={button({ tone: "secondary" })} onClick={showMore}>
            {copy.gallery.more(remaining)}
          </button>
        </div>
      ) : null}
    </Section>
  )
}
