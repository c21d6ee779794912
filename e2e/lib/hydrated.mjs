/**
 * The splash's enter button works once React has hydrated the page; a click before that does
 * nothing. The splash moves focus to that button on mount, so focus there means "ready".
 */
import { BASE_URL, enterSite } from "./browser.mjs"

export async function waitForHydration(page) {
  await page.waitForFunction(() => document.activeElement?.textContent === "Entrer sur le site", null, { timeout: 20000 })
}

/** Loads `/`, waits for hydration and passes the splash. */
export async function gotoHydratedHome(page, path = "/") {
  await page.goto(`${BASE_URL}${path}`, { waitUntil: "load" })
  await waitForHydration(page)
  await enterSite(page)
}
