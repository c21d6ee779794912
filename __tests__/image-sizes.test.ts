/** @jest-environment node */
import fs from "node:fs"
import path from "node:path"
import { above } from "../src/styles/tokens/breakpoints"

/**
 * An image's `sizes` tells the browser which file to fetch before any style is known; it must
 * follow the breakpoints where the grids holding the image change columns. The two fragments
 * write it as GraphQL text, which Gatsby reads without running it (no variable can go in), so
 * this holds that text to the breakpoint table: a breakpoint moved without it fails here.
 */
function sizesIn(fragmentFile: string): string {
  const source = fs.readFileSync(path.resolve(__dirname, "..", "src", "sections", fragmentFile), "utf8")
  const match = /sizes: "([^"]+)"/.exec(source)
  if (!match?.[1]) throw new Error(`pas de sizes dans ${fragmentFile}`)
  return match[1]
}

test("the gallery's photos: 4 columns from xxxl, 3 from md, else 2 (Gallery.css.ts's grid)", () => {
  expect(sizesIn("Gallery/Gallery.fragment.ts")).toBe(`${above("xxxl")} 270px, ${above("md")} 33vw, 50vw`)
})

test("the engine panel's photo: beside the text from xl, else the full width (EnginePanel.css.ts)", () => {
  expect(sizesIn("EnginePanel/EnginePanel.fragment.ts")).toBe(`${above("xl")} 620px, 100vw`)
})
