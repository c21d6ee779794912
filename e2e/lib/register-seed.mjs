/** A register seeded for a browser test of the owner's rooms, by the register's own code (__tests__/helpers/register-seed.ts). */
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { ROOT } from "./studio.mjs"

/**
 * Writes `purchases` (`[{ request, seller: { surname, … } }]`, each the default purchase of its
 * request with those seller's fields) into the register at `dir`, unless it already holds entries.
 */
export function seedRegister(dir, purchases) {
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "__tests__/helpers/register-seed.ts", dir, JSON.stringify(purchases)], {
    cwd: ROOT,
    encoding: "utf8",
  })
  assert.equal(seeded.status, 0, seeded.stderr)
}
