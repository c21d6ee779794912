/**
 * Amounts in euros as the owner and the seller read and type them: French decimals (« 35,50 »,
 * « 35.50 » and « 35 » accepted too), stored as whole cents so no sum is ever off by a rounding.
 */

/** Cents from what was typed ("35,50", "1 200", "35"), or null when it is not an amount with at most two decimals. */
export function parseEuros(typed: string): number | null {
  const text = typed
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/€$/, "")
    .replace(",", ".")
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"))
}

/** "35,50 €", "1 200 € " with the no-break spaces of the site's prices; whole euros without decimals. */
export function formatEuros(cents: number): string {
  const euros = Math.floor(cents / 100)
  const rest = cents % 100
  const whole = String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f")
  return `${whole}${rest === 0 ? "" : `,${String(rest).padStart(2, "0")}`}\u00a0€`
}

/** What a form field shows for an amount: "35,50", "35". */
export function eurosField(cents: number): string {
  const rest = cents % 100
  return `${Math.floor(cents / 100)}${rest === 0 ? "" : `,${String(rest).padStart(2, "0")}`}`
}
