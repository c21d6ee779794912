/**
 * The content studio as the browser tests drive it: the served build's own studio (/admin/, its
 * login and its proxy backend, src/server/studio/), working on a COPY of content/ in
 * E2E_STUDIO_DIR (e2e/playwright.config.mjs gives the server STUDIO_SITE_DIR and STUDIO_ACCOUNTS
 * there; never the repo's files). `useStudio()` registers, in the spec, a hook that puts a fresh
 * copy of content/ there and creates the owner's account, and returns the owner's usual steps. It
 * takes the studio lock (lib/locks.mjs): the specs that share this copy never run at the same time.
 */
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { test } from "@playwright/test"
import { fileURLToPath } from "node:url"
import { BASE_URL, openPage } from "./browser.mjs"
import { takeStudioLock } from "./locks.mjs"

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
export const OWNER = { email: "proprietaire@exemple.fr", password: "cheval-batterie-agrafe" }

/**
 * A fresh copy of content/ for the served studio and its owner's account, before the spec's tests.
 * `server`: another studio than the served build's (a spec that starts its own server): its
 * folder, and a function giving its address once it listens.
 */
export function useStudio(server = { studioDir: process.env.E2E_STUDIO_DIR, base: () => BASE_URL }) {
  const { studioDir } = server
  assert.ok(studioDir, "E2E_STUDIO_DIR manquant : lancez les tests par e2e/playwright.config.mjs")
  takeStudioLock()
  const copy = path.join(studioDir, "site")
  const accounts = path.join(studioDir, "studio-accounts.json")
  const soldItemsFile = path.join(copy, "content", "sold-items.json")
  let browser

  test.beforeAll(async ({ browser: systemChromium }) => {
    fs.rmSync(path.join(copy, "content"), { recursive: true, force: true })
    fs.cpSync(path.join(ROOT, "content"), path.join(copy, "content"), { recursive: true })
    if (!fs.existsSync(accounts)) {
      const added = spawnSync("npm", ["run", "--silent", "studio:account", "--", "add", OWNER.email, "--password-stdin"], {
        cwd: ROOT,
        input: OWNER.password,
        env: { ...process.env, STUDIO_ACCOUNTS: accounts },
        encoding: "utf8",
      })
      assert.equal(added.status, 0, added.stderr)
    }
    browser = systemChromium
  })

  const readSoldItems = () => JSON.parse(fs.readFileSync(soldItemsFile, "utf8"))

  const steps = {
    /** The copy of content/'s parent folder the served studio writes into. */
    copy,
    soldItemsFile,
    readSoldItems,

    /** The preview pane's document. */
    preview: (page) => page.frameLocator("iframe").first(),

    /**
     * The login page, the owner's e-mail and password, then the studio at `adminPath` (on a touch screen, by taps).
     * `options.prepare(context)` runs before any page loads (routes, init scripts).
     */
    async openAdmin(adminPath = "", { prepare, ...options } = {}) {
      const opened = await openPage(browser, { viewport: { width: 1440, height: 900 }, ...options })
      const { page } = opened
      const base = server.base()
      if (prepare) await prepare(opened.context)
      await page.goto(`${base}/admin/`)
      await page.getByLabel("Adresse e-mail").fill(OWNER.email)
      await page.getByLabel("Mot de passe").fill(OWNER.password)
      const connect = page.getByRole("button", { name: "Se connecter" })
      await (options.hasTouch ? connect.tap() : connect.click())
      await page.waitForURL(`${base}/admin/**`)
      if (adminPath) {
        // Straight there in a fresh document, so Decap starts once, at `adminPath`: changing only
        // the address's #… while it starts races its own first route (an entry opened twice loses
        // the first edits).
        await page.goto("about:blank")
        await page.goto(`${base}/admin/${adminPath}`)
      }
      return opened
    },

    /** The studio is open once it shows its collections, or an entry's editor (the server's login came first). */
    async login(page) {
      await page
        .getByText("Catalogue et listes")
        .or(page.getByText(/dans la collection/))
        .filter({ visible: true })
        .first()
        .waitFor({ timeout: 60000 })
    },

    /** Waits until `check` holds for the file on disk (the server writes it whole, renamed into place). */
    async untilOnDisk(check) {
      for (let tick = 0; tick < 60; tick += 1) {
        if (check(readSoldItems())) return
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      assert.fail("le fichier n'a pas été écrit")
    },

    /** Waits until `file` exists and `read(file)` succeeds; returns what `read` returned. */
    async untilFileWhole(file, read) {
      let lastError
      for (let tick = 0; tick < 60; tick += 1) {
        if (fs.existsSync(file)) {
          try {
            return await read(file)
          } catch (error) {
            lastError = error
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      assert.fail(`${path.basename(file)} n'a pas été écrit en entier (${lastError?.message ?? "absent"})`)
    },

    /** Decap lists start collapsed: the chevron of the item whose summary is `summary` opens it. */
    async expandItem(page, summary) {
      await page.getByText(summary).first().locator("xpath=ancestor::div[.//button][1]").getByRole("button").first().click({ timeout: 60000 })
    },

    async publish(page) {
      await page.getByRole("button", { name: /^Publier$/ }).click()
      await page.getByText("Publier maintenant").click()
    },

    /** The studio on a phone (PHONE), from its first screen to the sold items, by taps. */
    async openSoldItemsByTouch() {
      const opened = await steps.openAdmin("", PHONE)
      await steps.login(opened.page)
      await opened.page.getByText("Articles vendus (galerie)").tap()
      await opened.page.getByRole("button", { name: "Supprimer de la liste" }).first().waitFor()
      return opened
    },
  }
  return steps
}

/** A phone in portrait: the owner's usual screen (static/admin/studio.css below 800 px). */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

/** Fails unless `locator` is wholly on the screen. */
export async function assertOnScreen(page, locator, what) {
  const box = await locator.boundingBox()
  const { width, height } = page.viewportSize()
  const inside = box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height
  assert.ok(inside, `${what} hors de l'écran : ${JSON.stringify(box)}`)
}

/** « Publier › Publier maintenant », both on the screen, by taps. */
export async function publishByTap(page) {
  const publish = page.getByRole("button", { name: /^Publier$/ })
  await assertOnScreen(page, publish, "« Publier »")
  await publish.tap()
  const now = page.getByRole("menuitem", { name: "Publier maintenant" })
  await assertOnScreen(page, now, "« Publier maintenant »")
  await now.tap()
}

/** The field of that label in the open item: the last one shown (folded items hide theirs; the section's heading comes first). */
export const field = (page, label) => page.getByLabel(label, { exact: true }).filter({ visible: true }).last()

/**
 * The name a photo picked from `file` shows in the media library: static/admin/touch.js gives
 * each picked photo a name of its own (its name, a time stamp), which Decap lowercases.
 */
export function pickedName(file) {
  const { name, ext } = path.parse(file)
  const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  return new RegExp(`^${literal(name)}-[0-9a-z]+${literal(ext)}$`, "i")
}
