import { offerEstimateEmail } from "../../lib/estimate-handoff"

/**
 * "Faire estimer un article": the buy-back form comes into view with the focus in its email
 * field, pre-filled (when empty) with the email of "Mes infos". The one place that scrolls
 * there, so a shared anchor-scroll helper can replace the two lines in the middle.
 */
export function goToEstimateForm(email: string): void {
  if (email.trim() !== "") offerEstimateEmail(email.trim())
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false
  document.getElementById("rachat")?.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block: "start" })
  // preventScroll: the smooth scroll above is already on its way; a focus jump would cut it short.
  document.querySelector<HTMLInputElement>('#rachat input[name="email"]')?.focus({ preventScroll: true })
}
