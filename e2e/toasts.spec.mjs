/**
 * The toasts the estimate form raises, in a real browser: where they sit on a desktop and on a
 * phone (never over the field in use, nor the chat button), without animation under reduced
 * motion, and axe on the form with an error and a toast open.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { AxeBuilder } from "@axe-core/playwright"
import { openForm as openFormIn, REGION } from "./lib/estimate-form.mjs"
import { renderWholePage, waitForAnimations } from "./lib/settle.mjs"

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

const openForm = (options) => openFormIn(browser, options)

/**
 * Raises the 'Informations manquantes' toast with Enter in the email field, the field placed at
 * `emailAt` of the screen ("center" as Playwright scrolls, "top" just under the header bar,
 * "bottom" at the screen's foot), and returns the toast's box, the field's and the launcher's.
 */
async function toastLayout(options, emailAt = "center") {
  const opened = await openForm(options)
  await opened.email.focus()
  if (emailAt !== "center") {
    // Every section laid out, hydrated and showing its images first (as after an in-page link, then
    // the window passed over them): a section laid out, hydrated or filled later pushed the field
    // down between its placement and the toast (355 px, then 96 px after Enter, in fresh-clone CIs).
    await renderWholePage(opened.page)
    await opened.email.focus()
    // Placed again until it stays in the wanted half of the screen, at the same place, over five frames.
    await opened.page.waitForFunction(
      async ({ at }) => {
        const field = document.activeElement
        field.scrollIntoView({ block: at === "top" ? "start" : "end", behavior: "instant" })
        // Clear the sticky header bar (64 px) or the screen's very edge.
        window.scrollBy({ top: at === "top" ? -80 : 16, behavior: "instant" })
        // A frame, or 100 ms on a page given none (e2e/lib/settle.mjs); the checks below decide.
        const frame = () =>
          new Promise((resolve) => {
            requestAnimationFrame(resolve)
            setTimeout(resolve, 100)
          })
        const placedTop = field.getBoundingClientRect().top
        for (let still = 0; still < 5; still += 1) {
          await frame()
          if (Math.abs(field.getBoundingClientRect().top - placedTop) > 0.5) return false
        }
        return at === "top" ? placedTop < window.innerHeight / 2 : placedTop > window.innerHeight / 2
      },
      { at: emailAt },
      { polling: 100, timeout: 10_000 },
    )
  }
  await opened.email.press("Enter")
  const toast = opened.region.getByRole("listitem")
  await toast.waitFor()
  // Let the entrance animation finish before measuring.
  await waitForAnimations(opened.page)
  const launcher = opened.page.getByRole("button", { name: "Chat avec maxAi" })
  const launcherBox = (await launcher.count()) > 0 ? await launcher.first().boundingBox() : null
  return { ...opened, toast, box: await toast.boundingBox(), emailBox: await opened.email.boundingBox(), launcherBox }
}

const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

test("toasts sit bottom-right on desktop, clear of the chat launcher", async () => {
  const desktop = await toastLayout({ viewport: { width: 1440, height: 900 } })
  assert.ok(desktop.box.x + desktop.box.width <= 1440 - 100 + 1, `right edge ${desktop.box.x + desktop.box.width}`)
  assert.ok(desktop.box.x > 1440 / 2, "on the right half")
  assert.ok(900 - (desktop.box.y + desktop.box.height) <= 30, "at the bottom")
  if (desktop.launcherBox) assert.equal(overlaps(desktop.box, desktop.launcherBox), false, "the chat launcher stays visible")
  await desktop.close()
})

for (const emailAt of ["top", "bottom"]) {
  test(`on a phone the toast spans the width on the screen's other half and never covers the field in use (field at the ${emailAt})`, async () => {
    const phone = await toastLayout({ viewport: { width: 390, height: 844 }, colorScheme: "dark", hasTouch: true, isMobile: true }, emailAt)
    const { box, emailBox } = phone
    assert.ok(Math.abs(box.width - (390 - 32)) <= 1, `width ${box.width}`)
    assert.equal(emailAt === "top" ? emailBox.y < 844 / 2 : emailBox.y > 844 / 2, true, `the field sits where the test put it (y ${emailBox.y})`)
    assert.equal(overlaps(box, emailBox), false, `toast ${JSON.stringify(box)} over the email field ${JSON.stringify(emailBox)}`)
    if (emailAt === "top") assert.ok(844 - (box.y + box.height) <= 40, `at the bottom (y ${box.y})`)
    else assert.ok(box.y >= 64 && box.y <= 120, `under the header bar (y ${box.y})`)
    if (phone.launcherBox) assert.equal(overlaps(box, phone.launcherBox), false, "the chat button stays visible")
    await phone.close()
  })
}

test("with reduced motion the toast appears without animation", async () => {
  const { toast, close } = await toastLayout({ reducedMotion: "reduce" })
  assert.equal(await toast.evaluate((element) => getComputedStyle(element).animationName), "none")
  await close()
})

for (const colorScheme of ["light", "dark"]) {
  test(`axe: no violation in the form with an error shown and a toast open (${colorScheme})`, async () => {
    const { page, close, form, email, region } = await openForm({ colorScheme })
    await email.fill("vous@exemple")
    await email.press("Tab")
    await form.getByText("Cette adresse email ne semble pas valide", { exact: false }).waitFor()
    await email.press("Enter")
    await region.getByText("Informations manquantes").waitFor()
    await waitForAnimations(page)
    const results = await new AxeBuilder({ page }).include("#rachat").include(`[role='region'][aria-label='${REGION}']`).analyze()
    assert.deepEqual(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
      [],
    )
    await close()
  })
}
