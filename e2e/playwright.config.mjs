/**
 * `npm run test:e2e`: the browser tests and the server's fault suite, on @playwright/test with the
 * system Chromium, against the served build (`npm run build` first).
 *
 * The webServer starts that build the way CI needs it: the chat rate limit far above the
 * thousands of requests the suite sends from 127.0.0.1 (it stays on, so its headers are checked),
 * bodies cut after 2 s (the fault suite's slow uploads end quickly), the estimate rate limit off
 * (its 429 is covered by jest), the outbox in a temporary LEADS_DIR that the specs read to find
 * the requests they sent, and the anti-spam proof-of-work on (LEADS_PROOF_OF_WORK=on, forced so
 * a value in the caller's environment cannot turn it off): the browser specs prove that forms
 * solve it, proof-of-work.spec.mjs that posts without it are refused. A server already listening on BASE_URL is reused outside CI; the global
 * setup refuses one whose chat limit would answer the suite 429.
 *
 * Two workers, one per core, tests spread across both (fullyParallel): each test takes its
 * worker's page made clean again (reusedPage, lib/browser.mjs) or a context of its own (openPage),
 * asserts only on what it created (its own e-mail address in the shared outbox)
 * and waits for the state it checks, so it can run beside any other. One lock (lib/locks.mjs)
 * keeps apart what cannot: a spec that times something, stresses the server or reads its process
 * state calls `runAlone()` and runs while nothing else does (in practice at the end). The specs
 * that drive the studio start a server of their own on their own copy of content/ (`useStudio()`,
 * lib/studio.mjs), so they run beside the others. A new spec runs in parallel.
 */
import { defineConfig } from "@playwright/test"
import { mkdtempSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { BASE_URL, CHROMIUM, CHROMIUM_ARGS, CHROMIUM_ENV } from "./lib/browser.mjs"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")

// Set once in the runner, before its worker starts: the worker inherits it and, loading this file
// again, keeps it, so the served build and the specs read the same folder. A folder made here is
// removed after the run (global-setup.mjs); one given in LEADS_DIR is left to whoever gave it.
if (!process.env.LEADS_DIR) {
  process.env.LEADS_DIR = mkdtempSync(path.join(os.tmpdir(), "maxai-e2e-leads-"))
  process.env.E2E_REMOVE_LEADS_DIR = "1"
}
// The studio specs' copies of content/ and accounts (e2e/lib/studio.mjs), and the served build's
// own studio (never the repo's content/), in this folder, removed after the run like the outbox.
if (!process.env.E2E_STUDIO_DIR) {
  process.env.E2E_STUDIO_DIR = mkdtempSync(path.join(os.tmpdir(), "maxai-e2e-studio-"))
  process.env.E2E_REMOVE_STUDIO_DIR = "1"
}

// The name of this run's report and results under artifacts/ (.ci/run's pass at another date: e2e-shifted).
const REPORT = process.env.E2E_REPORT ?? "e2e"

/**
 * The specs that make offers, payments, reminders, the register and the stock's exports: the ones
 * whose pages and files are dated. E2E_DATED=only runs them alone, E2E_DATED=skip all the others;
 * .ci/run runs the others at the machine's date and these at another (docs/testing.md#the-two-passes-at-a-shifted-moment).
 */
const DATED_SPECS = ["buyback.spec.mjs", "buyback-offers.spec.mjs", "buyback-walk.spec.mjs", "buyback-trust.spec.mjs", "register.spec.mjs", "stock.spec.mjs"]
const DATED_CHOICES = { "": { testMatch: "*.spec.mjs" }, only: { testMatch: DATED_SPECS }, skip: { testMatch: "*.spec.mjs", testIgnore: DATED_SPECS } }
const dated = DATED_CHOICES[process.env.E2E_DATED ?? ""]
if (!dated) throw new Error(`E2E_DATED=${process.env.E2E_DATED} : « only », « skip » ou rien`)

// The served build's body timeout, set here so the fault suite (in the worker) knows it too.
process.env.BODY_TIMEOUT_MS ??= "2000"

export default defineConfig({
  testDir: ".",
  ...dated,
  outputDir: path.join(ROOT, "artifacts", `${REPORT}-results`),
  globalSetup: "./global-setup.mjs",
  workers: 2,
  fullyParallel: true,
  reportSlowTests: null,
  // In CI a failed test runs once more, recording its trace (below); it still counts as a failure
  // (.ci/run adds Playwright's "flaky" to the failed), so a retry never turns a race green.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Some tests walk every section in turn or wait out real timers (the splash, the toasts, the
  // server's body timeout): the longest take about 50 s on two cores with another test beside.
  timeout: 120_000,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: path.join(ROOT, "artifacts", `${REPORT}.json`) }]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    // Only the retry of a failed test records a trace (artifacts/e2e-results/<test>-retry1/trace.zip:
    // npx playwright show-trace): recording every test's DOM snapshots took a fifth of the suite's
    // CPU. Locally, `npm run test:e2e -- --trace on` records them all.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS, env: CHROMIUM_ENV },
  },
  webServer: {
    command: "npm run serve",
    cwd: ROOT,
    url: BASE_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: new URL(BASE_URL).port || "80",
      CHAT_RATE_LIMIT: "1000000",
      BODY_TIMEOUT_MS: process.env.BODY_TIMEOUT_MS,
      ESTIMATE_RATE_LIMIT: "off",
      LEADS_DIR: process.env.LEADS_DIR,
      DATABASE_PATH: path.join(process.env.E2E_STUDIO_DIR, "shop.sqlite"),
      LEADS_PROOF_OF_WORK: "on",
      STUDIO_SITE_DIR: path.join(process.env.E2E_STUDIO_DIR, "site"),
      STUDIO_ACCOUNTS: path.join(process.env.E2E_STUDIO_DIR, "studio-accounts.json"),
      // Nothing republishes the site the other specs read: only studio-publish.spec.mjs
      // republishes, on a server of its own.
      STUDIO_PUBLISH: "off",
    },
  },
})
