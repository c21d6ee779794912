/**
 * Before any spec: the server on BASE_URL (started by the config's webServer, or one already
 * running outside CI) must let the suite's thousands of chat requests through, or every chat test
 * would fail on a 429 that says nothing about the site. After the run: the outbox and studio
 * folders the config made for this run are removed.
 */
import { rmSync } from "node:fs"
import { BASE_URL } from "./lib/browser.mjs"
import { assertChatRateLimitAllows } from "./lib/rate-limit.mjs"

export default async function globalSetup() {
  await assertChatRateLimitAllows(BASE_URL, 1000)
  return () => {
    if (process.env.E2E_REMOVE_LEADS_DIR === "1") rmSync(process.env.LEADS_DIR, { recursive: true, force: true })
    if (process.env.E2E_REMOVE_STUDIO_DIR === "1") rmSync(process.env.E2E_STUDIO_DIR, { recursive: true, force: true })
  }
}
