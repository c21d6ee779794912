/**
 * @jest-environment node
 *
 * The seller's IBAN (ISO 13616 mod-97, src/contract/iban.ts) and amounts in French decimals
 * (src/contract/euros.ts), as the buy-back's forms read them.
 */
import { formatEuros, eurosField, parseEuros } from "../src/contract/euros"
import { compactIban, groupIban, isValidIban, maskIban } from "../src/contract/iban"

describe("IBAN", () => {
  test.each([
    "FR76 3000 6000 0112 3456 7890 189",
    "fr7630006000011234567890189",
    "DE89 3704 0044 0532 0130 00",
    "GB82 WEST 1234 5698 7654 32",
    "BE68 5390 0754 7034",
    "NO93 8601 1117 947",
  ])("%s is accepted, spaces and lower case allowed", (iban) => {
    expect(isValidIban(iban)).toBe(true)
  })

  test.each([
    ["one digit changed", "FR76 3000 6000 0112 3456 7890 188"],
    ["two digits swapped", "FR76 3000 6000 0112 3456 7809 189"],
    ["too short", "FR76 3000"],
    ["no country", "7630006000011234567890189"],
    ["a sign inside", "FR76 3000 6000 0112 3456 7890 18!"],
    ["empty", ""],
  ])("%s is refused", (_case, iban) => {
    expect(isValidIban(iban)).toBe(false)
  })

  test("stored compact, read in groups of four, shown masked but for its country and last four", () => {
    expect(compactIban(" fr76 3000-6000 0112 3456 7890 189 ")).toBe("FR7630006000011234567890189")
    expect(groupIban("FR7630006000011234567890189")).toBe("FR76 3000 6000 0112 3456 7890 189")
    expect(maskIban("FR7630006000011234567890189")).toBe("FR76 •••• 0189")
  })
})

describe("euros", () => {
  test.each([
    ["35,50", 3550],
    ["35.5", 3550],
    ["35", 3500],
    ["1 200", 120000],
    ["1\u202f200,50 €", 120050],
    ["12 345", 1234500],
    ["0,99 €", 99],
  ])("« %s » reads %d cents", (typed, cents) => {
    expect(parseEuros(typed)).toBe(cents)
  })

  // A space separates thousands only: « 35 50 » is not 3 550 €, nor « 3 0 » 30 € (issue 59).
  test.each(["", "35,505", "trente", "-5", "35,5,0", "1e3", "35 50", "3 0", "1 20", "1 2000", "12345678", "３５"])("« %s » is not an amount", (typed) => {
    expect(parseEuros(typed)).toBeNull()
  })

  test("written back the French way, with no-break spaces", () => {
    expect(formatEuros(3550)).toBe("35,50\u00a0€")
    expect(formatEuros(3500)).toBe("35\u00a0€")
    expect(formatEuros(120000)).toBe("1\u202f200\u00a0€")
    expect(eurosField(3505)).toBe("35,05")
  })
})
