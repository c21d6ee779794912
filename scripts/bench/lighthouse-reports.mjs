/**
 * What lighthouse.mjs keeps of its loads: the reports in artifacts/lighthouse/ and the audits
 * that cost the site points.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { computeMedianRun } from "lighthouse/core/lib/median-run.js"
import { ROOT } from "./lib.mjs"

/** Where the reports go, from the project's root. */
export const REPORTS_DIR = path.join("artifacts", "lighthouse")

/** The load Lighthouse itself would pick as the median one (closest to the median FCP and TTI). */
export function medianLoad(results) {
  const lhr = computeMedianRun(results.map((result) => result.lhr))
  return results.find((result) => result.lhr === lhr) ?? results[0]
}

/** `<prefix>.html` and `<prefix>.json` of one load. */
export function writeReport(prefix, { report }) {
  const dir = path.join(ROOT, REPORTS_DIR)
  mkdirSync(dir, { recursive: true })
  writeFileSync(path.join(dir, `${prefix}.html`), report[0])
  writeFileSync(path.join(dir, `${prefix}.json`), report[1])
}

/** Audits that cost the site points, to say why a category is below 100. */
export function failingAudits(lhr) {
  const lines = []
  for (const [id, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && audit.score !== null && audit.score < 1)
        lines.push(`${id} › ${ref.id} (${audit.score}) ${audit.displayValue ?? ""} ${audit.title}`.trim())
    }
  }
  return lines
}
