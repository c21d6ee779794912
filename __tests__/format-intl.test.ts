/** @jest-environment node */
import { formatInteger, formatPercent, formatPrice, formatRating, formatTime } from "../src/lib/format"

/**
 * src/lib/format.ts writes fr-FR numbers without Intl (startup cost); here Intl is the
 * reference, on the values the site shows and on the awkward ones (rounding ties, thousands,
 * binary fractions, negatives).
 */
const intl = {
  price: new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }),
  integer: new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 }),
  oneDecimal: new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  // Percentages are rounded on the value as written: Intl's percent style would first divide
  // by 100 in binary (4.85 / 100 = 0.04849…) and round 4,85 % down to 4,8 %.
  upToOneDecimal: new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 }),
  time: new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit" }),
}

const VALUES = [
  0, 0.05, 0.95, 1, 4.85, 4.95, 9.995, 4.9, 5, 9.99, 28, 45, 54.666, 99.8, 99.85, 100, 125, 300, 329, 999.995, 1000, 1234.5, 12345, 99999.5, 1234567.891, 0.125,
  1.005, 2.675, -3.5, -1234.56,
]

test.each(VALUES)("%p is written as Intl fr-FR writes it", (value) => {
  expect(formatPrice(value)).toBe(intl.price.format(value))
  expect(formatInteger(value)).toBe(intl.integer.format(value))
  expect(formatPercent(value)).toBe(`${intl.upToOneDecimal.format(value)}\u00a0%`)
  expect(formatRating(value)).toBe(intl.oneDecimal.format(Math.round(value * 10) / 10))
})

test("chat times match Intl fr-FR HH:MM at every minute of a day", () => {
  for (let minute = 0; minute < 24 * 60; minute += 7) {
    const date = new Date(2025, 0, 1, Math.floor(minute / 60), minute % 60)
    expect(formatTime(date)).toBe(intl.time.format(date))
  }
})
