/**
 * Display formatting, fr-FR. Content stores plain numbers; only these helpers turn them
 * into text, so editors never type separators, decimals or currency signs.
 */
const priceFormat = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" })
const integerFormat = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 })
const oneDecimal = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const percentFormat = new Intl.NumberFormat("fr-FR", { style: "percent", maximumFractionDigits: 1 })
const timeFormat = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit" })

/** 45 → "45,00 €" */
export function formatPrice(euros: number): string {
  return priceFormat.format(euros)
}

/** 12345 → "12 345" (narrow no-break space, as fr-FR writes thousands) */
export function formatInteger(value: number): string {
  return integerFormat.format(value)
}

/**
 * 4.85 → "4,9". Rounds half up on the decimal value an editor typed: Intl alone rounds the
 * binary value of 4.85 (4.8499…) down to "4,8".
 */
export function formatRating(value: number): string {
  return oneDecimal.format(Math.round(value * 10) / 10)
}

/** 99.8 → "99,8 %" */
export function formatPercent(value: number): string {
  return percentFormat.format(value / 100)
}

/** A date → "14:05" */
export function formatTime(date: Date): string {
  return timeFormat.format(date)
}

export type Claim = { value?: number | null; text?: string | null; format: string }

/** A headline claim from content/site.json: percent "99,8 %", plus "300+", or its text "24/7". */
export function formatClaim(claim: Claim): string {
  if (claim.format === "text" || claim.value == null) return claim.text ?? ""
  if (claim.format === "percent") return formatPercent(claim.value)
  if (claim.format === "plus") return `${formatInteger(claim.value)}+`
  return formatInteger(claim.value)
}
