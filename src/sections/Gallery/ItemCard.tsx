import React, { forwardRef, useState } from "react"
import { Eye, Heart } from "lucide-react"
import { copy } from "../../copy"
import { formatInteger, formatPrice } from "../../lib/format"
import { card, visuallyHidden } from "../../styles/utils.css"
import { Picture } from "../../components/Picture"
import * as styles from "./Gallery.css"

export type SoldItem = Queries.SoldItemCardFragment

type ItemCardProps = { item: SoldItem; beyondVisible: boolean }

/**
 * One sold item. Cards past the visible count stay in the HTML (readable without JavaScript)
 * and are hidden only once scripts run (`html.js`, see global styles).
 * A photo that fails to load (even before hydration, see Picture) gives way to a tile with
 * the brand's initial and the category.
 */
export const ItemCard = forwardRef<HTMLLIElement, ItemCardProps>(function ItemCard({ item, beyondVisible }, ref) {
  const [failed, setFailed] = useState(false)
  const image = item.image.childImageSharp?.gatsbyImageData
  const showImage = image && !failed
  const details = [item.size ? copy.gallery.size(item.size) : null, item.condition].filter(Boolean).join(" · ")

  return (
    <li ref={ref} tabIndex={-1} className={`${card} ${styles.itemCard}${beyondVisible ? " beyond-visible" : ""}`}>
      <div className={styles.media}>
        {showImage ? (
          <Picture image={image} alt={`${item.brand} – ${item.title}`} className={styles.image} onError={() => setFailed(true)} />
        ) : (
          <div className={styles.placeholder} data-testid="item-placeholder">
            <span className={styles.placeholderLetter} aria-hidden="true">
              {item.brand.charAt(0)}
            </span>
            <span className={styles.placeholderCategory}>{item.category}</span>
          </div>
        )}
        <span className={styles.sold}>{copy.gallery.sold}</span>
      </div>
      <div className={styles.body}>
        <p className={styles.brand}>{item.brand}</p>
        <h3 className={styles.title}>
          {item.url ? (
            // The whole card is the link's target area (styles.cardLink stretches it).
            <a className={styles.cardLink} href={item.url} target="_blank" rel="noopener noreferrer">
              {item.title}
              <span className={visuallyHidden}> {copy.newTab}</span>
            </a>
          ) : (
            item.title
          )}
        </h3>
        <p className={styles.price}>{formatPrice(item.price)}</p>
        {details ? <p className={styles.details}>{details}</p> : null}
        <p className={styles.meta}>
          <span className={styles.metaItem}>
            <Eye size={15} aria-hidden="true" />
            {copy.gallery.views(formatInteger(item.views))}
          </span>
          <span className={styles.metaItem}>
            <Heart size={15} aria-hidden="true" />
            {copy.gallery.favorites(formatInteger(item.favorites))}
          </span>
        </p>
      </div>
    </li>
  )
})
