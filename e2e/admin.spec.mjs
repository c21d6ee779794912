/**
 * The content studio (/admin/, Decap CMS) as the shop owner uses it, against the served build
 * and a real decap-server working on a temporary COPY of content/ (never the repo's files):
 * change a price, add a sold item with a photo upload, save → the JSON on disk has the new values
 * as numbers and passes check:content; invalid edits are refused in the form, in French.
 */
import assert from "node:assert/strict"
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import { after, before, test } from "node:test"
import { fileURLToPath } from "node:url"
import sharp from "sharp"
import { BASE_URL, launchBrowser, openPage } from "./lib/browser.mjs"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const copy = fs.mkdtempSync(path.join(os.tmpdir(), "maxai-studio-"))
const soldItemsFile = path.join(copy, "content", "sold-items.json")
let server
let port
let browser

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address()
      probe.close(() => resolve(free))
    })
  })
}

before(async () => {
  fs.cpSync(path.join(ROOT, "content"), path.join(copy, "content"), { recursive: true })
  port = await freePort()
  server = spawn(process.execPath, [path.join(ROOT, "node_modules/decap-server/dist/index.js")], {
    env: { ...process.env, PORT: String(port), GIT_REPO_DIRECTORY: copy, MODE: "fs", LOG_LEVEL: "warn" },
    stdio: "inherit",
  })
  for (let tick = 0; tick < 50; tick += 1) {
    const answer = await fetch(`http://localhost:${port}/api/v1`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"action":"info"}' }).catch(() => null)
    if (answer?.ok) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  server?.kill()
  fs.rmSync(copy, { recursive: true, force: true })
})

/** The admin, told where decap-server listens the way `npm run edit`'s development site tells it. */
async function openAdmin(path = "") {
  const opened = await openPage(browser, { viewport: { width: 1440, height: 900 } })
  await opened.page.route("**/__contenu/decap", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ local_backend: { url: `http://localhost:${port}/api/v1` } }) }),
  )
  await opened.page.goto(`${BASE_URL}/admin/${path}`)
  return opened
}

const readSoldItems = () => JSON.parse(fs.readFileSync(soldItemsFile, "utf8"))

async function login(page) {
  await page.getByRole("button", { name: "Se connecter" }).click({ timeout: 60000 })
  await page.getByText("Catalogue et listes").first().waitFor({ timeout: 60000 })
}

/** Waits until `check` holds for the file on disk (decap-server writes it on save). */
async function untilOnDisk(check) {
  for (let tick = 0; tick < 60; tick += 1) {
    if (check(readSoldItems())) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  assert.fail("le fichier n'a pas été écrit")
}

/** Decap lists start collapsed: the chevron of the item whose summary is `summary` opens it. */
async function expandItem(page, summary) {
  await page.getByText(summary).first().locator("xpath=ancestor::div[.//button][1]").getByRole("button").first().click({ timeout: 60000 })
}

async function publish(page) {
  await page.getByRole("button", { name: /^Publier$/ }).click()
  await page.getByText("Publier maintenant").click()
}

test("the admin is in French and noindex", async () => {
  const { page, context } = await openAdmin()
  await login(page)
  assert.equal(await page.locator('meta[name="robots"]').getAttribute("content"), "noindex, nofollow")
  await context.close()
})

test("a price changed in the admin lands in sold-items.json as a number, and the content stays valid", async () => {
  const { page, context, pageErrors } = await openAdmin()
  await login(page)
  await page.goto(`${BASE_URL}/admin/#/collections/listes/entries/sold-items`)
  await expandItem(page, "Lacoste · Polo L.12.12 blanc classique · 45 €")
  await page.getByLabel("Prix (€)").first().fill("49.5")
  await publish(page)
  await untilOnDisk((data) => data.items[0].price === 49.5)
  const item = readSoldItems().items[0]
  assert.equal(typeof item.views, "number")
  assert.equal(item.title, "Polo L.12.12 blanc classique")
  const check = spawnSync("npm", ["run", "--silent", "check:content", "--", path.join(copy, "content")], { cwd: ROOT, encoding: "utf8" })
  assert.equal(check.status, 0, check.stdout + check.stderr)
  assert.deepEqual(pageErrors, [])
  await context.close()
})

test("an empty title and an https:// without host are refused in the form, in French", async () => {
  const before = fs.readFileSync(soldItemsFile, "utf8")
  const { page, context } = await openAdmin()
  await login(page)
  await page.goto(`${BASE_URL}/admin/#/collections/listes/entries/sold-items`)
  await expandItem(page, /^Ralph Lauren · Polo Custom Fit bleu marine/)
  await page.getByLabel("Titre").nth(1).fill("")
  await publish(page)
  await page.getByText("Le champ Titre est requis.").waitFor({ timeout: 10000 })
  assert.equal(fs.readFileSync(soldItemsFile, "utf8"), before, "rien n'est écrit")

  await context.close()

  const second = await openAdmin()
  await login(second.page)
  await second.page.goto(`${BASE_URL}/admin/#/collections/listes/entries/shops`)
  const shops = JSON.parse(fs.readFileSync(path.join(copy, "content", "shops.json"), "utf8"))
  await expandItem(second.page, shops.items[0].name)
  await second.page.getByLabel("Adresse du profil").first().fill("https://")
  await publish(second.page)
  await second.page.getByText(/Le champ Adresse du profil ne correspond pas au schéma: Adresse complète du profil, commençant par https:\/\//).waitFor({ timeout: 10000 })
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(copy, "content", "shops.json"), "utf8")), shops)
  await second.context.close()
})
