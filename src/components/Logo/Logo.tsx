import React from "react"
import { Sparkles } from "lucide-react"
import * as styles from "./Logo.css"

/** The maxAi wordmark, linking to the top of the page. */
export function Logo({ name }: { name: string }) {
  return (
    <a className={styles.logo} href="#top">
      <span className={styles.mark} aria-hidden="true">
        <Sparkles size={18} strokeWidth={2.25} />
      </span>
      {name}
    </a>
  )
}
