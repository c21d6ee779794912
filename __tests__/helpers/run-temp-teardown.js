/** Jest's globalTeardown: removes the run's temporary folder (run-temp-setup.js says why). */
const fs = require("node:fs")

module.exports = () => {
  const folder = process.env.MAXAI_JEST_RUN_TEMP
  if (folder) fs.rmSync(folder, { recursive: true, force: true })
}
