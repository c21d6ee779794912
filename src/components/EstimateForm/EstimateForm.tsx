import React from "react"

export type EstimateFormCopy = {
  readonly title: string
  readonly emailLabel: string
  readonly emailPlaceholder: string
  readonly emailInvalid: string
  readonly descriptionLabel: string
  readonly descriptionPlaceholder: string
  readonly photosLabel: string
  readonly photosHint: string
  readonly submit: string
  readonly submitting: string
}

/** Placeholder markup; the full form (photos, validation, toasts) is built in the estimate-form issue. */
export function EstimateForm({ copy }: { copy: EstimateFormCopy }) {
  return (
    <form onSubmit={(event) => event.preventDefault()} aria-label={copy.title}>
      <label htmlFor="estimate-email">{copy.emailLabel}</label>
      <input id="estimate-email" type="email" required placeholder={copy.emailPlaceholder} />
      <label htmlFor="estimate-description">{copy.descriptionLabel}</label>
      <textarea id="estimate-description" placeholder={copy.descriptionPlaceholder} />
      <button type="submit">{copy.submit}</button>
    </form>
  )
}
