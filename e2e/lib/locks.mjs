/**
 * Which tests may run at the same time (e2e/playwright.config.mjs runs two workers). A spec's tests
 * run beside any other test unless the spec calls `runAlone()` at its top level: it times
 * something, stresses the served build or reads its process state (open descriptors, the upload
 * folder, the largest paint), so a test beside it would change what it measures, or be starved by
 * it. Its tests run in order, while no other test runs.
 *
 * The studio specs need no lock: each has its own copy of content/ and its own server
 * (`useStudio()`, lib/studio.mjs); those that really publish share a publication folder, one at a
 * time (`usePublishingStudio()`, lib/publishing-studio.mjs, its own lock).
 *
 * List the specs that run alone: `grep -l "runAlone()" e2e/*.spec.mjs`.
 */
import { test } from "@playwright/test"

/** Playwright's built-in lock: the test starts only when no other test runs, and none starts beside it. */
const EXCLUSIVE = "-exclusive-"

/** This spec's tests run in order, in one worker, while no other test runs. */
export function runAlone() {
  test.describe.configure({ mode: "default", lock: EXCLUSIVE })
}
