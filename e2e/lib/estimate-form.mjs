/**
 * The estimate form as the browser tests open it: the home page, past the splash, the form
 * scrolled into view, and its parts by role and name.
 */
import { gotoHome, openPage, reusedPage } from "./browser.mjs"

export const REGION = "Notifications (F8)"

/** In the worker's reused page (reusedPage), or a page of its own when `options` has an init script. `close()` ends the test's use. */
export async function openForm(browser, options = {}) {
  const opened = options.initScript ? await openPage(browser, options) : await reusedPage(browser, options)
  await gotoHome(opened.page)
  const form = opened.page.getByRole("form", { name: "Demande d'estimation" })
  await form.scrollIntoViewIfNeeded()
  return {
    ...opened,
    form,
    email: form.getByRole("textbox", { name: "Votre email" }),
    description: form.getByRole("textbox", { name: "Description (facultatif)" }),
    photos: form.getByLabel("Photos de l'article (4 maximum)"),
    previews: form.getByRole("img", { name: /^Photo \d/ }),
    region: opened.page.getByRole("region", { name: REGION }),
  }
}
