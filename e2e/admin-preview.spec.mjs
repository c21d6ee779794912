/**
 * The studio's preview pane draws the cards, the hero and the news with the site's own
 * components and styles (src/admin-preview), following what the owner types.
 */
import assert from "node:assert/strict"
import fs from "node:fs"
import path from "node:path"
import { test } from "@playwright/test"
import { useStudio } from "./lib/studio.mjs"

const { copy, readSoldItems, openAdmin, login, expandItem, preview } = useStudio("admin-preview")

test("the preview draws the sold-item cards with the site's own card, following the editor's typing", async () => {
  const item = readSoldItems().items[0]
  const { page, context, pageErrors } = await openAdmin("#/collections/listes/entries/sold-items")
  await login(page)
  const first = preview(page).getByRole("listitem").filter({ hasText: item.title })
  await first.getByRole("heading", { name: item.title }).waitFor({ timeout: 30000 })
  // The photo comes through the media library and is drawn, as on the site, by <picture>.
  await page.waitForFunction(
    () => {
      const img = document.querySelector("iframe")?.contentDocument?.querySelector("li picture img")
      return Boolean(img?.complete && img.naturalWidth > 0)
    },
    null,
    { timeout: 30000 },
  )
  // The card is styled by the site's stylesheet: the "Vendu" badge is the site's red.
  const badge = await first.getByText(/^vendu$/i).evaluate((element) => getComputedStyle(element).backgroundColor)
  assert.equal(badge, "rgb(185, 28, 28)")

  await expandItem(page, `${item.brand} · ${item.title}`)
  await page.getByLabel("Prix (€)").first().fill("61.5")
  await first.getByText("61,50 €").waitFor({ timeout: 10000 })
  assert.deepEqual(pageErrors, [])
  await context.close()
})

test("the preview draws the hero and the news cards as the site does", async () => {
  const { page, context, pageErrors } = await openAdmin("#/collections/pages/entries/site")
  await login(page)
  const site = JSON.parse(fs.readFileSync(path.join(copy, "content", "site.json"), "utf8"))
  await preview(page).getByRole("heading", { level: 1, name: site.hero.title }).waitFor({ timeout: 30000 })
  // The page's titles in order: Google's (seo), the hero's, the call to action's.
  const heroTitle = page.getByLabel("Titre", { exact: true }).nth(1)
  assert.equal(await heroTitle.inputValue(), site.hero.title)
  await heroTitle.fill("Une nouvelle accroche")
  await preview(page).getByRole("heading", { level: 1, name: "Une nouvelle accroche" }).waitFor({ timeout: 10000 })
  assert.deepEqual(pageErrors, [])
  await context.close()

  // A new page: leaving an entry with unsaved changes asks for confirmation.
  const second = await openAdmin("#/collections/listes/entries/news")
  await login(second.page)
  const news = JSON.parse(fs.readFileSync(path.join(copy, "content", "news.json"), "utf8")).items
  for (const article of news) await preview(second.page).getByRole("heading", { name: article.title }).waitFor({ timeout: 30000 })
  await preview(second.page).getByText(`${news[0].relevance} %`).first().waitFor()
  assert.deepEqual(second.pageErrors, [])
  await second.context.close()
})
