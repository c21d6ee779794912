/**
 * A payment method inside a sentence (« payés le 27 novembre par virement »): lower case, with its
 * preposition. The method's own label (src/contract/buyback.ts PAYMENT_METHODS, « Virement ») stays
 * for lists, buttons and the register's column.
 */
import { PAYMENT_METHODS, type PaymentMethod } from "./buyback"

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
