/**
 * Names what failed, for the last lines of .ci/run: a reader who sees only the end of the log
 * (a CI page's tail) learns which jest test, which browser test and which bar to look at, each
 * with the first line of its error.
 *
 *   node .ci/failures.mjs <report.json …> [failed bar or step …]
 *
 * Each report is jest's (--json) or Playwright's (its json reporter), named in the lines by its
 * file's name: `jest-shifted.json` → « jest-shifted ✘ … » (the pass at another date).
 */
import fs from "node:fs"
import { stripVTControlCharacters } from "node:util"

const args = process.argv.slice(2)
const reports = args.filter((arg) => arg.endsWith(".json"))
const others = args.filter((arg) => !arg.endsWith(".json"))
const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"))
  } catch {
    return null
  }
}
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ""))
    .split("\n")
    .map((line) => line.trim())
    .find(Boolean)
    ?.slice(0, 200) ?? ""

const lines = []
const jestLines = (report, label) => {
  for (const file of report.testResults) {
    const name = file.name.replace(`${process.cwd()}/`, "")
    const failed = file.assertionResults.filter((test) => test.status === "failed")
    for (const test of failed) lines.push(`${label} ✘ ${name} › ${test.fullName} — ${firstLine(test.failureMessages[0])}`)
    // A file that did not run at all (syntax error, failed import) has no failed test of its own.
    if (file.status === "failed" && failed.length === 0) lines.push(`${label} ✘ ${name} — ${firstLine(file.message)}`)
  }
}

const e2eLines = (report, label) => {
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue
        const error = test.results.find((result) => result.status !== "passed")?.error?.message
        const verdict = test.status === "flaky" ? "instable (réussi au second essai)" : "échoué"
        lines.push(`${label} ✘ ${spec.file} › ${[...titles, spec.title].join(" › ")} [${verdict}] — ${firstLine(error)}`)
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title])
  }
  for (const suite of report.suites) walk(suite, [])
}

for (const file of reports) {
  const report = readJson(file)
  const label = file.replace(/^.*\//, "").replace(/\.json$/, "")
  if (Array.isArray(report?.testResults)) jestLines(report, label)
  else if (Array.isArray(report?.suites)) e2eLines(report, label)
}

for (const name of others) lines.push(`✘ ${name}`)

if (lines.length > 0) console.log(`\nEn échec :\n${lines.map((line) => `  ${line}`).join("\n")}`)
