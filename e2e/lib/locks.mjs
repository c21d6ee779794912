/**
 * Which tests may run at the same time (e2e/playwright.config.mjs runs two workers). A spec's tests
 * run beside any other test unless the spec takes one of these locks, at its top level:
 *
 * - `runAlone()`: the spec times something, stresses the served build or reads its process state
 *   (open descriptors, the upload folder, the largest paint): a test beside it would change what
 *   it measures, or be starved by it. Its tests run in order, while no other test runs.
 * - the studio lock, taken by `useStudio()` (lib/studio.mjs): the specs that drive the served
 *   studio share one copy of content/ (E2E_STUDIO_DIR) and its accounts, so they run one at a
 *   time, in order, beside the other specs.
 *
 * List the specs that run alone: `grep -l "runAlone()" e2e/*.spec.mjs`.
 */
import { test } from "@playwright/test"

/** Playwright's built-in lock: the test starts only when no other test runs, and none starts beside it. */
const EXCLUSIVE = "-exclusive-"
const STUDIO = "studio"

/** This spec's tests run in order, in one worker, while no other test runs. */
export function runAlone() {
  test.describe.configure({ mode: "default", lock: EXCLUSIVE })
}

/** This spec's tests run in order, in one worker, never beside another test of the studio. */
export function takeStudioLock() {
  test.describe.configure({ mode: "default", lock: STUDIO })
}
