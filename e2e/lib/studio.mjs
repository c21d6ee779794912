/**
 * The content studio as the browser tests drive it: a real decap-server working on a temporary
 * COPY of content/ (never the repo's files), started before the spec's tests and removed after,
 * and the owner's usual steps in the admin. `useStudio()` registers those hooks in the spec.
 */
import assert from "node:assert/strict"
import { spawn } from "node:child_process"
import { randomUUID } from "node:crypto"
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import { test } from "@playwright/test"
import { fileURLToPath } from "node:url"
import { BASE_URL, openPage } from "./browser.mjs"

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address()
      probe.close(() => resolve(free))
    })
  })
}

/** Starts decap-server on a copy of content/ and a browser for the spec; returns the owner's steps. */
export function useStudio() {
  // Named now, made in the hook: the runner also loads the spec (to list its tests) and must
  // leave nothing behind.
  const copy = path.join(os.tmpdir(), `maxai-studio-${randomUUID()}`)
  const soldItemsFile = path.join(copy, "content", "sold-items.json")
  let server
  let port
  let browser

  test.beforeAll(async ({ browser: systemChromium }) => {
    fs.mkdirSync(copy)
    fs.cpSync(path.join(ROOT, "content"), path.join(copy, "content"), { recursive: true })
    port = await freePort()
    server = spawn(process.execPath, [path.join(ROOT, "node_modules/decap-server/dist/index.js")], {
      env: { ...process.env, PORT: String(port), GIT_REPO_DIRECTORY: copy, MODE: "fs", LOG_LEVEL: "warn" },
      stdio: "inherit",
    })
    for (let tick = 0; tick < 50; tick += 1) {
      const answer = await fetch(`http://localhost:${port}/api/v1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"action":"info"}',
      }).catch(() => null)
      if (answer?.ok) break
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    browser = systemChromium
  })

  test.afterAll(async () => {
    server?.kill()
    fs.rmSync(copy, { recursive: true, force: true })
  })

  const readSoldItems = () => JSON.parse(fs.readFileSync(soldItemsFile, "utf8"))
  const readSoldItemsIfWhole = () => {
    try {
      return readSoldItems()
    } catch (error) {
      if (error instanceof SyntaxError) return null
      throw error
    }
  }

  return {
    /** The copy of content/'s parent folder decap-server writes into. */
    copy,
    soldItemsFile,
    readSoldItems,

    /** The preview pane's document. */
    preview: (page) => page.frameLocator("iframe").first(),

    /** The admin, told where decap-server listens the way `npm run edit`'s development site tells it. */
    async openAdmin(adminPath = "") {
      const opened = await openPage(browser, { viewport: { width: 1440, height: 900 } })
      await opened.page.route("**/__contenu/decap", (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ local_backend: { url: `http://localhost:${port}/api/v1` } }) }),
      )
      await opened.page.goto(`${BASE_URL}/admin/${adminPath}`)
      return opened
    },

    async login(page) {
      await page.getByRole("button", { name: "Se connecter" }).click({ timeout: 60000 })
      await page.getByText("Catalogue et listes").first().waitFor({ timeout: 60000 })
    },

    /** Waits until `check` holds for the file on disk (decap-server writes it on save). */
    async untilOnDisk(check) {
      for (let tick = 0; tick < 60; tick += 1) {
        // decap-server rewrites the file in place: a read in the middle finds it cut short.
        const data = readSoldItemsIfWhole()
        if (data && check(data)) return
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
      assert.fail("le fichier n'a pas été écrit")
    },

    /**
     * Waits until `file` exists and `read(file)` succeeds: decap-server writes an entry's file
     * first and its uploaded photos after it, so a photo may still be missing or half-written
     * when the entry already names it. Returns what `read` returned.
     */
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
        await new Promise((resolve) => setTimeout(resolve, 500))
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
  }
}
