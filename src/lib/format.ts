/**
 * Display formatting, fr-FR. Content stores plain numbers; only these helpers turn them
 * into text, so editors never type separators, decimals or currency signs.
 */
const NARROW_NBSP = "\u202f"
const NBSP = "\u00a0"

/** "0129" + 1 → "0130", "999" + 1 → "1000" */
function incrementDigits(digits: string): string {
  let result = ""
  let carry = 1
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    const digit = digits.charCodeAt(index) - 48 + carry
    carry = digit === 10 ? 1 : 0
    result = String(digit % 10) + result
  }
  return carry ? `1${result}` : result
}

/**
 * |value| with exactly `digits` decimals, rounded half up on its shortest decimal text
 * ("2.675" → "2.68"), which is how Intl rounds (toFixed would use the binary value: "2.67").
 */
function roundedText(value: number, digits: number): string {
  const text = Math.abs(value).toString()
  if (text.includes("e")) return Math.abs(value).toFixed(digits)
  const [integer = "0", fraction = ""] = text.split(".")
  if (fraction.length <= digits) return digits > 0 ? `${integer}.${fraction.padEnd(digits, "0")}` : integer
  const kept = integer + fraction.slice(0, digits)
  const all = fraction.charCodeAt(digits) >= 53 ? incrementDigits(kept) : kept
  const cut = all.length - digits
  return digits > 0 ? `${all.slice(0, cut)}.${all.slice(cut)}` : all
}

/**
 * fr-FR number text, exactly as Intl.NumberFormat("fr-FR") writes it (checked against Intl in
 * __tests__/format-intl.test.ts) but without Intl: the first Intl formatter a page builds loads
 * the locale's data, tens of milliseconds of main thread at startup, more on a phone. Thousands take a narrow no-break space, decimals a comma.
 */
function formatNumber(value: number, minimumFractionDigits: number, maximumFractionDigits: number): string {
  const fixed = roundedText(value, maximumFractionDigits)
  const [integer = "0", decimals = ""] = fixed.split(".")
  let fraction = decimals
  while (fraction.length > minimumFractionDigits && fraction.endsWith("0")) fraction = fraction.slice(0, -1)
  const sign = value < 0 && Number(fixed) !== 0 ? "-" : ""
  return `${sign}${integer.replace(/\B(?=(\d{3})+(?!\d))/g, NARROW_NBSP)}${fraction ? `,${fraction}` : ""}`
}

/** 45 → "45,00 €" */
export function formatPrice(euros: number): string {
  return `${formatNumber(euros, 2, 2)}${NBSP}€`
}

/** 12345 → "12 345" (narrow no-break space, as fr-FR writes thousands) */
export function formatInteger(value: number): string {
  return formatNumber(value, 0, 0)
}

/**
 * 4.85 → "4,9". Rounds half up on the decimal value an editor typed: rounding the binary value
 * of 4.85 (4.8499…) would give "4,8".
 */
export function formatRating(value: number): string {
  return formatNumber(Math.round(value * 10) / 10, 1, 1)
}

/** 99.8 → "99,8 %" */
export function formatPercent(value: number): string {
  return `${formatNumber(value, 0, 1)}${NBSP}%`
}

/** A date → "14:05" (local time, 24 h) */
export function formatTime(date: Date): string {
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`
}

export type Claim = { value?: number | null; text?: string | null; format: string }

/** A headline claim from content/site.json: percent "99,8 %", plus "300+", or its text "24/7". */
export function formatClaim(claim: Claim): string {
  if (claim.format === "text" || claim.value == null) return claim.text ?? ""
  if (claim.format === "percent") return formatPercent(claim.value)
  if (claim.format === "plus") return `${formatInteger(claim.value)}+`
  return formatInteger(claim.value)
}
