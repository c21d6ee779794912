import React from "react"
import { copy } from "../../copy"
import * as styles from "./SkipLink.css"

/** A link shown only when focused, the first stops of the keyboard's path: past the header to `target`. */
export function SkipLink({ target = "contenu", label = copy.skipLink }: { target?: string; label?: string }) {
  return (
    <a className={styles.skipLink} href={`#${target}`}>
      {label}
    </a>
  )
}

/** The home page's second stop: straight to the estimate form, a seller's main task there. */
export const EstimateSkipLink = () => <SkipLink target="rachat" label={copy.skipToEstimate} />
