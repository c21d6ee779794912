/**
 * @jest-environment node
 *
 * build-steps/content/layout.ts and normalize.ts (the site's own server and the studio's browser
 * check both use them): a save keeps each content file's own layout and key order, so a commit
 * shows only what the owner changed; what the studio sends is made into what the build expects.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { layoutLike } from "../build-steps/content/layout"
import { nextNumber, normalizeContent, parseDecimal } from "../build-steps/content/normalize"

const CONTENT = resolve(__dirname, "../content")

test.each(readdirSync(CONTENT).filter((name) => name.endsWith(".json")))("%s saved unchanged is written back byte for byte", (name) => {
  const text = readFileSync(join(CONTENT, name), "utf8")
  expect(layoutLike(text, JSON.parse(text))).toBe(text)
})

test("keys keep the file's order whatever order the studio sends; new keys come last; new files spread out", () => {
  const old = '{\n  "heading": { "title": "A", "intro": "B" },\n  "items": [1, 2]\n}\n'
  expect(layoutLike(old, { items: [1, 2, 3], heading: { extra: true, intro: "C", title: "A" } })).toBe(
    '{\n  "heading": { "title": "A", "intro": "C", "extra": true },\n  "items": [1, 2, 3]\n}\n',
  )
  expect(layoutLike("", { a: { b: [1] } })).toBe('{\n  "a": {\n    "b": [\n      1\n    ]\n  }\n}\n')
})

test("normalize: emptied fields removed, French and English prices, missing numbers assigned", () => {
  expect(
    normalizeContent({
      items: [{ id: 3, price: "12,50", size: "", note: null }, { price: "12.50 €", title: "  " }, { id: 7, price: 4 }, { price: "douze" }],
    }),
  ).toEqual({
    items: [
      { id: 3, price: 12.5 },
      { id: 8, price: 12.5, title: "  " },
      { id: 7, price: 4 },
      { id: 9, price: "douze" },
    ],
  })
})

test("a decimal typed with a comma or a point, with or without €, is read as the number; anything else is not a number", () => {
  expect(["12,50", "12.50", " 12,5 € ", "45", "0,99"].map(parseDecimal)).toEqual([12.5, 12.5, 12.5, 45, 0.99])
  expect(["", "12,", ",5", "1 250", "12,5,0", "douze", "-3", "12.5e3"].map(parseDecimal)).toEqual(Array(8).fill(null))
})

test("a new entry's number is one more than the highest of its list, whatever the order", () => {
  expect(nextNumber([{ id: 3 }, { id: 15 }, { id: 7 }])).toBe(16)
  expect(nextNumber([{ title: "sans numéro" }])).toBe(1)
  expect(nextNumber([])).toBe(1)
})
