/**
 * Amounts in euros as the owner and the seller read and type them: French decimals (« 35,50 »,
 * « 35.50 » and « 35 » accepted too), stored as whole cents so no sum is ever off by a rounding.
 */

/**
 * Cents from what was typed ("35,50", "1 200", "35"), or null when it is not an amount with at most
 * two decimals. A space only ever separates thousands, as French writes them (« 1 200,50 »):
 * « 35 50 » or « 3 0 » are not read as 3 550 € or 30 €, they are refused.
 */
export function parseEuros(typed: string): number | null {
  const text = typed.trim().replace(/[\s\u00a0\u202f]*€$/, "")
  const match = /^(\d+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+)(?:[.,](\d{1,2}))?$/.exec(text)
  const whole = match?.[1]?.replace(/[ \u00a0\u202f]/g, "")
  if (!match || !whole || whole.length > 7) return null
  return Number(whole) * 100 + Number((match[2] ?? "").padEnd(2, "0"))
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
