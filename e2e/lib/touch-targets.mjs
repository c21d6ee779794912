/**
 * A page made for a finger: nothing wider than the screen, every control at least 44 px high
 * (the owner's rooms and the seller's page, on a phone and a computer alike).
 */
import assert from "node:assert/strict"

/** The controls of a page's main part. */
export const MAIN_CONTROLS = "main a, main button, main summary, main input:not([type=hidden]), main select"

/**
 * Nothing wider than the screen, every visible control of `controls` at least 44 px high, measured
 * once the stylesheet applies (a page answered to a form may show its text first). `reachedThrough`
 * names the controls a finger reaches through a bigger box, measured instead: `{ ".card-title a":
 * ".card" }` for a card's title link stretched over its whole card (its ::after). A checkbox or a
 * radio inside its label is measured by the label.
 */
export async function assertFitsAndTouchable(page, { controls = MAIN_CONTROLS, reachedThrough = {} } = {}) {
  await page.waitForLoadState("load")
  // Against the screen's width: a phone's browser widens its layout (innerWidth) to fit a page too wide.
  const screen = page.viewportSize().width
  assert.ok(await page.evaluate((width) => document.documentElement.scrollWidth <= width && window.innerWidth <= width, screen), "pas de défilement horizontal")
  const small = await page.evaluate(
    ({ controls, reachedThrough }) =>
      [...document.querySelectorAll(controls)]
        .map((element) => {
          const through = Object.entries(reachedThrough).find(([control]) => element.matches(control))
          if (through) return element.closest(through[1])
          // A box or a radio inside its label is tapped anywhere on the label: the label is the target.
          return element.matches("input[type=checkbox], input[type=radio]") ? (element.closest("label") ?? element) : element
        })
        .filter((element) => element.checkVisibility() && element.getBoundingClientRect().height < 44)
        .map((element) => element.outerHTML.slice(0, 80)),
    { controls, reachedThrough },
  )
  assert.deepEqual(small, [], "cibles de 44 px au moins")
}
