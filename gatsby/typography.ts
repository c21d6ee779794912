/**
 * French typography for content strings, applied at build time to every prose field of
 * content/*.json (the `@french` fields of gatsby/schema.ts): a line never starts with the
 * punctuation or the unit that belongs to the word before it, and guillemets keep their words.
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
