/** @jest-environment node */
import { formatClaim, formatInteger, formatPercent, formatPrice, formatRating, formatTime } from "../src/lib/format"

const NARROW_NBSP = "\u202f"
const NBSP = "\u00a0"

describe("fr-FR formatting", () => {
  it("writes prices with a comma and the euro sign after the amount", () => {
    expect(formatPrice(45)).toBe(`45,00${NBSP}€`)
    expect(formatPrice(54.666)).toBe(`54,67${NBSP}€`)
  })

  it("rounds the fallback rating 4.85 to 4,9 (not 4,8)", () => {
    expect(formatRating(4.85)).toBe("4,9")
    expect(formatRating(5)).toBe("5,0")
    expect(formatRating(4.81)).toBe("4,8")
  })

  it("separates thousands with a narrow no-break space", () => {
    expect(formatInteger(12345)).toBe(`12${NARROW_NBSP}345`)
    expect(formatInteger(300)).toBe("300")
  })

  it("formats percentages and the headline claims", () => {
    expect(formatPercent(94)).toBe(`94${NBSP}%`)
    expect(formatClaim({ value: 99.8, format: "percent" })).toBe(`99,8${NBSP}%`)
    expect(formatClaim({ value: 300, format: "plus" })).toBe("300+")
    expect(formatClaim({ text: "24/7", format: "text" })).toBe("24/7")
  })

  it("shows chat times as HH:MM", () => {
    expect(formatTime(new Date(2025, 0, 1, 9, 5))).toBe("09:05")
  })
})
