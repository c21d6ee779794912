import React from "react"
import { Star } from "lucide-react"
import * as styles from "./Stars.css"

/** Five filled stars with a spoken label (the icons themselves are decorative). */
export function Stars({ label, size = 18 }: { label: string; size?: number }) {
  return (
    <span className={styles.stars} role="img" aria-label={label}>
      {[0, 1, 2, 3, 4].map((index) => (
        <Star key={index} size={size} fill="currentColor" strokeWidth={0} aria-hidden="true" />
      ))}
    </span>
  )
}
