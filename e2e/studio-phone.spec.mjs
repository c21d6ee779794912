/**
 * The studio on the site's own server (e2e/lib/studio.mjs: the served build's login and proxy
 * backend on a COPY of content/): the French login page on a phone (390 × 844, touch), which
 * keeps a link into the studio through a refused then an accepted login, then a
 * price changed and published through the real studio, and a spaces-only title refused with
 * the build's French line in the studio's notification, nothing written (the item number is
 * never typed: studio-rules.spec.mjs), at 1440 × 900 (the computer's layout; the same by touch
 * at 390 × 844: studio-touch.spec.mjs).
 */
import assert from "node:assert/strict"
import fs from "node:fs"
import { test } from "@playwright/test"
import { OWNER, useStudio } from "./lib/studio.mjs"
import { field } from "./lib/studio-gestures.mjs"

const { openAdmin, openLoginPage, login, expandItem, publish, soldItemsFile, untilOnDisk } = useStudio("studio-phone")
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

test("on a phone the login page fits the screen, its fields are big enough to touch, and it opens the studio where the link pointed, even after a refusal", async () => {
  const { page, context, pageErrors, address } = await openLoginPage("#/collections/listes/entries/sold-items", PHONE)
  await page.getByRole("button", { name: "Se connecter" }).waitFor()
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), "pas de défilement horizontal")
  for (const control of [page.getByLabel("Adresse e-mail"), page.getByLabel("Mot de passe"), page.getByRole("button", { name: "Se connecter" })]) {
    assert.ok((await control.boundingBox()).height >= 44, "44 px au moins")
  }
  await page.getByLabel("Adresse e-mail").fill(OWNER.email)
  await page.getByLabel("Mot de passe").fill("pas le bon mot de passe")
  await page.getByRole("button", { name: "Se connecter" }).tap()
  await page.getByRole("alert").filter({ hasText: "Adresse e-mail ou mot de passe incorrect." }).waitFor()
  assert.equal(await page.getByLabel("Adresse e-mail").inputValue(), OWNER.email, "l'adresse reste saisie")
  await page.getByLabel("Mot de passe").fill(OWNER.password)
  await page.getByRole("button", { name: "Se connecter" }).tap()
  // The sold items' editor, where the link pointed.
  await page.waitForURL((url) => url.href.startsWith(address))
  await page.getByRole("button", { name: "Supprimer de la liste" }).first().waitFor({ timeout: 60000 })
  assert.deepEqual(pageErrors, [])
  await context.close()
})

test("the owner changes a price through the studio, and a spaces-only title is refused in French with nothing written", async () => {
  const { page, context, pageErrors } = await openAdmin("#/collections/listes/entries/sold-items")
  await login(page)
  await expandItem(page, "Lacoste · Polo L.12.12 blanc classique · 45,00\u00a0€")
  await page.getByLabel("Prix (€)").first().fill("47.5")
  await publish(page)
  await untilOnDisk((data) => data.items[0].price === 47.5)
  assert.deepEqual(pageErrors, [])

  const before = fs.readFileSync(soldItemsFile, "utf8")
  // A fresh editor, every item collapsed.
  await page.reload()
  await login(page)
  await expandItem(page, /^Ralph Lauren · Polo Custom Fit bleu marine/)
  // The open item's title (the section's own « Titre » comes first).
  await field(page, "Titre").fill("   ")
  await publish(page)
  await page.getByText(/items\[1\]\.title : ne contient que des espaces/).waitFor({ timeout: 30000 })
  assert.equal(fs.readFileSync(soldItemsFile, "utf8"), before, "rien n'est écrit")
  // Decap leaves the refused save's rejection unhandled (a bare object): nothing else may fail.
  assert.ok(pageErrors.length <= 1 && pageErrors.every((error) => error === "Object"), pageErrors.join("\n"))
  await context.close()
})
