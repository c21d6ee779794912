/**
 * Jest's globalSetup: every temporary folder of a run (the tests', their servers', the processes
 * they start) is made inside one folder of its own, which run-temp-teardown.js removes when the
 * run ends, so that `npm test` leaves nothing in the system's temporary folder (it left about 170
 * folders a run). What must stay true: TMPDIR is set here, before jest starts its workers, which
 * inherit it like every process a test starts; os.tmpdir() reads it at each call.
 */
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")

module.exports = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "maxai-jest-"))
  process.env.MAXAI_JEST_RUN_TEMP = folder
  process.env.TMPDIR = folder
}
