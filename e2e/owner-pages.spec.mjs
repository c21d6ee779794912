/**
 * The owner's rooms side by side in a real browser (the inbox /admin/demandes/, the register
 * /admin/registre/ with one entry, the questions /admin/questions/, the go-live checklist
 * /admin/mise-en-ligne/), on a phone (390 × 844, by touch) and a computer (1440 × 900), light and
 * dark: every page has the same header (the owner's rooms, the studio, the checklist,
 * « Se déconnecter », the page open marked), nothing is cut or wider than the screen (only the register's table
 * scrolls sideways, inside its own box), and loading a page asks for nothing the server does not
 * have (no 404: the site's icon is named). The register prints without the header. Screenshots
 * under artifacts/owner-pages/ (or OWNER_PAGES_SHOTS).
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { mkdirSync } from "node:fs"
import path from "node:path"
import { seedRegister } from "./lib/register-seed.mjs"
import { ROOT, useStudio } from "./lib/studio.mjs"
import { PHONE } from "./lib/studio-gestures.mjs"

const { openAdmin } = useStudio("owner-pages", (studioDir) => {
  const dir = path.join(studioDir, "registre")
  // One purchase in the register.
  seedRegister(dir, [{ request: "20261126-0900-K7Q2MX" }])
  return { REGISTER_DIR: dir }
})

const SHOTS = process.env.OWNER_PAGES_SHOTS ?? path.join(ROOT, "artifacts", "owner-pages")
const DESKTOP = { viewport: { width: 1440, height: 900 } }
const ROOMS = [
  { path: "demandes/", heading: /^Demandes/, name: "demandes", link: "Demandes" },
  { path: "registre/", heading: "Registre des achats", name: "registre", link: "Registre" },
  { path: "questions/", heading: "Questions sans réponse", name: "questions", link: "Questions" },
  { path: "mise-en-ligne/", heading: "Avant la mise en ligne", name: "mise-en-ligne", link: "Mise en ligne" },
]
const HEADER = ["Demandes", "Questions", "Registre", "Stock", "Studio", "Mise en ligne", "Se déconnecter"]

for (const [device, options] of [
  ["390", PHONE],
  ["1440", DESKTOP],
]) {
  for (const colorScheme of ["light", "dark"]) {
    test(`at ${device} px, ${colorScheme}: every owner page has the same header, nothing cut, no 404`, async () => {
      mkdirSync(SHOTS, { recursive: true })
      const { page, context, pageErrors } = await openAdmin("demandes/", { ...options, colorScheme })
      // The login page was at this same address: logged in once the inbox shows.
      await page.getByRole("heading", { level: 1, name: ROOMS[0].heading }).waitFor()
      const failed = []
      page.on("response", (response) => response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`))
      for (const room of ROOMS) {
        await page.goto(`${page.url().replace(/\/admin\/.*$/, "")}/admin/${room.path}`)
        await page.getByRole("heading", { level: 1, name: room.heading }).waitFor()
        await page.waitForLoadState("load")
        const header = await page.locator("header").getByRole("link").or(page.locator("header").getByRole("button")).allInnerTexts()
        assert.deepEqual(
          header.map((text) => text.trim()),
          HEADER,
          `${room.name} : l'en-tête de chaque page du propriétaire`,
        )
        assert.equal(await page.locator('header [aria-current="page"]').innerText(), room.link, `${room.name} : la page ouverte est marquée dans l'en-tête`)
        const width = page.viewportSize().width
        const cut = await page.evaluate(
          (screen) =>
            [...document.querySelectorAll("header a, header button, main :is(h1, h2, h3, p, caption, label, a, button, summary, li)")]
              // The register's cells scroll sideways in their own box: the rest must stay on the screen.
              .filter((element) => element.checkVisibility() && !element.closest("td, th"))
              .filter((element) => {
                const box = element.getBoundingClientRect()
                return box.left < -0.5 || box.right > screen + 0.5 || element.scrollWidth > element.clientWidth + 1
              })
              .map((element) => element.outerHTML.slice(0, 100)),
          width,
        )
        assert.deepEqual(cut, [], `${room.name} : rien de coupé ni hors de l'écran`)
        assert.ok(await page.evaluate((screen) => document.documentElement.scrollWidth <= screen, width), `${room.name} : pas de défilement horizontal`)
        await page.screenshot({ path: path.join(SHOTS, `${room.name}-${device}-${colorScheme}.png`), fullPage: true })
        if (room.name === "registre" && device === "1440" && colorScheme === "light") {
          await page.emulateMedia({ media: "print" })
          assert.equal(await page.locator("header").isVisible(), false, "l'impression ne montre que le registre")
          await page.screenshot({ path: path.join(SHOTS, "registre-print.png"), fullPage: true })
          await page.emulateMedia({ media: "screen" })
        }
      }
      assert.deepEqual(failed, [], "aucune adresse demandée en vain")
      assert.deepEqual(pageErrors, [])
      await context.close()
    })
  }
}
