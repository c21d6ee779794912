/**
 * The legal pages and the information where data is collected, on the built site: every page's
 * footer (the 404 included) leads to /mentions-legales/ and /confidentialite/, which answer 200
 * with their headings, readable without JavaScript; the sentence about personal data and its
 * link sit under the estimate form and in the chat's « Mes infos ». The sitemap's list of pages
 * is checked by production.spec.mjs.
 */
import { expect, test } from "@playwright/test"
import assert from "node:assert/strict"
import { readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { BASE_URL, gotoHome, reusedPage } from "./lib/browser.mjs"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const content = (name) => JSON.parse(readFileSync(path.join(ROOT, "content", `${name}.json`), "utf8"))
const legal = content("legal")
const PAGES = [
  { link: "Mentions légales", path: "/mentions-legales/", title: legal.mentionsTitle },
  { link: "Confidentialité", path: "/confidentialite/", title: legal.privacyTitle },
]
const POLICY_LINK = "Vos données et vos droits (nouvel onglet)"

let browser
test.beforeAll(async ({ browser: systemChromium }) => {
  browser = systemChromium
})

/** The footer's legal links, as hrefs by label; each must be on screen once scrolled to. */
async function footerLinks(page) {
  const nav = page.getByRole("contentinfo").getByRole("navigation", { name: "Informations légales" })
  const links = {}
  for (const { link } of PAGES) {
    const anchor = nav.getByRole("link", { name: link })
    await anchor.scrollIntoViewIfNeeded()
    assert.equal(await anchor.isVisible(), true, `lien « ${link} » invisible`)
    links[link] = await anchor.getAttribute("href")
  }
  return links
}

test("every footer links to both legal pages, which answer 200 with their heading, even without JavaScript", async () => {
  const { page, close, pageErrors } = await reusedPage(browser, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
  const expected = Object.fromEntries(PAGES.map(({ link, path: address }) => [link, address]))
  await page.goto(`${BASE_URL}/`, { waitUntil: "load" })
  assert.deepEqual(await footerLinks(page), expected)
  const notFound = await page.goto(`${BASE_URL}/page-inexistante/`, { waitUntil: "load" })
  assert.equal(notFound?.status(), 404)
  assert.deepEqual(await footerLinks(page), expected)
  for (const { path: address, title } of PAGES) {
    const response = await page.goto(`${BASE_URL}${address}`, { waitUntil: "load" })
    assert.equal(response?.status(), 200, address)
    assert.equal(await page.getByRole("heading", { level: 1, name: title }).isVisible(), true, `${address} : titre « ${title} »`)
    assert.deepEqual(await footerLinks(page), expected, `${address} : pied de page`)
    // Public pages: indexable, with their own canonical address.
    assert.equal(await page.locator('meta[name="robots"]').count(), 0, `${address} : noindex`)
    assert.match((await page.locator('link[rel="canonical"]').getAttribute("href")) ?? "", new RegExp(`${address}$`))
  }
  // The publisher is the controller: the policy names them from the same field.
  assert.equal(await page.getByText(legal.publisher.name).first().isVisible(), true)
  assert.deepEqual(pageErrors, [])
  await close()
})

test("the sentence about personal data and its link, under the estimate form and in « Mes infos »", async () => {
  const { page, context, close, pageErrors } = await reusedPage(browser, { viewport: { width: 390, height: 844 } })
  await gotoHome(page)
  const form = page.locator("#rachat form")
  const formPolicy = form.getByRole("link", { name: POLICY_LINK })
  await formPolicy.scrollIntoViewIfNeeded()
  assert.equal(await formPolicy.isVisible(), true)
  assert.equal(await formPolicy.getAttribute("href"), "/confidentialite/")
  assert.equal(await formPolicy.getAttribute("target"), "_blank")
  // Waited for, not read once: the form's section may still be hydrating, its text briefly empty
  // (read once, it was '' in one fresh-clone CI run; its retry passed).
  await expect(formPolicy.locator("xpath=..")).toContainText(/3 ans après notre dernier échange/)

  await page.getByRole("button", { name: "Chat avec maxAi" }).click()
  const dialog = page.getByRole("dialog", { name: "maxAi" })
  await dialog.getByRole("button", { name: "Mes infos" }).click()
  const infoPolicy = dialog.getByRole("form", { name: "Mes infos" }).getByRole("link", { name: POLICY_LINK })
  await infoPolicy.waitFor()
  assert.equal(await infoPolicy.getAttribute("href"), "/confidentialite/")
  await expect(infoPolicy.locator("xpath=..")).toContainText(/3 ans après notre dernier échange/)

  // Followed, it opens the policy in a new tab: the conversation and the form stay as they were.
  const [policyTab] = await Promise.all([context.waitForEvent("page"), infoPolicy.click()])
  await policyTab.getByRole("heading", { level: 1, name: legal.privacyTitle }).waitFor()
  assert.equal(await dialog.isVisible(), true)
  assert.deepEqual(pageErrors, [])
  await close()
})
