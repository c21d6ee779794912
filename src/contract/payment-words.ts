/**
 * A payment method inside a sentence (« payés le 27 novembre par virement »): lower case, with its
 * preposition. The method's own label (src/contract/buyback.ts PAYMENT_METHODS, « Virement ») stays
 * for lists, buttons and the register's column.
 */
import { PAYMENT_METHODS, type Payment, type PaymentMethod } from "./buyback"
import { formatEuros } from "./euros"

export const PAYMENT_IN_SENTENCE: Readonly<Record<PaymentMethod, string>> = {
  virement: "par virement",
  especes: "en espèces",
  bon: "en bon d'achat",
}

/** The phrase of a method given by its key (virement) or its label as the register keeps it (Virement). */
export function paymentPhrase(method: string): string {
  const key = (Object.keys(PAYMENT_METHODS) as PaymentMethod[]).find((name) => name === method || PAYMENT_METHODS[name] === method)
  return key ? PAYMENT_IN_SENTENCE[key] : `par ${method.toLocaleLowerCase("fr-FR")}`
}

/** What was paid: « 56,40 € (dont 6,40 € de frais d'envoi remboursés) », or the amount alone without postage. */
export function paidAmount(payment: Pick<Payment, "amount_cents" | "postage_cents">): string {
  const postage = payment.postage_cents ?? 0
  return postage > 0 ? `${formatEuros(payment.amount_cents)} (dont ${formatEuros(postage)} de frais d'envoi remboursés)` : formatEuros(payment.amount_cents)
}
