/**
 * The content studio as the browser tests drive it: the site's own server (src/server/host/serve.ts,
 * its login, its proxy backend, src/server/studio/) started by the spec for itself on an ephemeral
 * loopback port, working on a COPY of content/ in a folder of its own under E2E_STUDIO_DIR (never
 * the repo's files). `useStudio()` registers, in the spec, the hooks that put a fresh copy of
 * content/ there, create the owner's account and start that server (stopped after the spec), and
 * returns the owner's usual steps. Each studio spec having its own copy and server, studio specs
 * run beside each other and beside the rest; a spec's own tests run in order, in one worker.
 */
import assert from "node:assert/strict"
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { test } from "@playwright/test"
import { fileURLToPath } from "node:url"
import { openPage } from "./browser.mjs"
import { PHONE } from "./studio-gestures.mjs"

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
export const OWNER = { email: "proprietaire@exemple.fr", password: "cheval-batterie-agrafe" }

/**
 * Starts the site's server for a studio spec (built site, API, studio) on an ephemeral port of
 * 127.0.0.1 with `env` added; resolves with the server process and its address once it listens.
 */
function startServer(env) {
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/host/serve.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", STUDIO_PUBLISH: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  server.stderr.on("data", (chunk) => (output += chunk))
  return new Promise((resolve, reject) => {
    server.stdout.on("data", (chunk) => {
      output += chunk
      const url = /Site et API servis sur (http:\/\/[\d.]+:\d+)/.exec(output)?.[1]
      if (url) resolve({ server, base: url })
    })
    server.once("exit", (code) => reject(new Error(`le serveur du studio s'est arrêté (${code}) : ${output}`)))
  })
}

/**
 * A studio of the spec's own: a fresh copy of content/ and the owner's account in
 * E2E_STUDIO_DIR/`name`, served by a server of its own, before the spec's tests.
 * `env`: more settings for that server (its LEADS_DIR and DATABASE_PATH default to beside the copy;
 * `(studioDir) => ({...})` when they name folders of the studio); `beforeStart(studioDir)`: runs
 * just before the server starts.
 */
export function useStudio(name, env = () => ({}), { beforeStart = () => {} } = {}) {
  assert.ok(process.env.E2E_STUDIO_DIR, "E2E_STUDIO_DIR manquant : lancez les tests par e2e/playwright.config.mjs")
  const studioDir = path.join(process.env.E2E_STUDIO_DIR, name)
  // The spec's tests share its copy: in order, in one worker.
  test.describe.configure({ mode: "default" })
  const copy = path.join(studioDir, "site")
  const accounts = path.join(studioDir, "studio-accounts.json")
  const soldItemsFile = path.join(copy, "content", "sold-items.json")
  let browser
  let running
  let base = ""

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
    beforeStart(studioDir)
    running = await startServer({
      LEADS_DIR: path.join(studioDir, "leads"),
      DATABASE_PATH: path.join(studioDir, "shop.sqlite"),
      STUDIO_SITE_DIR: copy,
      STUDIO_ACCOUNTS: accounts,
      ...env(studioDir),
    })
    base = running.base
    browser = systemChromium
  })

  test.afterAll(() => {
    // A build it started, if one still runs, stops with it (src/server/publish/run-build.ts).
    running?.server.kill("SIGTERM")
  })

  const readSoldItems = () => JSON.parse(fs.readFileSync(soldItemsFile, "utf8"))

  const steps = {
    /** The studio server's address (once the spec's hooks have started it). */
    base: () => base,
    /** The folder of this spec's studio (its copy, accounts, outbox…). */
    studioDir,
    /** The copy of content/'s parent folder the served studio writes into. */
    copy,
    soldItemsFile,
    readSoldItems,

    /** The preview pane's document. */
    preview: (page) => page.frameLocator("iframe").first(),

    /**
     * A page of its own at the studio's address `adminPath` (…/admin/#/collections/…), which
     * shows the login page; `address` is that address. `options.prepare(context)` runs before
     * any page loads (routes, init scripts).
     */
    async openLoginPage(adminPath = "", { prepare, ...options } = {}) {
      const opened = await openPage(browser, { viewport: { width: 1440, height: 900 }, ...options })
      if (prepare) await prepare(opened.context)
      const address = `${base}/admin/${adminPath}`
      await opened.page.goto(address)
      return { ...opened, address }
    },

    /**
     * The studio's address `adminPath` (…/admin/#/collections/…), its login page, the owner's
     * e-mail and password (on a touch screen, by taps), then the studio there: the login keeps
     * the address's #…, so Decap starts once, at `adminPath` (changing only the #… while it
     * starts would race its own first route: an entry opened twice loses the first edits).
     * `options`: openLoginPage's.
     */
    async openAdmin(adminPath = "", options = {}) {
      const opened = await steps.openLoginPage(adminPath, options)
      const { page, address } = opened
      await page.getByLabel("Adresse e-mail").fill(OWNER.email)
      await page.getByLabel("Mot de passe").fill(OWNER.password)
      const connect = page.getByRole("button", { name: "Se connecter" })
      await (options.hasTouch ? connect.tap() : connect.click())
      // Decap may add to the #… once it starts (its default route).
      await page.waitForURL((url) => url.href.startsWith(address))
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
