import React from "react"
import * as styles from "./Legal.css"

/** A list of labelled facts (« Siège : … »); an empty value (no VAT number) is left out. */
export function Facts({ rows }: { rows: ReadonlyArray<{ label: string; value: React.ReactNode }> }) {
  return (
    <dl className={styles.facts}>
      {rows
        .filter((row) => row.value !== "")
        .map((row) => (
          <div key={row.label} className={styles.fact}>
            <dt className={styles.factLabel}>{row.label}</dt>
            <dd className={styles.factValue}>{row.value}</dd>
          </div>
        ))}
    </dl>
  )
}

/** The contact address as a mail link once it is one (a placeholder stays plain text). */
export function EmailValue({ email }: { email: string }) {
  return email.includes("@") ? (
    <a className={styles.legalLinkClass} href={`mailto:${email}`}>
      {email}
    </a>
  ) : (
    <>{email}</>
  )
}
