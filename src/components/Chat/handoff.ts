import { offerEstimateEmail } from "../../lib/estimate-handoff"
import { scrollToSection } from "../../lib/scroll-to-section"

/**
 * "Faire estimer un article": the buy-back form comes into view with the focus in its email
 * field, pre-filled (when empty) with the email of "Mes infos". It lands like every in-page link
 * (scrollToSection re-aims while deferred sections render on the way).
 */
export function goToEstimateForm(email: string): void {
  if (email.trim() !== "") offerEstimateEmail(email.trim())
  const emailField = document.querySelector<HTMLInputElement>('#rachat input[name="email"]')
  void scrollToSection("rachat", { focus: emailField ?? undefined })
}
