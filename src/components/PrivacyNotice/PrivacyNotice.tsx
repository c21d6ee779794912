import React from "react"
import { withPrefix } from "gatsby"
import { copy } from "../../copy"
import { LEGAL_PATHS } from "../../lib/legal-paths"
import { textLink, visuallyHidden } from "../../styles/utils.css"
import * as styles from "./PrivacyNotice.css"

/**
 * Where personal data is collected (the estimate form, the chat's « Mes infos »): who receives
 * it, why and for how long (the owner's text, from content/), then the privacy policy. The link
 * opens a new tab, so a visitor reading it loses neither the form's photos nor the conversation.
 */
export function PrivacyNotice({ text }: { text: string }) {
  return (
    <p className={styles.notice}>
      {text}{" "}
      <a className={textLink} href={withPrefix(LEGAL_PATHS.privacy)} target="_blank" rel="noopener">
        {copy.privacyLink}
        <span className={visuallyHidden}> {copy.newTab}</span>
      </a>
    </p>
  )
}
