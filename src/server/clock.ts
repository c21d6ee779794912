/**
 * The one "now" of the product: the server, the CLIs and the stores read the date and time here,
 * never through a `new Date()` or `Date.now()` of their own (eslint.config.mjs holds it), and
 * pass it down as a `now` argument where a rule depends on it (expiry, retention, periods).
 *
 * What must stay true:
 * - it reads the system clock, so a test sets it with jest's modern fake timers
 *   (`__tests__/helpers/clock.ts`, `setSystemTime`) and a whole process runs at another date under
 *   Debian's faketime (docs/testing.md#tests-at-another-date), with nothing to configure in the product;
 * - a duration (a build's seconds, a cache's age, a rate window) is measured with
 *   `performance.now()`, which a date change never moves, not with this clock;
 * - the calendar (Paris days, months, formats) is shop-time.ts's, never computed from here in UTC.
 */

export const clock = Object.freeze({
  /** The moment it is now. */
  now: (): Date => new Date(),
  /** The moment it is now, in milliseconds since 1970. */
  nowMs: (): number => Date.now(),
})
