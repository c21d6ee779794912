import React from "react"
import { copy } from "../../copy"
import * as styles from "./SkipLink.css"

export function SkipLink({ target = "contenu" }: { target?: string }) {
  return (
    <a className={styles.skipLink} href={`#${target}`}>
      {copy.skipLink}
    </a>
  )
}
