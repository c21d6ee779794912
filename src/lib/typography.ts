/**
 * French typography: a line never starts with the punctuation or the unit that belongs to the
 * word before it, and guillemets keep their words. One rule for every French text the visitor
 * reads: the prose fields of content/*.json at build time (the `@french` fields of
 * build-steps/schema.ts), the interface's own words (src/copy.ts) and, as it arrives, the text a
 * server sends (maxAi's answers in chat-client.ts, a refusal's message in estimate-client.ts).
 *
 * - narrow no-break space (U+202F) before ? ! ;
 * - no-break space (U+00A0) before : and %, between a number and €, inside « »
 *
 * Only a space the editor typed is replaced before ? ! ; : (so an address such as
 * https://… or a time such as 10:30 is left alone); guillemets, % and € after a number get
 * their space even when it was left out. Running it twice changes nothing.
 */
const NBSP = "\u00a0"
const NARROW_NBSP = "\u202f"

export function frenchTypography(text: string): string {
  return text
    .replace(/[ \u00a0\u202f]+([?!;])/g, `${NARROW_NBSP}$1`)
    .replace(/[ \u00a0\u202f]+:/g, `${NBSP}:`)
    .replace(/«[ \u00a0\u202f]*/g, `«${NBSP}`)
    .replace(/[ \u00a0\u202f]*»/g, `${NBSP}»`)
    .replace(/(\d)[ \u00a0\u202f]*([%€])/g, `$1${NBSP}$2`)
}

/**
 * The same rule over a whole tree of texts: every string, and every string a function of it
 * returns (src/copy.ts's worded messages such as `requestNumber(id)`). Developers type ordinary
 * spaces; the visitor gets the no-break ones.
 */
export function withFrenchTypography<T>(value: T): T {
  if (typeof value === "string") return frenchTypography(value) as T
  if (typeof value === "function") return ((...args: unknown[]) => withFrenchTypography(value(...args))) as T
  if (Array.isArray(value)) return value.map((entry) => withFrenchTypography(entry)) as T
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withFrenchTypography(entry)])) as T
  }
  return value
}
